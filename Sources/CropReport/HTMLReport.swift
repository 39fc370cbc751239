import CropImaging
import CropModel
import CropSim
import Foundation

/// `index.html`: one self-contained page (inline SVG, CSS and JavaScript, nothing fetched) that
/// shows what every gesture of a run did. Failures come first, in the summary and in the
/// sections. Everything on it is deterministic except the model-time numbers and wall seconds.
public enum HTMLReport {
    /// `wallSeconds` by scenario id; `thumbnails` (upright photos, any size) by scenario id, used
    /// for scenarios that name an image file; the others show the test pattern.
    public static func render(_ results: [RunResult], wallSeconds: [String: Double], thumbnails: [String: RGBImage]) -> String {
        let ordered = results.enumerated().sorted { a, b in
            a.element.passed != b.element.passed ? !a.element.passed : (a.element.scenario.id, a.offset) < (b.element.scenario.id, b.offset)
        }.map(\.element)
        let failed = ordered.filter { !$0.passed }.count
        var page = "<!DOCTYPE html>\n<html lang=\"en\" data-js-errors=\"not-run\"><head><meta charset=\"utf-8\">"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        page += "<title>cropsim report: \(ordered.count - failed) of \(ordered.count) passed</title>"
        page += "<style>\(PageAssets.css)</style><script>\(PageAssets.errorTrap)</script></head><body>\n"
        page += "<header><h1>cropsim report</h1><p class=\"totals\"><b>\(ordered.count)</b> scenarios: "
        page += "<span class=\"badge pass\">✓ \(ordered.count - failed) passed</span> <span class=\"badge \(failed > 0 ? "fail" : "none")\">✗ \(failed) failed</span></p>"
        page += "<p id=\"js-status\" data-status=\"not-run\">The scrubbers need JavaScript, which has not run.</p></header>\n"
        page += summary(ordered)
        page += "<main>\n"
        for (n, r) in ordered.enumerated() {
            page += section(r, index: n, wallSeconds: wallSeconds[r.scenario.id], thumbnail: thumbnails[r.scenario.id])
        }
        page += "</main>\n<footer>\(PageAssets.footer)</footer>\n<script>\(PageAssets.script)</script>\n</body></html>\n"
        return page
    }

    // MARK: Summary

    private static func summary(_ results: [RunResult]) -> String {
        var s = "<section class=\"summary\"><h2>Summary</h2><table><thead><tr><th>Result</th><th>Scenario</th><th class=\"num\">Ticks</th>"
        s += "<th class=\"num\">Violations</th><th>Haptics</th><th class=\"num\">p95 model time / tick</th><th>Problems</th></tr></thead><tbody>\n"
        for (n, r) in results.enumerated() {
            let timing = FrameTimingStatistics(r.modelNanoseconds)
            s += "<tr class=\"\(r.passed ? "pass" : "fail")\"><td>\(badge(r))</td>"
            s += "<td><a href=\"#s-\(n)\">\(escapeMarkup(r.scenario.name))</a><br><code>\(escapeMarkup(r.scenario.id))</code></td>"
            s += "<td class=\"num\">\(r.ticks)</td><td class=\"num\">\(r.violationCount)</td><td>\(hapticList(r))</td>"
            s += "<td class=\"num\">\(SVGChart.durationLabel(timing.p95Ns / 1000))</td><td>\(problems(r, limit: 3))</td></tr>\n"
        }
        return s + "</tbody></table></section>\n"
    }

    private static func badge(_ r: RunResult) -> String {
        r.passed ? "<span class=\"badge pass\">✓ pass</span>" : "<span class=\"badge fail\">✗ fail</span>"
    }

    private static func hapticList(_ r: RunResult) -> String {
        let counts = r.hapticCounts
        guard !counts.isEmpty else { return "<span class=\"muted\">none</span>" }
        return counts.keys.sorted().map { "<span class=\"nowrap\">\(escapeMarkup($0)) × \(counts[$0]!)</span>" }.joined(separator: "<br>")
    }

