import CropFiles
import CropReport
import CropReportDiff
import CropScenario
import CropSim
import CropTestSupport
import Foundation
import Testing

/// `report diff` on reports written as `cropsim run` writes them (`WrittenReport`) for real runs (here, beside the writer: no
/// target but the command line imports CropReport). Two scenarios of the suite, and the same two
/// with the pinch of one ending at 500 pt instead of 600 pt: only that scenario may be named,
/// from the first tick at which the simulator's own frames part. And a report of non-finite
/// poses (issue 34) is read back and diffed.
struct ReportDiffRoundTripTests {
    static let root = Repository.root
    static let pinch = "gestures/pinch-out-to-max", tap = "gestures/double-tap-anchored"

    func scenario(_ id: String, replacing: (String, String)? = nil) throws -> Scenario {
        var text = try String(contentsOf: Self.root.appendingPathComponent("Scenarios/\(id).json"), encoding: .utf8)
        if let (old, new) = replacing {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try ScenarioParser.parse(Array(text.utf8), file: id + ".json", id: id)
    }

    func report(_ results: [RunResult], in folder: URL, _ name: String) throws -> ReportReader {
        let path = folder.appendingPathComponent(name).path
        try WrittenReport.write(results, to: path)
        return try ReportReader(path)
    }

    func diff(_ a: ReportReader, _ b: ReportReader) throws -> ReportDiff {
        var diff = ReportDiff(a: a.folder, b: b.folder)
        for id in Set(a.ids).union(b.ids).sorted() {
            diff.add(a.entries[id] == nil ? nil : try a.logs(id), b.entries[id] == nil ? nil : try b.logs(id))
        }
        return diff
    }

    @Test func aChangedPinchIsNamedFromItsFirstDifferingTick() throws {
        let temporary = try TemporaryFolder("diff-tests"), folder = temporary.url
        let before = [try scenario(Self.pinch), try scenario(Self.tap)].map { Simulator.run($0) }
        let after = [try scenario(Self.pinch, replacing: ("\"to\": 600", "\"to\": 500")), try scenario(Self.tap)].map {
            Simulator.run($0)
        }
        let a = try report(before, in: folder, "a"), a2 = try report(before, in: folder, "a2"),
            b = try report(after, in: folder, "b")

        #expect(try diff(a, a2).isIdentical)

        let changed = try diff(a, b)
        #expect(changed.identical == [Self.tap])
        #expect(changed.changed.map(\.diff.id) == [Self.pinch])
        let firstParted = zip(before[0].frames, after[0].frames).first { $0.pose != $1.pose }?.0.tick
        #expect(firstParted != nil)
        #expect(changed.changed.first?.diff.pose?.firstTick == firstParted)
        let maxScale = zip(before[0].frames, after[0].frames).map { abs($0.pose.scale - $1.pose.scale) }.max() ?? 0
        #expect(abs((changed.changed.first?.diff.pose?.maxScale ?? 0) - maxScale) < 1e-9)
    }

    @Test func aScenarioFolderThatIsALinkIsRefused() throws {
        let temporary = try TemporaryFolder("diff-link"), folder = temporary.url
        let a = try report([Simulator.run(try scenario(Self.tap))], in: folder, "a")
        let scenarioFolder = folder.appendingPathComponent("a/scenarios/\(Self.tap)")
        try FileManager.default.moveItem(at: scenarioFolder, to: folder.appendingPathComponent("elsewhere"))
        try FileManager.default.createSymbolicLink(
            at: scenarioFolder, withDestinationURL: folder.appendingPathComponent("elsewhere"))
        #expect(throws: OutputError.self) { try a.logs(Self.tap) }
    }

    @Test func aReportOfNonFinitePosesIsReadBackAndDiffed() throws {
        let temporary = try TemporaryFolder("diff-nan"), folder = temporary.url
        let id = "gestures/double-tap-anchored"
        let text = try String(contentsOf: Self.root.appendingPathComponent("Scenarios/\(id).json"), encoding: .utf8)
        let good = Simulator.run(try ScenarioParser.parse(Array(text.utf8), file: id + ".json", id: id))
        var bad = good
        bad.frames[3].pose.scale = .nan
        bad.frames[4].pose.translation.x = .infinity
        try WrittenReport.write([good], to: folder.appendingPathComponent("a").path)
        try WrittenReport.write([bad], to: folder.appendingPathComponent("b").path)
        let a = try ReportReader(folder.appendingPathComponent("a").path),
            b = try ReportReader(folder.appendingPathComponent("b").path)
        let logs = try b.logs(id)
        #expect(logs.frames[3].scale.isNaN && logs.frames[4].tx == .infinity)
        #expect(ScenarioDiff.compare(logs, logs).isIdentical)
        let d = ScenarioDiff.compare(try a.logs(id), logs)
        #expect(d.pose?.firstTick == good.frames[3].tick)
        #expect(d.pose?.maxScale == .infinity)
    }
}
