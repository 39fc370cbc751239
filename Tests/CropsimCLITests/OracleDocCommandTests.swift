import CropTestSupport
import Foundation
import Testing

/// `cropsim oracle-doc`: the committed docs/properties.md is what it prints, and `--out` writes
/// the same bytes, replacing only a previous output of its own.
@Suite struct OracleDocCommandTests {
    @Test func outWritesWhatItPrintsAndReplacesItsOwnOutput() throws {
        let tmp = try TemporaryFolder()
        let printed = try AssertExecuteCommand(["oracle-doc"]).stdout
        #expect(
            printed == (try String(contentsOfFile: Repository.path("docs/properties.md"), encoding: .utf8)),
            "run: cropsim oracle-doc --out docs/properties.md")
        try AssertExecuteCommand(["oracle-doc", "--out", tmp.path("p.md")])
        try AssertExecuteCommand(["oracle-doc", "--out", tmp.path("p.md")])
        #expect(try tmp.read("p.md") == printed)
    }
}