    /// Violations grouped by invariant (first tick, its numbers, how many), then failed
    /// expectations and a refusal, at most `limit` lines.
    private static func problems(_ r: RunResult, limit: Int) -> String {
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

    // MARK: Sections

    private static func section(_ r: RunResult, index n: Int, wallSeconds: Double?, thumbnail: RGBImage?) -> String {
        let s = r.scenario
        var out = "<section class=\"scenario \(r.passed ? "pass" : "fail")\" id=\"s-\(n)\" data-scenario-id=\"\(escapeMarkup(s.id))\">"
        out += "<h2>\(badge(r)) \(escapeMarkup(s.name))</h2>"
        out += "<p class=\"meta\"><code>\(escapeMarkup(s.id))</code> · \(r.ticks) ticks (\(secondsLabel(Double(r.ticks) / Double(Editor.ticksPerSecond))))"
        if !s.covers.isEmpty { out += " · covers \(escapeMarkup(s.covers.joined(separator: ", ")))" }
        out += " · photo \(s.image.source.storedWidth)×\(s.image.source.storedHeight) orientation \(s.image.source.orientation.rawValue)"
        if let file = s.image.file { out += " (<code>\(escapeMarkup(file))</code>)" }
        if let wallSeconds { out += " · wall \(svgNumber(wallSeconds, decimals: 3)) s" }
        out += "</p>"
        if !s.description.isEmpty { out += "<p class=\"description\">\(escapeMarkup(s.description))</p>" }
        let problemList = problems(r, limit: 40)
        if !problemList.isEmpty { out += "<div class=\"problems\"><h3>Problems</h3><p>\(problemList)</p></div>" }
        guard !r.frames.isEmpty else {
            return out + "<p class=\"muted\">No frames: the editor never opened.</p></section>\n"
        }
        let photo = "photo-\(n)"
        out += Filmstrip.photoDefinitions(id: photo, result: r, thumbnail: thumbnail)
        out += "<div class=\"charts\">"
        out += SVGChart.timeline(.init(cssClass: "timeline zoom", title: "Zoom", yTitle: "zoom s (×)", valueLabel: "scale s",
                                       bandLabel: "[s_min, s_max]", value: { $0.pose.scale }, band: { ($0.sMin, $0.sMax) }), result: r)
        out += SVGChart.timeline(.init(cssClass: "timeline pan-x", title: "Horizontal translation", yTitle: "tx (pt)", valueLabel: "tx",
                                       bandLabel: "±maxTx", value: { $0.pose.translation.x }, band: { (-$0.panLimit.x, $0.panLimit.x) }), result: r)
        out += SVGChart.timeline(.init(cssClass: "timeline pan-y", title: "Vertical translation", yTitle: "ty (pt)", valueLabel: "ty",
                                       bandLabel: "±maxTy", value: { $0.pose.translation.y }, band: { (-$0.panLimit.y, $0.panLimit.y) }), result: r)
        if r.frames.first?.rotationAllowed == true { out += SVGChart.angleTimeline(r) }
        out += "</div><div class=\"row\">"
        out += "<div class=\"scrubber\"><h3>Scrubber</h3>\(Filmstrip.player(r, photo: photo, dataID: "data-\(n)"))</div>"
        out += "<div class=\"timing\"><h3>Frame time</h3>\(timing(r.modelNanoseconds))</div></div>"
        out += "<h3>Filmstrip</h3>\(Filmstrip.strip(r, photo: photo))"
        return out + "</section>\n"
    }

    private static func timing(_ samples: [Int64]) -> String {
        let t = FrameTimingStatistics(samples)
        var s = SVGChart.histogram(samples, stats: t)
        s += "<table class=\"stats\"><tr><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th><th>over 16.67 ms</th><th>hitch time</th></tr><tr>"
        for ns in [t.p50Ns, t.p90Ns, t.p95Ns, t.p99Ns, t.maxNs] { s += "<td>\(SVGChart.durationLabel(ns / 1000))</td>" }
        s += "<td>\(t.overBudget) of \(t.ticks)</td><td>\(svgNumber(t.hitchMsPerSecond, decimals: 3)) ms/s</td></tr></table>"
        return s
    }
}
