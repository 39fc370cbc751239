import CropScenario
import CropText

/// One row of the summary page (`index.html`), and the line of `summary-rows.jsonl` that carries
/// it: what a run writes so that `report merge` can draw the same page from shards without their
/// in-memory results. Short keys, because the page embeds thousands. Deterministic: no timings
/// (the p95 column comes from `timings.js`). Text is raw except `prob`, which is markup.
public struct SummaryRow: Codable, Equatable, Sendable {

    public var id: String
    public var name: String
    /// The group: the first folder of the id, or "(top)".
    public var g: String
    public var pass: Bool
    public var ticks: Int
    /// Violations.
    public var v: Int
    /// Haptics, as "kind × count, …".
    public var h: String
    /// Requirements covered.
    public var cov: [String]
    /// Broken invariants, and "expectation".
    public var inv: [String]
    /// Problems, as markup (`<b class="violation">`, `<code>`, `<br>`, `<span class="muted">`).
    public var prob: String?
    /// Why the scenario does not apply to the model (then `pass` is false and it did not fail).
    public var na: String?
    /// Sub-pixel target deviations (docs/oracle.md#sub-pixel): not failing; absent when none.
    public var sp: Int?

    public init(
        id: String, name: String, pass: Bool, ticks: Int, violations: Int, haptics: String,
        covers: [String], invariants: [String], problems: String?, notApplicable: String? = nil, subPixel: Int = 0
    ) {
        na = notApplicable
        sp = subPixel > 0 ? subPixel : nil
        self.id = id
        self.name = name
        g = id.split(separator: "/").dropLast().first.map(String.init) ?? "(top)"
        self.pass = pass
        self.ticks = ticks
        v = violations
        h = haptics
        cov = covers
        inv = invariants
        prob = problems
    }

    /// The row as one line of JSON, keys in a fixed order. No "<" at all (JSON reads `\u003c`
    /// back): inside `<script>`, "</script" would end the block early and "<!--" change how it
    /// is read.
    public var json: String {
        var out = "{\"id\":\(jsonString(id)),\"name\":\(jsonString(name)),\"g\":\(jsonString(g))"
        out += ",\"pass\":\(pass),\"ticks\":\(ticks),\"v\":\(v),\"h\":\(jsonString(h))"
        out += ",\"cov\":[\(cov.map(jsonString).joined(separator: ","))]"
        out += ",\"inv\":[\(inv.map(jsonString).joined(separator: ","))]"
        if let prob { out += ",\"prob\":\(jsonString(prob))" }
        if let na { out += ",\"na\":\(jsonString(na))" }
        if let sp { out += ",\"sp\":\(sp)" }
        return (out + "}").replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// Failed: neither passed nor not applicable.
    public var failed: Bool { !pass && na == nil }

    /// The page's order: failures first, then by id.
    public static func pageOrder(_ a: SummaryRow, _ b: SummaryRow) -> Bool {
        a.failed != b.failed ? a.failed : a.id < b.id
    }

    /// The markup `prob` may hold; a shard's row with anything else (a `<script>`, an attribute)
    /// is refused rather than drawn into the merged page.
    static let problemTags = [
        "<b class=\"violation\">", "</b>", "<br>", "<span class=\"muted\">", "<span class=\"subpixel\">", "</span>",
        "<code>", "</code>"
    ]

    /// Whether `prob` holds only the markup the report writes: escaped text and `problemTags`.
    var problemsAreSafe: Bool {
        guard var rest = prob else { return true }
        for tag in Self.problemTags { rest = rest.replacingOccurrences(of: tag, with: "") }
        return !rest.contains("<") && !rest.contains(">")
    }
}
