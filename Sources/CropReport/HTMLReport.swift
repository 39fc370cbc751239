import CropImaging
import CropModel
import CropSim
import Foundation

/// The HTML report, in two parts so that it scales to thousands of scenarios:
///
/// * `index.html` — a small summary page: one row per scenario (result, group, ticks,
///   violations, haptics, p95 model time, problems) as a JSON block that a script renders,
///   sorts and filters (by result, group, requirement id, broken invariant and free text);
/// * `scenarios/<id>/detail.js` — that scenario's charts, scrubber and filmstrip, which the page
///   loads only when a row is opened, by adding a `<script src>` (Chromium blocks `fetch` and
///   XHR on `file://`, but not scripts), so the folder still opens from disk or a CI artifact.
///
/// Everything on both is deterministic except the model-time numbers and wall seconds.
public enum HTMLReport {
    /// The order of the summary: failures first, then by id (then by input position).
    public static func ordered(_ results: [RunResult]) -> [Int] {
        results.indices.sorted { a, b in
            let ra = results[a], rb = results[b]
            return ra.passed != rb.passed ? !ra.passed : (ra.scenario.id, a) < (rb.scenario.id, b)
        }
    }

    /// `index.html`. Row `k` of the data is `results[k]`, whose detail is `detail(results[k], index: k, …)`.
    public static func render(_ results: [RunResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        var page = "<!DOCTYPE html>\n<html lang=\"en\" data-js-errors=\"not-run\"><head><meta charset=\"utf-8\">"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        page += "<title>cropsim report: \(results.count - failed) of \(results.count) passed</title>"
        page += "<style>\(PageAssets.css)</style><script>\(PageAssets.errorTrap)</script></head><body>\n"
        page += "<header><h1>cropsim report</h1><p class=\"totals\"><b>\(results.count)</b> scenarios: "
        page += "<span class=\"badge pass\">✓ \(results.count - failed) passed</span> <span class=\"badge \(failed > 0 ? "fail" : "none")\">✗ \(failed) failed</span></p>"
        page += "<p id=\"js-status\" data-status=\"not-run\">The summary and the scrubbers need JavaScript, which has not run.</p></header>\n"
        page += "<noscript><p>This page lists the scenarios with JavaScript. Without it, read <code>summary.json</code> and the logs in "
        page += "<code>scenarios/&lt;id&gt;/</code> beside this file.</p></noscript>\n"
        page += PageAssets.summaryShell
        page += "<script type=\"application/json\" id=\"rows\">[\n"
        page += ordered(results).map { row(results[$0], index: $0) }.joined(separator: ",\n")
        page += "\n]</script>\n"
        page += "<footer>\(PageAssets.footer)</footer>\n<script>\(PageAssets.script)</script>\n</body></html>\n"
        return page
    }

    /// One summary row as JSON (short keys: the page carries thousands). Text is raw except
    /// `prob`, which is markup.
    static func row(_ r: RunResult, index k: Int) -> String {
        let s = r.scenario
        let group = s.id.split(separator: "/").dropLast().first.map(String.init) ?? "(top)"
        let timing = FrameTimingStatistics(r.modelNanoseconds)
        let haptics = r.hapticCounts.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ")
        let invariants = r.violationCounts.keys.map(\.rawValue).sorted() + (r.failures.isEmpty ? [] : ["expectation"])
        var out = "{\"k\":\(k),\"id\":\(jsonString(s.id)),\"name\":\(jsonString(s.name)),\"g\":\(jsonString(group))"
        out += ",\"pass\":\(r.passed),\"ticks\":\(r.ticks),\"v\":\(r.violationCount),\"h\":\(jsonString(haptics))"
        out += ",\"p95\":\(svgNumber(timing.p95Ns, decimals: 0)),\"cov\":[\(s.covers.map(jsonString).joined(separator: ","))]"
        out += ",\"inv\":[\(invariants.map(jsonString).joined(separator: ","))]"
        let problemList = problems(r, limit: 3)
        if !problemList.isEmpty { out += ",\"prob\":\(jsonString(problemList))" }
        // Inside <script>, "</script" would end the block early and "<!--" change how it is
        // read: no "<" at all (JSON.parse reads \u003c back).
        return (out + "}").replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// `scenarios/<id>/detail.js`: hands the scenario's section to the page that loaded it.
    public static func detail(_ r: RunResult, index k: Int, wallSeconds: Double?, thumbnail: RGBImage?) -> String {
        "cropsimDetail(\(jsonString(r.scenario.id)),\n\(jsonString(ScenarioSection.render(r, index: k, wallSeconds: wallSeconds, thumbnail: thumbnail))));\n"
    }

    /// A photo shrunk to the size the report embeds: shrink once, show in many sections.
    public static func photo(_ image: RGBImage) -> RGBImage { Thumbnail.shrink(image) }

    static func badge(_ r: RunResult) -> String {
        r.passed ? "<span class=\"badge pass\">✓ pass</span>" : "<span class=\"badge fail\">✗ fail</span>"
    }

    /// Violations grouped by invariant (first tick, its numbers, how many), then failed
    /// expectations and a refusal, at most `limit` lines.
    static func problems(_ r: RunResult, limit: Int) -> String {
        var lines: [String] = []
        if let rejection = r.rejection { lines.append("refused: \(escapeMarkup(rejection))") }
        let firsts = Dictionary(grouping: r.violations, by: \.property).values
            .map { $0.min { ($0.tick, $0.message) < ($1.tick, $1.message) }! }
            .sorted { ($0.tick, $0.property.rawValue) < ($1.tick, $1.property.rawValue) }
        for first in firsts {
            let inv = first.property
            let total = r.violationCounts[inv] ?? 1
            lines.append("<b class=\"violation\">\(inv.rawValue)</b> at tick \(first.tick) (\(secondsLabel(first.time))): \(escapeMarkup(first.message))\(total > 1 ? " <span class=\"muted\">(\(total) ticks)</span>" : "")")
        }
        lines += r.failures.map { "<b class=\"violation\">expectation</b> <code>\(escapeMarkup($0.path))</code>: \(escapeMarkup($0.message))" }
        guard !lines.isEmpty else { return "" }
        let shown = lines.prefix(limit).joined(separator: "<br>")
        return lines.count > limit ? shown + "<br><span class=\"muted\">… \(lines.count - limit) more</span>" : shown
    }
}
