import CropTestSupport
import Foundation
import Testing

/// `cropsim fuzz merge` keeps one find per failure signature, the smallest, whatever the order of
/// the campaigns; it never replaces a file and refuses invalid finds writing nothing.
@Suite struct FuzzMergeTests {
    @Test func oneFindPerSignatureTheSmallestInAnyOrder() throws {
        let tmp = try TemporaryFolder()
        let regressions = Repository.path("Scenarios/regressions")
        let finds = try FileManager.default.contentsOfDirectory(atPath: regressions).filter { $0.hasSuffix(".json") }
            .sorted()
        try FileManager.default.createDirectory(atPath: tmp.path("c3"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: regressions, toPath: tmp.path("c1"))
        for find in finds where find.hasPrefix("focal") {
            try tmp.write(String(contentsOfFile: "\(regressions)/\(find)", encoding: .utf8), to: "c2/\(find)")
        }
        // The same find, smaller: runs of spaces squeezed.
        let small = try #require(finds.last)
        try tmp.write(
            try String(contentsOfFile: "\(regressions)/\(small)", encoding: .utf8).replacing(/\ +/, with: " "),
            to: "c3/\(small)")

        func merge(_ campaigns: [String], into: String) throws -> Int32 {
            try execute(["fuzz", "merge"] + campaigns.map(tmp.path) + ["--into", tmp.path(into)]).status
        }
        #expect(try merge(["c3", "c1", "c2"], into: "r1") == 1, "new finds: exit 1")
        #expect(try merge(["c2", "c1", "c3"], into: "r2") == 1)
        #expect(try merge(["c1", "c2", "c3"], into: "r1") == 0, "nothing new: exit 0")

        let r1 = try ReportFiles(tmp.url("r1")), r2 = try ReportFiles(tmp.url("r2"))
        #expect(r1.paths == r2.paths)
        for path in r1.paths {
            #expect(try r1.data(path) == r2.data(path), "\(path) depends on the order of the campaigns")
        }
        #expect(try tmp.contents("r1").filter { !$0.hasPrefix(".") } == finds, "not one file per signature")
        #expect(try tmp.read("r1/\(small)") == tmp.read("c3/\(small)"), "the smallest copy was not kept")

        _ = try execute(["run", tmp.path("r1"), "--quiet", "--jobs", "2", "--report-dir", tmp.path("rr")])
        #expect(tmp.exists("rr/summary.json"), "the merged finds do not run as scenarios")
    }

    @Test func anInvalidFindOrAMissingFolderIsRefused() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Repository.path("Scenarios/regressions"), toPath: tmp.path("c1"))
        try tmp.write(#"{ "name": "broken", "#, to: "c2/broken-find.json")
        try AssertExecuteCommand(
            ["fuzz", "merge", tmp.path("c1"), tmp.path("c2"), "--into", tmp.path("r3")], exitCode: 2,
            errorContaining: "broken-find.json")
        #expect(!tmp.exists("r3"), "fuzz merge wrote something despite an invalid find")
        try AssertExecuteCommand(
            ["fuzz", "merge", tmp.path("nothing"), "--into", tmp.path("r3")], exitCode: 2,
            errorContaining: tmp.path("nothing"))
    }
}
