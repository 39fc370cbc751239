import CropTestSupport
import Foundation
import Testing

/// What a report folder may replace (a previous report, an empty folder, a report from before the
/// marker), that runs into one folder take turns, and that a report is the same bytes twice.
@Suite struct ReportFolderTests {
    @Test func aRunFillsAnEmptyFolderAndMarksIt() throws {
        let sandbox = try Sandbox()
        try AssertExecuteCommand(["run", "S", "--report-dir", "empty-dir"], in: sandbox.root)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("empty-dir/.cropsim-report")))
    }

    @Test func aFolderWithOnlyASummaryIsRefusedAndUntouched() throws {
        let sandbox = try Sandbox(), tmp = try TemporaryFolder()
        try tmp.write("{}", to: "not-legacy/summary.json")
        try AssertExecuteCommand(
            ["run", "S", "--report-dir", tmp.path("not-legacy")], in: sandbox.root, exitCode: 2,
            error:
                "error: \(tmp.path("not-legacy")): is a folder cropsim did not write (it has no .cropsim-report); refusing to replace it"
        )
        #expect(try tmp.contents("not-legacy") == ["summary.json"])
    }

    /// Reports from before the marker (a summary.json, a junit.xml and scenarios/) are replaced.
    @Test func aReportFromBeforeTheMarkerIsReplaced() throws {
        let sandbox = try Sandbox(), tmp = try TemporaryFolder()
        try tmp.write("{}", to: "legacy/summary.json")
        try tmp.write("<x/>", to: "legacy/junit.xml")
        try FileManager.default.createDirectory(
            atPath: tmp.path("legacy/scenarios/x"), withIntermediateDirectories: true)
        try AssertExecuteCommand(["run", "S", "--report-dir", tmp.path("legacy")], in: sandbox.root)
        #expect(tmp.exists("legacy/.cropsim-report") && !tmp.exists("legacy/scenarios/x"))
    }

    @Test func junitReplacesARegularFile() throws {
        let sandbox = try Sandbox(), tmp = try TemporaryFolder()
        try tmp.write("old\n", to: "j-old.xml")
        try AssertExecuteCommand(
            ["run", "S", "--report-dir", tmp.path("rj"), "--junit", tmp.path("j-old.xml")], in: sandbox.root)
        #expect(try tmp.read("j-old.xml").contains("<testsuites"))
    }

    /// Two runs into one folder at once take turns (flock): both pass, one whole report, no litter.
    @Test func concurrentRunsTakeTurns() throws {
        let sandbox = try Sandbox(), tmp = try TemporaryFolder()
        let folder = tmp.path("conc/latest")
        let runs = [["run", "S", "--report-dir", folder], ["run", "S", "--report-dir", folder, "--filter", "pinch"]]
        let results = ResultBox(), root = sandbox.root
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            results.set(i, Result { try execute(runs[i], in: root) })
        }
        for i in 0..<2 {
            let run = try results.get(i)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(tmp.exists("conc/latest/summary.json"))
        #expect(try tmp.contents("conc") == [".latest.lock", "latest"])
    }

    /// Every deterministic file (index.html and detail.js included) is the same bytes in two runs.
    /// Left out: the timing files and the formats that carry timing fields (docs/reports.md).
    @Test func twoRunsWriteTheSameBytes() throws {
        let tmp = try TemporaryFolder()
        for side in ["d1", "d2"] {
            try AssertExecuteCommand([
                "run", "Scenarios/gestures", "Scenarios/edge-cases", "--jobs", "2", "--report-dir", tmp.path(side)
            ])
        }
        let timed: Set = ["frame-timing.jsonl", "timing.js", "timings.js", "trace.json", "summary.json", "junit.xml"]
        let first = try ReportFiles(tmp.url("d1")), second = try ReportFiles(tmp.url("d2"))
        #expect(second.paths == first.paths)
        let compared = first.paths.filter { !timed.contains(($0 as NSString).lastPathComponent) }
        #expect(compared.count > 100)
        for path in compared {
            #expect(try first.data(path) == second.data(path), "\(path) differs between two runs")
        }
    }
}

/// The files below a report folder, by path relative to it.
struct ReportFiles {
    let root: URL
    let paths: [String]

    init(_ root: URL) throws {
        self.root = root
        var paths: [String] = []
        let walk = try #require(
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in walk where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true
        {
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        self.paths = paths.sorted()
    }

    func data(_ path: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(path)) }
    func text(_ path: String) throws -> String { String(decoding: try data(path), as: UTF8.self) }
}

/// Results written from concurrent closures.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<Execution, any Error>] = [:]

    func set(_ i: Int, _ result: Result<Execution, any Error>) { lock.withLock { results[i] = result } }
    func get(_ i: Int) throws -> Execution { try lock.withLock { results[i] }!.get() }
}
