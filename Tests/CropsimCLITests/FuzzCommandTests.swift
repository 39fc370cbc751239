import Foundation
import Testing

/// `cropsim fuzz`'s summary groups failures, and a find that cannot be saved is an error line,
/// never lost in silence.
@Suite struct FuzzCommandTests {
    /// The planted property ("no light impact, ever") fails in nearly every campaign.
    @Test func theSummaryGroupsFailuresByKindAndPlace() throws {
        let tmp = try TemporaryFolder()
        let run = try AssertExecuteCommand(["fuzz", "--seed", "4", "--runs", "40", "--plant", "--jobs", "2", "--out", tmp.path("fz")], exitCode: 1)
        let summary = try json(run.stdout)
        let groups = try #require(summary["failures"] as? [[String: Any]])
        let keys = groups.map { "\($0["failure"] ?? "")\t\($0["place"] ?? "")" }
        #expect(Set(keys).count == keys.count && keys == keys.sorted())
        let failing = try #require(summary["failingRuns"] as? Int)
        #expect(groups.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } >= failing)
        #expect(failing > groups.count)
        #expect(groups.allSatisfy { ($0["example"] as? [String: Any])?["failure"] as? String == $0["failure"] as? String })
        #expect(summary["unsaved"] as? Int == 0)
    }

    /// The file-size limit stands in for a full disk; the folder already holds its marker, so
    /// only saving the finds fails: one line each, exit 3, and the summary counts them.
    @Test func findsThatCannotBeSavedAreErrorLines() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("cropsim-finds 1\n", to: "fz-full/.cropsim-finds")
        let (bash, arguments) = underShell(#"trap "" XFSZ; ulimit -f 0; exec "$0" "$@""#,
                                           ["fuzz", "--seed", "4", "--runs", "40", "--plant", "--jobs", "2", "--out", tmp.path("fz-full")])
        let run = try execute(arguments, executable: bash)
        #expect(run.status == 3)
        let lines = run.stderrLines
        #expect(!lines.isEmpty)
        let folder = tmp.path("fz-full")
        for line in lines {
            #expect(line.wholeMatch(of: /error: a \w+ find was not saved: (.+)\/[^\/]+\.json: cannot write: File too large/)?.output.1 == folder[...],
                    "\(line)")
        }
        #expect(try json(run.stdout)["unsaved"] as? Int == lines.count)
    }
}
