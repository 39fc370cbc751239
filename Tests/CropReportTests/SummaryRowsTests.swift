@testable import CropReport
@testable import CropSim
import Testing

/// `summary-rows.jsonl`, which `report merge` reads from shards: it reads back exactly what a run
/// wrote, and refuses anything else before it reaches a page.
@Suite struct SummaryRowsTests {
    static let ids = ["gestures/pinch-out-to-max", "gestures/drag-clamp-right", "gestures/double-tap-ladder-cycle"]

    static func file() throws -> SummaryRows {
        var results = try Fixture.results(Self.ids)
        for i in results.indices { results[i].scenario.id = "gestures/" + results[i].scenario.id }
        results[1] = try Fixture.failing(results[1], tick: 7)
        return SummaryRows(suite: .init(ids: Self.ids + ["other/x"]), rows: results.map(SummaryRow.init))
    }

    static func parse(_ text: String) -> String? {
        do { _ = try SummaryRows(parsing: Array(text.utf8)) } catch { return error.description }
        return nil
    }

    @Test func readsBackWhatARunWrote() throws {
        let rows = try Self.file()
        #expect(try SummaryRows(parsing: Array(rows.text.utf8)) == rows)
        #expect(rows.rows.map(\.id) == Self.ids.sorted())
        #expect(rows.rows.contains { $0.prob?.contains("<b class=\"violation\">zoomInRange</b> at tick 7") == true })
        #expect(!rows.text.contains("<"))
    }

    @Test func theSuiteIsItsIdsInAnyOrder() {
        #expect(SummaryRows.Suite(ids: ["a", "b"]) == SummaryRows.Suite(ids: ["b", "a"]))
        #expect(SummaryRows.Suite(ids: ["a", "b"]) != SummaryRows.Suite(ids: ["a"]))
        // The newline after each id keeps ["ab"] and ["a", "b"] apart.
        #expect(SummaryRows.Suite(ids: ["ab"]).fingerprint != SummaryRows.Suite(ids: ["a", "b"]).fingerprint)
        #expect(SummaryRows.Suite(ids: []).fingerprint == "cbf29ce484222325")
    }

    @Test func refusesWhatNoRunWrites() throws {
        let text = try Self.file().text
        var lines = text.split(separator: "\n").map(String.init)
        #expect(Self.parse("") == "is empty or does not end with a newline")
        #expect(Self.parse(String(text.dropLast())) == "is empty or does not end with a newline")
        #expect(Self.parse(text + "\n")?.hasPrefix("line 5:") == true)
        #expect(
            Self.parse(text.replacingOccurrences(of: "\"ticks\":", with: "\"ticks\" :"))?.hasPrefix("line 2:") == true)
        #expect(Self.parse("{\"suite\":{\"fingerprint\":\"0\",\"scenarios\":1}}\n")?.hasPrefix("line 1:") == true)
        #expect(Self.parse("[" + String(repeating: "[", count: 100_000) + "\n")?.hasPrefix("line 1:") == true)
        // Out of id order, and repeated.
        lines.swapAt(1, 2)
        #expect(Self.parse(lines.joined(separator: "\n") + "\n")?.contains("out of id order or repeated") == true)
        #expect(
            Self.parse(text + text.split(separator: "\n")[1] + "\n")?.contains("out of id order or repeated") == true)
        // Markup the report never writes, escaped the way a row is.
        let row = try #require(text.split(separator: "\n").last { !$0.contains("\"prob\"") })
        let hostile = row.dropLast() + ",\"prob\":\"\\u003cimg src=x onerror=alert(1)>\"}"
        #expect(
            Self.parse(text.replacingOccurrences(of: String(row), with: String(hostile)))?.contains(
                "markup the report never writes") == true)
    }
}
