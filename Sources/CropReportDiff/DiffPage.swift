import CropSim
import CropText

/// `index.html` of a diff: one static page, no script and nothing fetched, so it opens from disk,
/// from a CI artifact or a code-review attachment. A summary, the changed scenarios grouped by
/// severity (`DiffSeverity`), each with its verdict badges and one-line summary, then per scenario
/// the failed expectation, the timelines of both runs overlaid and their filmstrips side by side.
public enum DiffPage {
    public static func render(_ diff: ReportDiff) -> String {
        var out =
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cropsim report diff</title>\n<style>\(style)</style></head><body>\n"
        out += DiffFrame.photoSymbol + "\n"
        out +=
            "<h1>cropsim report diff</h1>\n<p class=\"sides\"><span class=\"a\">A</span> <code>\(escapeMarkup(diff.a))</code> · "
        out += "<span class=\"b\">B</span> <code>\(escapeMarkup(diff.b))</code></p>\n"
        out +=
            "<p class=\"legend\">Charts: <span class=\"a\">A solid</span>, <span class=\"b\">B dashed</span>; the dotted line is the first tick where they differ, and its frame is outlined in the filmstrips. "
        out += "Frames show a stand-in pattern for the photo.</p>\n"
        out +=
            "<p id=\"counts\">\(diff.identical.count) identical, \(diff.count(.both)) changed, \(diff.count(.onlyInA)) only in A, \(diff.count(.onlyInB)) only in B</p>\n"
        if diff.isIdentical {
            return out + "<p id=\"verdict\">The two reports behave identically.</p>\n</body></html>\n"
        }
        let rows = diff.rows
        out += "<div id=\"changed\">\n"
        for severity in DiffSeverity.allCases {
            let group = rows.indices.filter { rows[$0].diff.severity == severity }
            guard !group.isEmpty else { continue }
            out +=
                "<h2 class=\"group \(severity.key)\">\(severity.title) <span class=\"count\">\(group.count)</span></h2>\n<ul class=\"rows \(severity.key)\">\n"
            for i in group { out += row(rows[i].diff, anchor: "d\(i)") }
            out += "</ul>\n"
        }
        out += "</div>\n"
        for (i, c) in rows.enumerated() { out += section(c, anchor: "d\(i)") }
        return out + "</body></html>\n"
    }

    /// One row of the list: the verdict as badges (A's → B's, outside the link so it reads as a
    /// status, not as link text), the id linking to its section, what differs.
    static func row(_ d: ScenarioDiff, anchor: String) -> String {
        var out = "<li class=\"row \(d.severity.key)\" data-id=\"\(escapeMarkup(d.id))\">" + badges(d)
        let line = ReportDiff.line(d)
        let rest = line.hasPrefix(d.id + ": ") ? String(line.dropFirst(d.id.count + 2)) : line
        out +=
            " <a href=\"#\(anchor)\"><code>\(escapeMarkup(d.id))</code></a> <span class=\"what\">\(escapeMarkup(rest))</span>"
        if let problem = failedExpectation(d) { out += "<div class=\"problem\">\(escapeMarkup(problem))</div>" }
        return out + "</li>\n"
    }

    /// "passed → failed" as two badges, or one where only one report holds the scenario or the
    /// verdict is unchanged.
    static func badges(_ d: ScenarioDiff) -> String {
        func badge(_ verdict: String, _ side: String) -> String {
            "<span class=\"badge \(escapeMarkup(verdict))\" title=\"\(side)\">\(side) \(escapeMarkup(verdict == "notApplicable" ? "n/a" : verdict))</span>"
        }
        switch d.presence {
        case .onlyInA: return "<span class=\"badge missing\">only in A</span>"
        case .onlyInB: return "<span class=\"badge missing\">only in B</span>"
        case .both: break
        }
        guard let v = d.verdict, v.a != v.b else { return badge(d.currentVerdict, "A, B") }
        return badge(v.a, "A") + "<span class=\"arrow\">→</span>" + badge(v.b, "B")
    }

    /// The expectation or invariant the failing side failed on first, named for its side.
    static func failedExpectation(_ d: ScenarioDiff) -> String? {
        guard let v = d.verdict else { return nil }
        if v.b == "failed", let p = v.problemB { return "B failed: " + p }
        if v.a == "failed", let p = v.problemA { return "A failed: " + p }
        return nil
    }

