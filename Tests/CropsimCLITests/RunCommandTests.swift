import CropTestSupport
import Foundation
import Testing

/// `cropsim run` and `validate`: exit codes 0, 1 and 2, the one-line messages that name a
/// scenario's file, line, column and JSON path, and JUnit's failures.
@Suite struct RunCommandTests {
    @Test func aPassingSuiteExitsZeroAndARerunReplacesTheReport() throws {
        let tmp = try TemporaryFolder()
        let count = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Scenarios/gestures")).filter {
            $0.hasSuffix(".json")
        }.count
        try AssertExecuteCommand(
            ["run", "Scenarios/gestures", "--jobs", "2", "--report-dir", tmp.path("report")],
            stdout: "\(count) passed, 0 failed")
        try AssertExecuteCommand([
            "run", "Scenarios/gestures", "--jobs", "2", "--report-dir", tmp.path("report"), "--filter", "pinch"
        ])
        let summary = try json(tmp.read("report/summary.json"))
        let ids = try #require(summary["scenarios"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect((1..<count).contains(ids.count))
        #expect(try tmp.contents() == [".report.lock", "report"], "staging left behind")
    }

    @Test func anInvalidScenarioIsExitTwoWithItsPlaceAndNoReport() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Repository.path("Tests/Fixtures/bad-scenarios/schema-rejects/negative-duration.json"),
            toPath: tmp.path("bad.json"))
        let message =
            "error: \(tmp.path("bad.json")):3:81: $.steps[0].drag.duration: times and durations must be ≥ 0, got -0.2"
        try AssertExecuteCommand(
            ["run", tmp.path("bad.json"), "--report-dir", tmp.path("r")], exitCode: 2, error: message)
        #expect(!tmp.exists("r"), "a report was written for bad input")
        try AssertExecuteCommand(["validate", tmp.path("bad.json")], exitCode: 2, error: message)
    }

    @Test func aMissingFileIsExitTwo() throws {
        let tmp = try TemporaryFolder()
        try AssertExecuteCommand(
            ["run", tmp.path("nope.json"), "--report-dir", tmp.path("r")], exitCode: 2,
            error: "error: \(tmp.path("nope.json")):0:0: $: no such file or folder")
    }

    @Test func aFailingScenarioIsExitOneNamingTheExpectation() throws {
        let tmp = try TemporaryFolder()
        try tmp.write(try Sandbox.failingScenario(), to: "wrong.json")
        try AssertExecuteCommand(
            ["run", tmp.path("wrong.json"), "--report-dir", tmp.path("r"), "--junit", tmp.path("j.xml")], exitCode: 1,
            stdout: #"$.expect.hapticSequence: expected ["zoomMax", "zoomMax"], got ["zoomMax"]"#)
        #expect(try tmp.read("j.xml").contains("<failure message="))
    }

    @Test func aBadShardIsExitTwo() throws {
        try AssertExecuteCommand(
            ["run", "Scenarios", "--shard", "3/2"], exitCode: 2,
            error: "error: The value '3/2' is invalid for '--shard <shard>'")
    }

    /// Shards are disjoint and together exactly the suite, as `--json` lists them.
    @Test func shardsAreDisjointAndTogetherTheSuite() throws {
        let tmp = try TemporaryFolder()
        func ids(_ extra: [String], _ folder: String) throws -> [String] {
            let run = try AssertExecuteCommand(
                ["run", "Scenarios/gestures", "--json", "--jobs", "2", "--report-dir", tmp.path(folder)] + extra)
            return try #require(try json(run.stdout)["scenarios"] as? [[String: Any]]).compactMap {
                $0["id"] as? String
            }
        }
        let shards = try (1...3).map { try ids(["--shard", "\($0)/3"], "s\($0)") }
        let all = try ids([], "all")
        #expect(shards.allSatisfy { !$0.isEmpty })
        #expect(shards.flatMap { $0 }.sorted() == all.sorted())
        #expect(Set(shards.flatMap { $0 }).count == all.count)
    }

    @Test func progressAndReplayOptionsAreRangeChecked() throws {
        try AssertExecuteCommand(
            ["run", "Scenarios/gestures", "--report-dir", "/nonexistent/r", "--progress-interval", "0"], exitCode: 2,
            error: "error: --progress-interval must be a number in 0.001…3600, got 0")
        try AssertExecuteCommand(
            ["fuzz", "--runs", "1", "--out", "/nonexistent/f", "--replay-every", "0"], exitCode: 2,
            errorContaining: "--replay-every")
    }
}
