import CropFiles
import CropLogs
import CropReport
import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The top files merged from a `ScenarioSpool` (issue 36: a run keeps its scenarios' summaries on
/// disk, not in memory) are byte for byte the documents drawn whole from the same results held in
/// memory: passing, failing, not applicable, sub-pixel and unmeasured scenarios, kept in any order.
@Suite struct SpooledReportTests {
    /// What a sink was given, in order.
    struct Collected: TextSink {
        var bytes: [UInt8] = []
        mutating func write(_ more: UnsafeRawBufferPointer) throws(OutputError) { bytes += more }
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Five scenarios: passing, failing an expectation, not applicable, sub-pixel, unmeasured.
    func finished() throws -> [FinishedScenario] {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent("gestures").path])
        var results = loaded.scenarios.prefix(5).map { Simulator.run($0) }
        try #require(results.count == 5 && results.allSatisfy(\.passed))
        results[1].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected \"1\" <b>"))
        results[2].notApplicable = "needs rotation"
        results[3].subPixel = [
            Violation(
                property: .panFollowsFinger, tick: 9, time: 0.15, message: "off by 0.0015 device px",
                magnitude: Magnitude(devicePixels: 0.0015))
        ]
        results[3].subPixelCounts = [.panFollowsFinger: 1]
        results[4].modelNanoseconds = results[4].modelNanoseconds.map { _ in 0 }
        return results.enumerated().map { FinishedScenario($0.element, wallSeconds: [0.25, 0.5, 0, 1.5, 2][$0.offset]) }
    }

    /// Kept out of order, as `--jobs` threads finish them, with one extra part each.
    func spool(_ finished: [FinishedScenario], in folder: String) throws -> ScenarioSpool {
        let spool = try ScenarioSpool(count: finished.count, extraParts: 1, in: folder, shownAs: folder)
        for i in [3, 0, 4, 2, 1] where i < finished.count {
            try spool.keep(i, finished[i], extra: ["extra \(i)\n"])
        }
        return spool
    }

    @Test func theMergedFilesAreTheFilesWrittenWhole() throws {
        let temporary = try TemporaryFolder("spool"), folder = temporary.path
        let finished = try finished()
        let model = ModelReport(finished[0].result.model, command: "an editor")
        let spool = try spool(finished, in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the spool has no name")
        let ids = finished.map(\.result.scenario.id) + ["not-run/in-this-shard"]
        // Drawn whole: the page from every row, the rows file, the p95 of the measured runs.
        let rows = SummaryRows(suite: .init(ids: ids), rows: finished.map { SummaryRow($0.result) })
        let whole = [
            "index.html": HTMLReport.render(rows: rows.rows, model: model), SummaryRows.fileName: rows.text,
            "timings.js": HTMLReport.timings(
                p95: finished.filter(\.measured).map { ($0.result.scenario.id, $0.timing.p95Ns) })
        ]
        func merged(_ write: (inout Collected) throws(OutputError) -> Void) throws -> String {
            var sink = Collected()
            try write(&sink)
            return sink.text
        }
        #expect(
            try merged { s throws(OutputError) in try spool.writeSummary(model: model, into: &s) }
                == Summary(finished, model: model).json())
        #expect(
            try merged { s throws(OutputError) in try spool.writeJUnit(into: &s) }
                == JUnitReport.xml(finished.map(\.result), wallSeconds: finished.wallSeconds))
        #expect(
            try merged { s throws(OutputError) in try spool.writeIndex(model: model, into: &s) } == whole["index.html"])
        #expect(
            try merged { s throws(OutputError) in try spool.writeRows(suite: .init(ids: ids), into: &s) }
                == whole[SummaryRows.fileName])
        #expect(try merged { s throws(OutputError) in try spool.writeTimings(into: &s) } == whole["timings.js"])
        let index = try merged { s throws(OutputError) in try spool.writeIndex(model: model, into: &s) }
        #expect(
            index.contains("\"id\":\"\(ids[1])\"") && index.contains("<title>cropsim report: 3 of 5 passed</title>"))
        let extras = try merged { s throws(OutputError) in
            try spool.writeParts(ScenarioSpool.firstExtraPart, of: spool.records, into: &s)
        }
        #expect(extras == "extra 0\nextra 1\nextra 2\nextra 3\nextra 4\n")
    }

    /// A run without scenarios merges the files a run without results writes.
    @Test func anEmptySpoolMergesEmptyFiles() throws {
        let temporary = try TemporaryFolder("spool"), folder = temporary.path
        let spool = try spool([], in: folder)
        var summary = Collected(), timings = Collected()
        try spool.writeSummary(model: nil, into: &summary)
        try spool.writeTimings(into: &timings)
        #expect(summary.text == (try Summary([FinishedScenario](), model: nil).json()))
        #expect(timings.text == HTMLReport.timings(p95: []))
    }
}
