import CropReport
import CropSim
import CropText

/// `index.html` of a diff: one static page, no script and nothing fetched, so it opens from disk,
/// from a CI artifact or a code-review attachment. A summary, the one-line summaries of the changed
/// scenarios, then per scenario the timelines of both runs overlaid and their filmstrips side by side.
public enum DiffPage {
    public static func render(_ diff: ReportDiff) -> String {
        var out = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cropsim report diff</title>\n<style>\(style)</style></head><body>\n"
        out += DiffFrame.photoSymbol + "\n"
        out += "<h1>cropsim report diff</h1>\n<p class=\"sides\"><span class=\"a\">A</span> <code>\(escapeMarkup(diff.a))</code> · "
        out += "<span class=\"b\">B</span> <code>\(escapeMarkup(diff.b))</code></p>\n"
        out += "<p class=\"legend\">Charts: <span class=\"a\">A solid</span>, <span class=\"b\">B dashed</span>; the dotted line is the first tick where they differ, and its frame is outlined in the filmstrips. "
        out += "Frames show a stand-in pattern for the photo.</p>\n"
        out += "<p id=\"counts\">\(diff.identical.count) identical, \(diff.count(.both)) changed, \(diff.count(.onlyInA)) only in A, \(diff.count(.onlyInB)) only in B</p>\n"
        if diff.isIdentical {
            return out + "<p id=\"verdict\">The two reports behave identically.</p>\n</body></html>\n"
        }
        out += "<ul id=\"changed\">\n"
        for (i, c) in diff.changed.enumerated() {
            out += "<li><a href=\"#d\(i)\">\(escapeMarkup(ReportDiff.line(c.diff)))</a></li>\n"
        }
        out += "</ul>\n"
        for (i, c) in diff.changed.enumerated() { out += section(c, anchor: "d\(i)") }
        return out + "</body></html>\n"
    }

    static func section(_ c: ReportDiff.Changed, anchor: String) -> String {
        let d = c.diff
        var out = "<section class=\"scenario\" id=\"\(anchor)\" data-id=\"\(escapeMarkup(d.id))\"><h2><code>\(escapeMarkup(d.id))</code> \(escapeMarkup(d.name))</h2>\n"
        out += "<p class=\"line\">\(escapeMarkup(ReportDiff.line(d)))</p>\n"
        let a = c.a?.frames ?? [], b = c.b?.frames ?? []
        if !a.isEmpty || !b.isEmpty {
            out += "<div class=\"charts\">"
            let series: [(String, String, KeyPath<FrameSample, Double>)] = [("zoom s", "×", \.scale), ("tx", " pt", \.tx), ("ty", " pt", \.ty), ("angle", "°", \.angle)]
            for (title, unit, value) in series where title == "zoom s" || (a + b).contains(where: { $0[keyPath: value] != 0 }) {
                out += DiffChart.svg(title: title, unit: unit, a: a.map { ($0.tick, $0[keyPath: value]) }, b: b.map { ($0.tick, $0[keyPath: value]) }, mark: d.firstTick)
            }
            out += "</div>\n"
        }
        let last = max(a.last?.tick ?? 0, b.last?.tick ?? 0)
        let ticks = DiffFrame.ticks(lastTick: last, firstDifference: d.firstTick)
        out += "<div class=\"strips\">" + strip("A", c.a, ticks: ticks, first: d.firstTick) + strip("B", c.b, ticks: ticks, first: d.firstTick) + "</div>\n"
        return out + "</section>\n"
    }

    /// One side's filmstrip at the shared ticks; the frame at the first differing tick is outlined.
    static func strip(_ side: String, _ logs: ScenarioLogs?, ticks: [Int], first: Int?) -> String {
        var out = "<div class=\"strip strip-\(side.lowercased())\"><h3 class=\"\(side.lowercased())\">\(side)</h3>"
        guard let logs, let photo = logs.photo, !logs.frames.isEmpty else {
            return out + "<p class=\"none\">\(logs == nil ? "not in this report" : "no frames: the photo was refused")</p></div>"
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
    #changed li{margin:2px 0}.scenario{border-top:1px solid #D9D9D9;margin-top:16px}
    .charts{display:flex;flex-wrap:wrap;gap:4px}.strips{display:grid;grid-template-columns:1fr 1fr;gap:12px}
    .strip{border:1px solid #D9D9D9;padding:4px}.strip-a{border-left:4px solid #0072B2}.strip-b{border-left:4px solid #D55E00}
    .frames{display:flex;flex-wrap:wrap;gap:4px}figure{margin:0;text-align:center;font-size:11px}
    figure.first svg{outline:3px solid #555}h3{margin:2px 0}
    """
}
