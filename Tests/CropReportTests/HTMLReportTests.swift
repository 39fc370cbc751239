@testable import CropFrames
import CropImaging
@testable import CropReport
import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Runs real scenarios from the suite: RunResult has no public initializer, and a report of a
/// real run is what matters anyway.
enum Fixture {
    static let scenarios = Repository.scenarios

    static func results(_ ids: [String]) throws -> [RunResult] {
        let loaded = ScenarioLoader.load(ids.map { scenarios.appendingPathComponent("\($0).json").path })
        #expect(loaded.errors.isEmpty)
        return loaded.scenarios.map { Simulator.run($0) }
    }

    /// A decoded violation (Violation's memberwise initializer is internal to CropSim).
    static func violation(_ invariant: Property, tick: Int, message: String) throws -> Violation {
        let json =
            "{\"invariant\":\"\(invariant.rawValue)\",\"tick\":\(tick),\"time\":\(Double(tick) / 60),\"message\":\"\(message)\"}"
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

/// The page as a reader sees it with every row opened, read from a report written as `cropsim
/// run` writes one (`WrittenReport`): the summary plus each scenario's section as its `detail.js`
/// hands it over, the measured part its `timing.js` hands over, and `timings.js`.
struct Page {
    var index: String
    var details: [String]
    var timings: [String]
    /// `timings.js`, the summary's p95 column.
    var p95: String
    var all: String { index + details.joined() + timings.joined() }

    init(_ results: [RunResult], thumbnails: [String: RGBImage] = [:], wallSeconds: [String: Double] = [:]) throws {
        let report = try WrittenReport.Folder(results, wallSeconds: wallSeconds, thumbnails: thumbnails)
        index = try report.text("index.html")
        p95 = try report.text("timings.js")
        details = try results.map { r in try Self.section(try report.text("scenarios/\(r.scenario.id)/detail.js")) }
        timings = try results.map { r in
            try Self.section(try report.text("scenarios/\(r.scenario.id)/timing.js"), call: "cropsimTiming")
        }
    }

    /// The HTML inside `cropsimDetail("id",\n"…");` (or another call).
    static func section(_ script: String, call: String = "cropsimDetail") throws -> String {
        #expect(script.hasPrefix(call + "(\"") && script.hasSuffix(");\n"))
        let lines = script.split(separator: "\n", maxSplits: 1)
        let literal = try #require(lines.last).dropLast(3)
        return try JSONDecoder().decode(String.self, from: Data(literal.utf8))
    }

    /// The summary's rows, decoded from the page's data block.
    var rows: [[String: Any]] {
        get throws {
            let start = try #require(index.range(of: "<script type=\"application/json\" id=\"rows\">"))
            let end = try #require(index.range(of: "</script>", range: start.upperBound..<index.endIndex))
            return try #require(
                JSONSerialization.jsonObject(with: Data(index[start.upperBound..<end.lowerBound].utf8))
                    as? [[String: Any]])
        }
    }
}

@Suite struct HTMLReportTests {
    static let ids = ["gestures/pinch-out-to-max", "gestures/drag-clamp-right", "gestures/double-tap-ladder-cycle"]

    @Test func theSummaryListsEveryScenarioAndLoadsDetailsOnDemand() throws {
        var results = try Fixture.results(Self.ids)
        for i in results.indices { results[i].scenario.id = "gestures/" + results[i].scenario.id }
        let page = try Page(results)
        let rows = try page.rows
        #expect(rows.map { $0["id"] as? String } == results.map(\.scenario.id).sorted())
        #expect(rows.allSatisfy { $0["g"] as? String == "gestures" && $0["pass"] as? Bool == true })
        // The summary holds no section: each comes from its folder's detail.js, and its measured
        // part from timing.js; the p95 column from timings.js.
        #expect(!page.index.contains("<section class=\"scenario "))
        #expect(page.index.contains("'detail.js'") && page.index.contains("window.cropsimDetail="))
        #expect(page.index.contains("'timing.js'") && page.index.contains("window.cropsimTiming="))
        #expect(page.index.contains("<script src=\"timings.js\"></script>") && !page.index.contains("\"p95\":"))
        #expect(page.index.contains("id=\"js-status\"") && page.index.contains("id=\"filters\""))
        // Nothing comes from the network.
        #expect(!page.all.contains("src=\"http") && !page.all.contains("href=\"http") && !page.all.contains("url(http"))
        #expect(
            !page.index.contains("<link ") && !page.index.contains("fetch(") && !page.index.contains("XMLHttpRequest"))
    }

