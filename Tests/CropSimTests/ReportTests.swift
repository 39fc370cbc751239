import CropSim
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
    }

    @Test func theReportFolderIsReplacedWholeAndLeavesNoStaging() throws {
        let results = try run()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cropsim-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: dir.appendingPathComponent("stale.txt"))
        try ReportWriter(directory: dir).write(results, wallSeconds: [:])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["junit.xml", "scenarios", "summary.json"])
        let siblings = try FileManager.default.contentsOfDirectory(atPath: dir.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(dir.lastPathComponent).tmp") })
        let folder = dir.appendingPathComponent("scenarios").appendingPathComponent(results[0].scenario.id)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["effects.jsonl", "frame-timing.jsonl", "frames.jsonl", "haptics.jsonl", "scenario.resolved.json",
                          "telemetry.jsonl", "trace.json", "upload.jsonl", "violations.jsonl"])
        let frames = try String(contentsOf: folder.appendingPathComponent("frames.jsonl"), encoding: .utf8)
        for line in frames.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            for key in ["tick", "t", "scale", "tx", "ty", "sMin", "sMax", "maskDiameter", "phase", "gridVisible", "instructionVisible"] {
                #expect(object[key] != nil, "missing \(key)")
            }
        }
    }

    @Test func numbersKeepTwelveSignificantDigits() {
        #expect(formatNumber(1.0 / 3.0) == "0.333333333333")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(3) == "3")
        #expect(formatNumber(1279.880952380952) == "1279.88095238")
    }
}