    static func section(_ c: ReportDiff.Changed, anchor: String) -> String {
        let d = c.diff
        var out =
            "<section class=\"scenario\" id=\"\(anchor)\" data-id=\"\(escapeMarkup(d.id))\"><h2><code>\(escapeMarkup(d.id))</code> \(escapeMarkup(d.name))</h2>\n"
        out += "<p class=\"line\">\(badges(d)) \(escapeMarkup(ReportDiff.line(d)))</p>\n"
        if let problem = failedExpectation(d) { out += "<p class=\"problem\">\(escapeMarkup(problem))</p>\n" }
        let a = c.a?.frames ?? [], b = c.b?.frames ?? []
        if !a.isEmpty || !b.isEmpty {
            out += "<div class=\"charts\">"
            let series: [(String, String, KeyPath<FrameSample, Double>)] = [
                ("zoom s", "×", \.scale), ("tx", " pt", \.tx), ("ty", " pt", \.ty), ("angle", "°", \.angle)
            ]
            for (title, unit, value) in series
            where title == "zoom s" || (a + b).contains(where: { $0[keyPath: value] != 0 }) {
                out += DiffChart.svg(
                    title: title, unit: unit, a: a.map { ($0.tick, $0[keyPath: value]) },
                    b: b.map { ($0.tick, $0[keyPath: value]) }, mark: d.firstTick)
            }
            out += "</div>\n"
        }
        let last = max(a.last?.tick ?? 0, b.last?.tick ?? 0)
        let ticks = DiffFrame.ticks(lastTick: last, firstDifference: d.firstTick)
        out +=
            "<div class=\"strips\">" + strip("A", c.a, ticks: ticks, first: d.firstTick)
            + strip("B", c.b, ticks: ticks, first: d.firstTick) + "</div>\n"
        return out + "</section>\n"
    }

    /// One side's filmstrip at the shared ticks; the frame at the first differing tick is outlined.
    static func strip(_ side: String, _ logs: ScenarioLogs?, ticks: [Int], first: Int?) -> String {
        var out = "<div class=\"strip strip-\(side.lowercased())\"><h3 class=\"\(side.lowercased())\">\(side)</h3>"
        guard let logs, let photo = logs.photo, !logs.frames.isEmpty else {
            return out
                + "<p class=\"none\">\(logs == nil ? "not in this report" : "no frames: the photo was refused")</p></div>"
        }
        out += "<div class=\"frames\">"
        for tick in ticks {
            guard let f = DiffFrame.frame(logs.frames, at: tick) else { continue }
            out += "<figure\(tick == first ? " class=\"first\"" : "")>" + DiffFrame.svg(f, photo: photo, width: 96)
            out += "<figcaption>tick \(f.tick)<br>s \(DiffFrame.n(f.scale, 4))</figcaption></figure>"
        }
        return out + "</div></div>"
    }

    static let style = """
        body{font:14px system-ui,sans-serif;margin:16px;color:#000}code{font-size:13px}
        .a{color:#0072B2;font-weight:600}.b{color:#D55E00;font-weight:600}
        #changed ul{list-style:none;padding:0;margin:4px 0 12px}#changed li{margin:4px 0}
        h2.group{font-size:16px;margin:16px 0 4px}h2.group .count{font-weight:400;color:#555}
        .badge{display:inline-block;padding:1px 7px;border-radius:9px;font-size:12px;font-weight:600;border:1px solid}
        .badge.passed{background:#E6F4EE;color:#00593F;border-color:#009E73}
        .badge.failed{background:#D55E00;color:#fff;border-color:#D55E00}
        .badge.notApplicable,.badge.same,.badge.missing{background:#fff;color:#555;border-color:#999}
        .arrow{margin:0 4px;font-weight:600}.what{color:#222}
        .problem{margin:2px 0 0 18px;padding:3px 8px;border-left:3px solid #D55E00;background:#FBEFE6;font-size:13px;white-space:pre-wrap}
        .scenario{border-top:1px solid #D9D9D9;margin-top:16px}
        .charts{display:flex;flex-wrap:wrap;gap:4px}.strips{display:grid;grid-template-columns:1fr 1fr;gap:12px}
        .strip{border:1px solid #D9D9D9;padding:4px}.strip-a{border-left:4px solid #0072B2}.strip-b{border-left:4px solid #D55E00}
        .frames{display:flex;flex-wrap:wrap;gap:4px}figure{margin:0;text-align:center;font-size:11px}
        figure.first svg{outline:3px solid #555}h3{margin:2px 0}
        """
}