    @Test func oneSectionPerScenarioWithChartsPlayerAndFilmstrip() throws {
        let results = try Fixture.results(Self.ids)
        let page = try Page(results)
        for (k, r) in results.enumerated() {
            let section = page.details[k]
            #expect(count("<section class=\"scenario ", in: section) == 1)
            #expect(
                section.contains(
                    "id=\"s-\(HTMLReport.elementKey(r.scenario.id))\" data-scenario-id=\"\(r.scenario.id)\""))
            #expect(count("<svg class=\"chart timeline", in: section) == 3)
            #expect(
                count("<svg class=\"chart histogram", in: section) == 0
                    && count("<div class=\"timing\">", in: section) == 1)
            #expect(
                count("<svg class=\"chart histogram", in: page.timings[k]) == 1
                    && page.timings[k].contains("<table class=\"stats\">"))
            #expect(count("<div class=\"player\"", in: section) == 1)
            #expect(count("<div class=\"filmstrip\">", in: section) == 1)
        }
    }

    @Test func chartsHaveTitledAxesWithUnits() throws {
        let html = try Page(try Fixture.results([Self.ids[0]])).all
        #expect(count("class=\"axis-title x-title\"", in: html) == 4)
        #expect(count("class=\"axis-title y-title\"", in: html) == 4)
        for title in [
            ">time (s)<", ">zoom s (×)<", ">tx (pt)<", ">ty (pt)<", ">model time per tick (log scale)<", ">ticks<"
        ] {
            #expect(html.contains(title), "missing axis title \(title)")
        }
        #expect(count("<g class=\"legend\">", in: html) == 4)
        #expect(html.contains(">[s_min, s_max]<") && html.contains(">±maxTx<") && html.contains(">±maxTy<"))
    }

    @Test func violationsAreRedMarkersAndFailuresComeFirst() throws {
        var results = try Fixture.results(Self.ids)
        results[2] = try Fixture.failing(results[2], tick: 30)
        let page = try Page(results)
        let html = page.details[2]
        // Three timelines of the failing scenario each mark tick 30.
        #expect(count("<g class=\"violation-marker\" stroke=\"\(Palette.violation)\"", in: html) == 3)
        #expect(Palette.violation == "#D55E00")
        #expect(html.contains("violation at tick 30: zoomInRange"))
        #expect(html.contains("<b class=\"violation\">zoomInRange</b> at tick 30 (0.5 s): scale 9.5 &gt; s_max 8"))
        #expect(html.contains("figure class=\"frame has-violation\""))
        // The failing scenario leads the summary, with its invariant to filter by.
        let first = try #require(try page.rows.first)
        #expect(first["id"] as? String == results[2].scenario.id && first["pass"] as? Bool == false)
        #expect(first["inv"] as? [String] == ["zoomInRange"])
        #expect((first["prob"] as? String)?.contains("<b class=\"violation\">zoomInRange</b> at tick 30") == true)
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        var results = try Fixture.results(Self.ids)
        results[0] = try Fixture.failing(results[0], tick: 12)
        let walls = Dictionary(uniqueKeysWithValues: results.map { ($0.scenario.id, 0.25) })
        let a = try Page(results, wallSeconds: walls), b = try Page(results, wallSeconds: walls)
        #expect(Array(a.index.utf8) == Array(b.index.utf8))
        #expect(a.details == b.details && a.timings == b.timings)
    }

    /// What is measured reaches only timing.js and timings.js: index.html and detail.js keep their
    /// bytes whatever the clock said, and whichever other scenarios share the run (a shard's
    /// detail.js is the unsharded run's).
    @Test func timingsLiveApart() throws {
        let results = try Fixture.results(Self.ids)
        var remeasured = results
        for i in remeasured.indices {
            remeasured[i].modelNanoseconds = remeasured[i].modelNanoseconds.map { $0 * 7 + 123_456 }
        }
        let first = results[0].scenario.id
        let a = try Page(results, wallSeconds: [first: 0.25]), b = try Page(remeasured, wallSeconds: [first: 9.5])
        #expect(a.index == b.index && a.details == b.details)
        #expect(a.timings != b.timings && a.timings[0].contains("wall 250 ms") && b.timings[0].contains("wall 9.5 s"))
        #expect(a.p95 != b.p95)
        let alone = try Page([results[1]])
        #expect(alone.details[0] == a.details[1])
        // The page is drawn from rows in any order.
        let rows = results.map(SummaryRow.init)
        #expect(
            HTMLReport.render(rows: rows) == HTMLReport.render(rows: rows.reversed())
                && HTMLReport.render(rows: rows) == a.index)
    }

    /// Element ids come from the scenario id alone: safe in HTML and `url(#…)`, one to one.
    @Test func elementKeysAreSafeAndOneToOne() {
        #expect(HTMLReport.elementKey("gestures/pinch-out-2") == "gestures_2fpinch-out-2")
        #expect(
            HTMLReport.elementKey("a_2f") == "a_5f2f" && HTMLReport.elementKey("a/") != HTMLReport.elementKey("a_2f"))
        #expect(HTMLReport.elementKey("é x") == "_c3_a9_20x")
        let ids = ["a/b", "a_b", "a-b", "a_2fb", "ab", "a.b", "a b"]
        #expect(Set(ids.map(HTMLReport.elementKey)).count == ids.count)
    }

    @Test func scenarioTextIsEscaped() throws {
        var results = try Fixture.results([Self.ids[0]])
        results[0].scenario.name = "<script>alert(\"x\")</script> & co"
        results[0].scenario.description = "a < b & \"c\""
        results[0].failures.append(ExpectationFailure(path: "$.expect.scale", message: "expected <1> & got \"2\""))
        let page = try Page(results)
        #expect(!page.all.contains("<script>alert") && !page.index.contains("</script> & co"))
        #expect(page.details[0].contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(page.details[0].contains("a &lt; b &amp; &quot;c&quot;"))
        #expect(page.details[0].contains("expected &lt;1&gt; &amp; got &quot;2&quot;"))
        // The summary keeps the raw name for the script, which escapes it when it draws the row.
        #expect(try page.rows[0]["name"] as? String == results[0].scenario.name)
        #expect(try page.rows[0]["inv"] as? [String] == ["expectation"])
    }

    @Test func theScrubberDataHoldsEveryTick() throws {
        let results = try Fixture.results([Self.ids[0]])
        let html = try Page(results).details[0]
        let start = try #require(
            html.range(
                of: "<script type=\"application/json\" id=\"data-\(HTMLReport.elementKey(results[0].scenario.id))\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json =
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as! [String: Any]
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
        let html = try Page(results, thumbnails: [results[0].scenario.id: HTMLReport.photo(photo)]).details[0]
        #expect(html.contains("<image href=\"data:image/png;base64,"))
        #expect(html.contains("viewBox=\"0 0 256 170\""))
        let pattern = try Page(results).details[0]
        #expect(
            !pattern.contains("data:image/png")
                && pattern.contains("id=\"photo-\(HTMLReport.elementKey(results[0].scenario.id))-c\""))
    }

    /// Fixed decimals as `%.Nf` would print them, trimmed, without −0.
    @Test func numbersPrintLikePrintf() {
        let cases: [(Double, Int, String)] = [
            (0, 2, "0"), (-0.0, 2, "0"), (-0.001, 2, "0"), (1.5, 2, "1.5"), (2.25, 1, "2.2"), (-3.14159, 3, "-3.142"),
            (100, 0, "100"), (0.000123456, 6, "0.000123"), (1e20, 2, "100000000000000000000"), (.nan, 2, "0"),
            (12.3456789, 4, "12.3457")
        ]
        for (x, d, want) in cases { #expect(svgNumber(x, decimals: d) == want, "\(x) with \(d) decimals") }
        for x in stride(from: -50.0, through: 50.0, by: 0.37) {
            let printf = String(format: "%.3f", x)
            let trimmed =
                printf.contains(".")
                ? String(printf.reversed().drop { $0 == "0" }.reversed()).trimmingCharacters(
                    in: CharacterSet(charactersIn: ".")) : printf
            #expect(svgNumber(x, decimals: 3) == (trimmed == "-0" ? "0" : trimmed), "\(x)")
        }
    }
}
