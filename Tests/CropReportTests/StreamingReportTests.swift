import CropFiles
import CropLogs
import CropReport
import CropScenario
import CropSim
import CropTestSupport
import Foundation
import Testing

/// A report written while its scenarios run (`ReportWriter.stream`, issue 36): the same files
/// whatever order the scenarios finish in, a run keeping only `FinishedScenario`s, and
/// `trace.json` kept where the writer's `traces` says.
@Suite struct StreamingReportTests {
    func run() -> [RunResult] {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent("gestures").path])
        #expect(loaded.errors.isEmpty)
        return loaded.scenarios.prefix(3).map { Simulator.run($0) }
    }

    /// Every file of the folder by its path below it, with its bytes.
    func contents(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                out[path] = try Data(contentsOf: url)
            }
        }
        return out
    }

    /// What a run keeps holds nothing per tick, but every number the summary shows.
    @Test func aFinishedScenarioKeepsTheSummaryNotTheTicks() throws {
        var r = try #require(run().first)
        r.failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected 1"))
        let kept = FinishedScenario(r, wallSeconds: 0.25)
        #expect(!r.frames.isEmpty && !r.modelNanoseconds.isEmpty && !r.scenario.steps.isEmpty)
        #expect(
            kept.result.frames.isEmpty && kept.result.modelNanoseconds.isEmpty && kept.result.scenario.steps.isEmpty)
        #expect(kept.timing == FrameTimingStatistics(r.modelNanoseconds))
        #expect(kept.result.hapticCounts == r.hapticCounts && kept.result.firstProblem == r.firstProblem)
        #expect(kept.result.failed && kept.wallSeconds == 0.25)
        let full = try Summary([r], wallSeconds: [r.scenario.id: 0.25]).json()
        #expect(try Summary([kept]).json() == full)
    }

    /// `summary.json` encoded entry by entry is the document `JSONEncoder` writes whole, for
    /// passing, failing, refused and sub-pixel entries, and for none.
    @Test func theSummaryEncodedEntryByEntryIsTheWholeDocument() throws {
        var results = run()
        results[0].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected \"1\"\n/ got 2"))
        results[1].rejection = "too small"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for summary in [Summary(results, wallSeconds: [:]), Summary([], wallSeconds: [:])] {
            let whole = String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n"
            #expect(try summary.json() == whole)
        }
    }

    /// Scenarios written one by one from several threads, last first, the top files last: the
    /// bytes of the same results written in order on one thread.
    @Test func theOrderScenariosFinishInChangesNoByte() throws {
        let results = run()
        let temporary = try TemporaryFolder("stream"), parent = temporary.url
        let inOrder = parent.appendingPathComponent("in-order"), streamed = parent.appendingPathComponent("streamed")
        try WrittenReport.write(results, to: inOrder.path)
        try WrittenReport.write(results, to: streamed.path, jobs: 3, reversed: true)
        let expected = try contents(inOrder), got = try contents(streamed)
        #expect(got.keys.sorted() == expected.keys.sorted())
        for (path, bytes) in expected {
            #expect(got[path] == bytes, "\(path) differs")
        }
    }

    /// A run that fails while streaming leaves the previous report, and nothing beside it but
    /// the lock; a bad id is refused before the run starts.
    @Test func aFailedStreamLeavesThePreviousReport() throws {
        let results = run()
        let temporary = try TemporaryFolder("stream"), parent = temporary.url
        let folder = parent.appendingPathComponent("latest")
        try WrittenReport.write(Array(results.prefix(1)), to: folder.path)
        let before = try contents(folder)
        let writer = ReportWriter(path: folder.path)
        #expect(throws: OutputError.self) {
            try writer.stream(ids: results.map(\.scenario.id)) { sink throws(OutputError) in
                try sink.write(results[1])
                throw OutputError(.failed, "the run broke")
            }
        }
        var ran = false
        #expect(throws: OutputError.self) {
            try writer.stream(ids: ["../escape"]) { _ throws(OutputError) in ran = true }
        }
        #expect(!ran)
        #expect(try contents(folder) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".latest.lock", "latest"])
    }

    /// `traces: .failed` keeps `trace.json` for failed scenarios only; every other file stays.
    @Test func tracesAreKeptForFailuresUnlessAllAreAskedFor() throws {
        var results = run()
        results[0].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected 1"))
        let temporary = try TemporaryFolder("stream"), parent = temporary.url
        for traces in ReportWriter.Traces.allCases {
            try WrittenReport.write(results, to: parent.appendingPathComponent(traces.rawValue).path, traces: traces)
            for r in results {
                let folder = parent.appendingPathComponent(traces.rawValue).appendingPathComponent("scenarios")
                    .appendingPathComponent(r.scenario.id)
                let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                #expect(names.contains("trace.json") == (traces == .all || r.failed), "\(traces) \(r.scenario.id)")
                #expect(names.contains("frames.jsonl") && names.contains("frame-timing.jsonl"))
            }
        }
    }
}
