import CropLogs
import CropReport
import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import FoundationXML
import Testing

/// Sub-pixel deviations and magnitudes in the report's files (docs/reports.md): apart from the
/// failures, passing, and absent when there are none.
@Suite struct SubPixelReportTests {
    static let tiny = Violation(
        property: .panFollowsFinger, tick: 9, time: 0.15, message: "a pan…; off by 0.0015 device px",
        magnitude: Magnitude(devicePixels: 0.0015))
    static let visible = Violation(
        property: .maskCovered, tick: 6, time: 0.1, message: "the mask…; uncovered by 3.00 device px",
        magnitude: Magnitude(devicePixels: 3, photoAxes: Point(x: 0, y: 3)))

    /// Three runs of the suite: the second with a sub-pixel deviation, the third with a real one.
    func results() throws -> [RunResult] {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent("gestures").path])
        var results = loaded.scenarios.prefix(3).map { Simulator.run($0) }
        try #require(results.count == 3 && results.allSatisfy(\.passed))
        results[1].subPixel = [Self.tiny]
        results[1].subPixelCounts = [.panFollowsFinger: 1]
        results[2].violations = [Self.visible]
        results[2].violationCounts = [.maskCovered: 1]
        return results
    }

    @Test func junitNotesSubPixelDeviationsOnAPassingCase() throws {
        let r = try results()
        let document = try XMLDocument(data: Data(JUnitReport.xml(r, wallSeconds: [:]).utf8))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases[1].elements(forName: "failure").isEmpty)
        let out = try #require(cases[1].elements(forName: "system-out").first?.stringValue)
        #expect(
            out.contains("sub-pixel target deviations (1, not failing") && out.contains(Self.tiny.description), "\(out)"
        )
        #expect(cases[0].elements(forName: "system-out").isEmpty && cases[2].elements(forName: "system-out").isEmpty)
        #expect(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue == "1")
    }

    @Test func summaryAndRowsCountThemApart() throws {
        let r = try results()
        let summary = Summary(r, wallSeconds: [:])
        #expect(summary.passed == 2 && summary.failed == 1)
        #expect(
            summary.scenarios[1].subPixel == 1 && summary.scenarios[1].subPixelByInvariant == ["panFollowsFinger": 1])
        #expect(summary.scenarios[0].subPixel == nil && summary.scenarios[0].subPixelByInvariant == nil)
        let row = SummaryRow(r[1])
        #expect(row.pass && row.v == 0 && row.sp == 1 && row.json.contains(#","sp":1"#))
        #expect(
            row.prob?.contains("<span class=\"subpixel\">≈ sub-pixel panFollowsFinger</span> at tick 9") == true,
            "\(row.prob ?? "")")
        #expect(SummaryRow(r[0]).sp == nil && !SummaryRow(r[0]).json.contains("\"sp\""))
    }

    /// `violations.jsonl` carries the magnitude as data and marks the sub-pixel line.
    @Test func violationLinesCarryTheirMagnitude() throws {
        let r = try results()
        let temporary = try TemporaryFolder("subpixel"), dir = temporary.url("report")
        try WrittenReport.write(r, to: dir.path)
        func lines(_ i: Int) throws -> String {
            try String(
                contentsOf: dir.appendingPathComponent("scenarios/\(r[i].scenario.id)/violations.jsonl"),
                encoding: .utf8)
        }
        #expect(try lines(0) == "")
        #expect(
            try lines(1)
                == #"{"invariant":"panFollowsFinger","tick":9,"t":0.15,"message":"a pan…; off by 0.0015 device px","magnitude":{"devicePixels":0.0015},"subPixel":true}"#
                + "\n")
        #expect(
            try lines(2)
                == #"{"invariant":"maskCovered","tick":6,"t":0.1,"message":"the mask…; uncovered by 3.00 device px","magnitude":{"devicePixels":3,"photoAxes":{"x":0,"y":3}}}"#
                + "\n")
    }
}
