import CropTestSupport
import Foundation
import Testing

/// `cropsim fuzz`'s summary groups failures, and a find that cannot be saved is an error line,
/// never lost in silence.
@Suite struct FuzzCommandTests {
    /// The planted property ("no light impact, ever") fails in nearly every campaign.
    @Test func theSummaryGroupsFailuresByKindAndPlace() throws {
        let tmp = try TemporaryFolder()
        let run = try AssertExecuteCommand(
            ["fuzz", "--seed", "4", "--runs", "40", "--plant", "--jobs", "2", "--out", tmp.path("fz")], exitCode: 1)
        let summary = try json(run.stdout)
        let groups = try #require(summary["failures"] as? [[String: Any]])
        let keys = groups.map { "\($0["failure"] ?? "")\t\($0["place"] ?? "")" }
        #expect(Set(keys).count == keys.count && keys == keys.sorted())
        let failing = try #require(summary["failingRuns"] as? Int)
        #expect(groups.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } >= failing)
        #expect(failing > groups.count)
        #expect(
            groups.allSatisfy { ($0["example"] as? [String: Any])?["failure"] as? String == $0["failure"] as? String })
        #expect(summary["unsaved"] as? Int == 0)
    }

    /// The file-size limit stands in for a full disk; the folder already holds its marker, so
    /// only saving the finds fails: one line each, exit 3, and the summary counts them.
    @Test func findsThatCannotBeSavedAreErrorLines() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("cropsim-finds 1\n", to: "fz-full/.cropsim-finds")
        let (bash, arguments) = underShell(
            #"trap "" XFSZ; ulimit -f 0; exec "$0" "$@""#,
            ["fuzz", "--seed", "4", "--runs", "40", "--plant", "--jobs", "2", "--out", tmp.path("fz-full")])
        let run = try execute(arguments, executable: bash)
        #expect(run.status == 3)
        let lines = run.stderrLines
        #expect(!lines.isEmpty)
        let folder = tmp.path("fz-full")
        for line in lines {
            #expect(
                line.wholeMatch(
                    of: /error: a \w+ find was not saved: (.+)\/[^\/]+\.json: cannot write: File too large/)?.output.1
                    == folder[...],
                "\(line)")
        }
        #expect(try json(run.stdout)["unsaved"] as? Int == lines.count)
    }
}

/// Refusals and placement of finds against editors over the model protocol (issue 32).
@Suite struct FuzzModelCommandTests {
    static let python = ["--model", "\(Binaries.python3) Examples/python/main.py"]

    /// `--profile rotation` against an editor without twists drew only its drags and passed in
    /// silence: now one line, exit 2, before the folder of finds is made. A profile the model can
    /// draw from still runs, and a file of weights it cannot draw is refused the same way.
    @Test func aProfileThatDrawsNothingTheModelSupportsIsRefused() throws {
        let tmp = try TemporaryFolder()
        let fuzz = ["fuzz", "--seed", "1", "--runs", "2", "--quiet", "--out", tmp.path("fz")] + Self.python
        let run = try AssertExecuteCommand(fuzz + ["--profile", "rotation"], exitCode: 2)
        #expect(
            run.stderrLines == [
                "error: --profile rotation: draws nothing python-example 1.0 supports (its twist, rotate90 steps need the capabilities twist, rotate90, which it does not declare)"
            ])
        #expect(run.stdout.isEmpty && !FileManager.default.fileExists(atPath: tmp.path("fz")))
        try tmp.write(#"{"twist": 5, "rotate90": 1}"#, to: "turns.json")
        let file = try AssertExecuteCommand(fuzz + ["--profile", tmp.path("turns.json")], exitCode: 2)
        #expect(file.stderrLines.count == 1 && file.stderr.contains("draws nothing python-example 1.0 supports"))
        _ = try AssertExecuteCommand(fuzz + ["--profile", "pinch-heavy"])
        #expect(FileManager.default.fileExists(atPath: tmp.path("fz")))
    }

    /// An error reply to a step is filed under that step (safety, like any failure of the model
    /// as a program), not under "open", where judging had stopped before the failed request.
    @Test func aStepsErrorReplyIsFiledUnderTheStep() throws {
        let tmp = try TemporaryFolder()
        let reference = Binaries.cropsim.deletingLastPathComponent().appendingPathComponent("cropsim-reference-model")
            .path
        let model =
            "REFERENCE_MODEL='\(reference)' \(Binaries.python3) Tests/Fixtures/models/hostile_model.py steperror 0"
        let run = try AssertExecuteCommand(
            [
                "fuzz", "--seed", "3", "--runs", "6", "--jobs", "2", "--quiet", "--out", tmp.path("fz"),
                "--model", model
            ], exitCode: 1)
        let groups = try #require(try json(run.stdout)["failures"] as? [[String: Any]])
        #expect(!groups.isEmpty)
        for group in groups {
            #expect(
                group["failure"] as? String == "model-errorReply" && group["severity"] as? String == "safety",
                "\(group)")
            #expect(["open", "trace", "file"].allSatisfy { $0 != group["place"] as? String }, "\(group)")
        }
        let saved = try FileManager.default.contentsOfDirectory(atPath: tmp.path("fz")).filter { $0.hasSuffix(".json") }
        #expect(
            !saved.isEmpty && saved.allSatisfy { $0.hasPrefix("model-errorReply-") && !$0.hasSuffix("-open.json") },
            "\(saved)")
    }
}
