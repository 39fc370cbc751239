@testable import CropReport
import CropImaging
import CropSim
import Foundation
import Testing

/// Runs real scenarios from the suite: RunResult has no public initializer, and a report of a
/// real run is what matters anyway.
enum Fixture {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    static func results(_ ids: [String]) throws -> [RunResult] {
        let loaded = ScenarioLoader.load(ids.map { scenarios.appendingPathComponent("\($0).json").path })
        #expect(loaded.errors.isEmpty)
        return loaded.scenarios.map { Simulator.run($0) }
    }

    /// A decoded violation (Violation's memberwise initializer is internal to CropSim).
    static func violation(_ invariant: Property, tick: Int, message: String) throws -> Violation {
        let json = "{\"invariant\":\"\(invariant.rawValue)\",\"tick\":\(tick),\"time\":\(Double(tick) / 60),\"message\":\"\(message)\"}"
        return try JSONDecoder().decode(Violation.self, from: Data(json.utf8))
    }

    static func failing(_ r: RunResult, tick: Int) throws -> RunResult {
        var r = r
        r.violations.append(try violation(.zoomInRange, tick: tick, message: "scale 9.5 > s_max 8"))
        r.violationCounts[.zoomInRange] = 1
        return r
    }
}

func count(_ needle: String, in haystack: String) -> Int { haystack.components(separatedBy: needle).count - 1 }

@Suite struct HTMLReportTests {
    static let ids = ["gestures/pinch-out-to-max", "gestures/drag-clamp-right", "gestures/double-tap-ladder-cycle"]

    @Test func oneSectionPerScenarioWithChartsPlayerAndFilmstrip() throws {
        let results = try Fixture.results(Self.ids)
        #expect(results.count == 3)
        let html = HTMLReport.render(results, wallSeconds: [:], thumbnails: [:])
        #expect(count("<section class=\"scenario ", in: html) == 3)
        for r in results { #expect(html.contains("data-scenario-id=\"\(r.scenario.id)\"")) }
        #expect(count("<svg class=\"chart timeline", in: html) == 9)
        #expect(count("<svg class=\"chart histogram", in: html) == 3)
        #expect(count("<div class=\"player\"", in: html) == 3)
        #expect(count("<div class=\"filmstrip\">", in: html) == 3)
        #expect(html.contains("id=\"js-status\""))
        // Self-contained: nothing is fetched.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url(http"))
        #expect(!html.contains("<script src") && !html.contains("<link "))
    }

    @Test func chartsHaveTitledAxesWithUnits() throws {
        let html = HTMLReport.render(try Fixture.results([Self.ids[0]]), wallSeconds: [:], thumbnails: [:])
        #expect(count("class=\"axis-title x-title\"", in: html) == 4)
        #expect(count("class=\"axis-title y-title\"", in: html) == 4)
        for title in [">time (s)<", ">zoom s (×)<", ">tx (pt)<", ">ty (pt)<", ">model time per tick (log scale)<", ">ticks<"] {
            #expect(html.contains(title), "missing axis title \(title)")
        }
        #expect(count("<g class=\"legend\">", in: html) == 4)
        #expect(html.contains(">[s_min, s_max]<") && html.contains(">±maxTx<") && html.contains(">±maxTy<"))
    }

    @Test func violationsAreRedMarkersAndFailuresComeFirst() throws {
        var results = try Fixture.results(Self.ids)
        results[2] = try Fixture.failing(results[2], tick: 30)
        let html = HTMLReport.render(results, wallSeconds: [:], thumbnails: [:])
        // Three timelines of the failing scenario each mark tick 30.
        #expect(count("<g class=\"violation-marker\" stroke=\"\(Palette.violation)\"", in: html) == 3)
        #expect(Palette.violation == "#D55E00")
        #expect(html.contains("violation at tick 30: zoomInRange"))
        #expect(html.contains("<b class=\"violation\">zoomInRange</b> at tick 30 (0.5 s): scale 9.5 &gt; s_max 8"))
        // The failing scenario leads both the summary and the sections.
        let firstSection = try #require(html.range(of: "<section class=\"scenario "))
        #expect(html[firstSection.upperBound...].hasPrefix("fail\" id=\"s-0\" data-scenario-id=\"\(results[2].scenario.id)\""))
        let firstRow = try #require(html.range(of: "<tbody>\n<tr class="))
        #expect(html[firstRow.upperBound...].hasPrefix("\"fail\""))
        #expect(html.contains("figure class=\"frame has-violation\""))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        var results = try Fixture.results(Self.ids)
        results[0] = try Fixture.failing(results[0], tick: 12)
        let walls = Dictionary(uniqueKeysWithValues: results.map { ($0.scenario.id, 0.25) })
        let a = HTMLReport.render(results, wallSeconds: walls, thumbnails: [:])
        let b = HTMLReport.render(results, wallSeconds: walls, thumbnails: [:])
        #expect(Array(a.utf8) == Array(b.utf8))
    }

    @Test func scenarioTextIsEscaped() throws {
        var results = try Fixture.results([Self.ids[0]])
        results[0].scenario.name = "<script>alert(\"x\")</script> & co"
        results[0].scenario.description = "a < b & \"c\""
        results[0].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected <1> & got \"2\""))
        let html = HTMLReport.render(results, wallSeconds: [:], thumbnails: [:])
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(html.contains("a &lt; b &amp; &quot;c&quot;"))
        #expect(html.contains("expected &lt;1&gt; &amp; got &quot;2&quot;"))
    }

    @Test func theScrubberDataHoldsEveryTick() throws {
        let results = try Fixture.results([Self.ids[0]])
        let html = HTMLReport.render(results, wallSeconds: [:], thumbnails: [:])
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"data-0\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as! [String: Any]
        let n = results[0].frames.count
        #expect((json["scale"] as! [Double]).count == n)
        #expect((json["tx"] as! [Double]).count == n && (json["ty"] as! [Double]).count == n)
        #expect((json["flags"] as! String).count == n && (json["phase"] as! String).count == n)
        #expect((json["touches"] as! [[Double]]).count == n)
        #expect(html.contains("max=\"\(n - 1)\""))
    }

    @Test func aThumbnailIsEmbeddedSmall() throws {
        let results = try Fixture.results([Self.ids[0]])
        let photo = RGBImage(width: 600, height: 400, pixels: [UInt8](repeating: 128, count: 600 * 400 * 3))
        let html = HTMLReport.render(results, wallSeconds: [:], thumbnails: [results[0].scenario.id: photo])
        #expect(html.contains("<image href=\"data:image/png;base64,"))
        #expect(html.contains("viewBox=\"0 0 256 170\""))
        let pattern = HTMLReport.render(results, wallSeconds: [:], thumbnails: [:])
        #expect(!pattern.contains("data:image/png") && pattern.contains("id=\"photo-0-c\""))
    }
}
