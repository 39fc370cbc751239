import CropBuild
import CropFiles
import CropLogs
import CropReport
import CropScenario
import CropSim
import CropTestSupport
import CropText
import CropVocabulary
import Foundation
import FoundationXML
import Testing

@Suite struct ReportTests {
    func run() throws -> [RunResult] {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent("gestures").path])
        #expect(loaded.errors.isEmpty)
        return loaded.scenarios.prefix(3).map { Simulator.run($0) }
    }

    @Test func theTraceIsChromeTraceEventJSON() throws {
        let r = try #require(try run().first)
        let json = try JSONSerialization.jsonObject(with: Data(ChromeTrace.json(r).utf8)) as! [String: Any]
        let events = json["traceEvents"] as! [[String: Any]]
        let ticks = events.filter { $0["ph"] as? String == "X" }
        #expect(ticks.count == r.frames.count)
        for e in events {
            #expect(["X", "C", "i", "M"].contains(e["ph"] as? String))
            #expect(e["pid"] != nil && e["tid"] != nil)
            if e["ph"] as? String != "M" { #expect(e["ts"] is NSNumber) }
        }
        #expect(events.filter { $0["ph"] as? String == "C" }.count == 2 * r.frames.count)
    }

    @Test func junitIsWellFormedWithOneTestcasePerScenario() throws {
        var results = try run()
        results[0].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected <1> & got \"2\""))
        let xml = JUnitReport.xml(results, wallSeconds: [:])
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == results.count)
        let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == "$.expect.scale: expected <1> & got \"2\"")
        // The suite names the editor under test, its policies and what it leaves unjudged.
        let properties = try document.nodes(forXPath: "/testsuites/testsuite/properties/property").compactMap {
            $0 as? XMLElement
        }
        let byName = Dictionary(
            uniqueKeysWithValues: properties.map {
                ($0.attribute(forName: "name")!.stringValue!, $0.attribute(forName: "value")!.stringValue!)
            })
        #expect(byName["model"] == "cropsim-reference 1.0")
        #expect(byName["policies"]?.contains("sliderMapping=logarithmic") == true)
        #expect(byName["notJudged"] == "")
    }

    /// Each testcase's `time` is its wall seconds with three decimals; the suite's is their sum.
    /// The suite names the build, as `summary.json` and the page do.
    @Test func junitTimesAndBuildAreTheRunsOwn() throws {
        let results = try run()
        let ids = results.map(\.scenario.id)
        let build = BuildInfo(version: "1.2.3", commit: "abc1234")
        let xml = JUnitReport.xml(results, wallSeconds: [ids[0]: 1.5, ids[1]: 0.0004, ids[2]: 0.0126], build: build)
        let document = try XMLDocument(data: Data(xml.utf8))
        let times = try document.nodes(forXPath: "//testcase/@time").map { $0.stringValue ?? "" }
        #expect(times == ["1.500", "0.000", "0.013"])
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite/@time").first)
        #expect(suite.stringValue == "1.513")
        let property = try document.nodes(forXPath: "/testsuites/testsuite/properties/property[@name='cropsim']/@value")
        #expect(property.map(\.stringValue) == ["1.2.3 (abc1234)"])
        #expect(Summary(results, wallSeconds: [:]).build == .current)
        #expect(
            HTMLReport.render(rows: [], build: build).contains("<p>Written by cropsim 1.2.3 (abc1234).</p></footer>"))
        #expect(BuildInfo.current.description.hasPrefix("\(BuildInfo.current.version) ("))
    }

    /// Scenario folders written on several threads get their extra files (given as each folder is
    /// written), the same bytes as with one thread, and replacing a large report removes it whole.
    @Test func parallelWritesGiveTheSameFolder() throws {
        let results = try run()
        let temporary = try TemporaryFolder("report"), parent = temporary.url
        func write(_ name: String, jobs: Int) throws -> URL {
            try WrittenReport.write(results, to: parent.appendingPathComponent(name).path, jobs: jobs)
            return parent.appendingPathComponent(name)
        }
        let one = try write("one", jobs: 1), four = try write("four", jobs: 4)
        for r in results {
            for dir in [one, four] {
                let folder = dir.appendingPathComponent("scenarios").appendingPathComponent(r.scenario.id)
                let detail = try String(contentsOf: folder.appendingPathComponent("detail.js"), encoding: .utf8)
                #expect(
                    detail.hasPrefix("cropsimDetail(\"\(r.scenario.id)\",\n")
                        && detail == HTMLReport.detail(r, thumbnail: nil))
            }
            for file in ["frames.jsonl", "haptics.jsonl", "effects.jsonl", "scenario.resolved.json", "detail.js"] {
                let path = "scenarios/\(r.scenario.id)/\(file)"
                #expect(
                    try Data(contentsOf: one.appendingPathComponent(path))
                        == Data(contentsOf: four.appendingPathComponent(path)))
            }
        }
        _ = try write("four", jobs: 4)  // replaces the previous report, deleted on several threads
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [
                ".four.lock", ".one.lock", "four", "one"
            ])
    }

    @Test func theReportFolderIsReplacedWholeAndLeavesNoStaging() throws {
        let results = try run()
        let temporary = try TemporaryFolder("report"), parent = temporary.url
        let dir = parent.appendingPathComponent("latest")
        try WrittenReport.write(Array(results.prefix(1)), to: dir.path)
        try WrittenReport.write(results, to: dir.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(
            names == [
                ".cropsim-report", "index.html", "junit.xml", "scenarios", "summary-rows.jsonl", "summary.json",
                "timings.js"
            ])
        let summary =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("summary.json")))
            as! [String: Any]
        #expect((summary["scenarios"] as! [Any]).count == results.count)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(siblings == [".latest.lock", "latest"])
        let folder = dir.appendingPathComponent("scenarios").appendingPathComponent(results[0].scenario.id)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "detail.js", "effects.jsonl", "frame-timing.jsonl", "frames.jsonl", "haptics.jsonl",
                "scenario.resolved.json",
                "telemetry.jsonl", "timing.js", "trace.json", "upload.jsonl", "violations.jsonl"
            ])
        let frames = try String(contentsOf: folder.appendingPathComponent("frames.jsonl"), encoding: .utf8)
        for line in frames.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            for key in [
                "tick", "t", "scale", "tx", "ty", "sMin", "sMax", "maskDiameter", "phase", "gridVisible",
                "instructionVisible"
            ] {
                #expect(object[key] != nil, "missing \(key)")
            }
        }
    }

    /// A folder cropsim did not write, a file, a symbolic link or the working directory is
    /// refused before anything is written, and left exactly as it was.
    @Test func whatIsNotAReportIsNeverReplaced() throws {
        let results = try run()
        let temporary = try TemporaryFolder("refuse"), parent = temporary.url
        let notes = parent.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: notes.appendingPathComponent("README.md"))
        try Data("mine".utf8).write(to: parent.appendingPathComponent("file.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: parent.appendingPathComponent("link").path, withDestinationPath: notes.path)
        for name in ["notes", "file.txt", "link"] {
            #expect(throws: OutputError.self) {
                try WrittenReport.write(results, to: parent.appendingPathComponent(name).path)
            }
        }
        for path in ["", ".", "/", "..", FileManager.default.currentDirectoryPath] {
            #expect(throws: OutputError.self) { try WrittenReport.write(results, to: path) }
        }
        #expect(try String(contentsOf: notes.appendingPathComponent("README.md"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: parent.appendingPathComponent("file.txt"), encoding: .utf8) == "mine")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["file.txt", "link", "notes"])
    }

    /// One-character names (`--report-dir m`, `--junit j`) are paths like any other: Foundation's
    /// `deletingLastPathComponent` traps on them, so the folder and name are split by hand.
    @Test func oneCharacterPathsAreAccepted() throws {
        let missing = "z"
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try MarkedFolder(missing, mark: .report).check() == false)
        try OutputFile.check(missing)
        #expect(throws: OutputError.self) { try MarkedFolder("a/..", mark: .report).check() }
    }

    /// What a killed run leaves (a staged report, an old one moved aside with the name empty,
    /// half-deleted trash) is recovered by the next run.
    @Test func theNextRunRecoversWhatAKilledRunLeft() throws {
        let results = try run()
        let temporary = try TemporaryFolder("recover"), parent = temporary.url
        let dir = parent.appendingPathComponent("latest")
        try WrittenReport.write(Array(results.prefix(1)), to: dir.path)
        // Killed between the two renames of the fallback: the name is empty, the report is `.old-`.
        try FileManager.default.moveItem(at: dir, to: parent.appendingPathComponent(".latest.old-77"))
        try FileManager.default.createDirectory(
            at: parent.appendingPathComponent(".latest.tmp-78"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: parent.appendingPathComponent(".latest.trash-79/scenarios"), withIntermediateDirectories: true)
        try Data("cropsim-report 1\n".utf8).write(to: parent.appendingPathComponent(".latest.trash-79/.cropsim-report"))
        try FileManager.default.createDirectory(
            at: parent.appendingPathComponent(".latest.tmp-80-not-ours/x"), withIntermediateDirectories: true)
        try MarkedFolder(dir.path, mark: .report).replace { _ throws(OutputError) in }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(siblings == [".latest.lock", ".latest.tmp-80-not-ours", "latest"])
    }
}
