import CropFrames
import CropImaging
import CropLogs
import CropSim
import CropText
import CropVocabulary

/// One scenario's section of the report (what `detail.js` carries): its id, covered
/// requirements, photo and description, problems, the zoom and translation timelines, the
/// scrubber and the filmstrip; and, apart (what `timing.js` carries, filled into the section's
/// `.timing` box), the frame-time histogram and the wall seconds.
enum ScenarioSection {
    static func render(_ r: RunResult, thumbnail: RGBImage?) -> String {
        let s = r.scenario
        let k = HTMLReport.elementKey(s.id)
        var out =
            "<section class=\"scenario \(r.passed ? "pass" : "fail")\" id=\"s-\(k)\" data-scenario-id=\"\(escapeMarkup(s.id))\">"
        out += "<h2>\(HTMLReport.badge(r)) \(escapeMarkup(s.name))</h2>"
        out +=
            "<p class=\"meta\"><code>\(escapeMarkup(s.id))</code> · \(r.ticks) ticks (\(secondsLabel(Double(r.ticks) / Double(TickClock.ticksPerSecond))))"
        if !s.covers.isEmpty { out += " · covers \(escapeMarkup(s.covers.joined(separator: ", ")))" }
        out +=
            " · photo \(s.image.source.storedWidth)×\(s.image.source.storedHeight) orientation \(s.image.source.orientation.rawValue)"
        if let file = s.image.file { out += " (<code>\(escapeMarkup(file))</code>)" }
        out += "</p>"
        if !s.description.isEmpty { out += "<p class=\"description\">\(escapeMarkup(s.description))</p>" }
        let problemList = HTMLReport.problems(r, limit: 40)
        if !problemList.isEmpty { out += "<div class=\"problems\"><h3>Problems</h3><p>\(problemList)</p></div>" }
        guard !r.frames.isEmpty else {
            return out + "<p class=\"muted\">No frames: the editor never opened.</p></section>\n"
        }
        let photo = "photo-\(k)"
        out += Filmstrip.photoDefinitions(id: photo, result: r, thumbnail: thumbnail)
        out += "<div class=\"charts\">"
        out += SVGChart.timeline(
            .init(
                cssClass: "timeline zoom", title: "Zoom", yTitle: "zoom s (×)", valueLabel: "scale s",
                bandLabel: "[s_min, s_max]", value: { $0.pose.scale }, band: { ($0.sMin, $0.sMax) }), result: r)
        out += SVGChart.timeline(
            .init(
                cssClass: "timeline pan-x", title: "Horizontal translation", yTitle: "tx (pt)", valueLabel: "tx",
                bandLabel: "±maxTx", value: { $0.pose.translation.x }, band: { (-$0.panLimit.x, $0.panLimit.x) }),
            result: r)
        out += SVGChart.timeline(
            .init(
                cssClass: "timeline pan-y", title: "Vertical translation", yTitle: "ty (pt)", valueLabel: "ty",
                bandLabel: "±maxTy", value: { $0.pose.translation.y }, band: { (-$0.panLimit.y, $0.panLimit.y) }),
            result: r)
        if r.frames.first?.rotationAllowed == true { out += SVGChart.angleTimeline(r) }
        out += "</div><div class=\"row\">"
        out +=
            "<div class=\"scrubber\"><h3>Scrubber</h3>\(Filmstrip.player(r, photo: photo, dataID: "data-\(k)"))</div>"
        out +=
            "<div class=\"timing\"><h3>Frame time</h3><p class=\"muted\">Measured times load from timing.js…</p></div></div>"
        out += "<h3>Filmstrip</h3>\(Filmstrip.strip(r, photo: photo))"
        return out + "</section>\n"
    }

    /// What `timing.js` carries: the frame-time histogram and its table, and the wall seconds.
    /// An unmeasured run (every sample 0: an editor over the model protocol) says so instead of
    /// drawing a histogram of zeros and a table of "0 ns".
    static func timing(_ samples: [Int64], wallSeconds: Double?) -> String {
        let wall = "<p class=\"meta wall\">wall \(wallLabel(wallSeconds)) for the whole scenario</p>"
        guard FrameTimingStatistics.measured(samples) else {
            return
                "<p class=\"muted unmeasured\">Model time per tick was not measured in this run (an editor over the model protocol is "
                + "timed only as a whole), so there is no histogram.</p>" + wall
        }
        let t = FrameTimingStatistics(samples)
        var s = SVGChart.histogram(samples, stats: t)
        s +=
            "<table class=\"stats\"><tr><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th><th>over 16.67 ms</th><th>hitch time</th></tr><tr>"
        for ns in [t.p50Ns, t.p90Ns, t.p95Ns, t.p99Ns, t.maxNs] { s += "<td>\(SVGChart.durationLabel(ns / 1000))</td>" }
        s +=
            "<td>\(t.overBudget) of \(t.ticks)</td><td>\(svgNumber(t.hitchMsPerSecond, decimals: 3)) ms/s</td></tr></table>"
        return s + wall
    }

    /// Wall time in the unit people read it in ("412 µs", "3.2 ms", "1.25 s"); "—" when it was
    /// not measured (a sub-millisecond run once read "0 s").
    static func wallLabel(_ seconds: Double?) -> String {
        guard let seconds, seconds > 0 else { return "—" }
        return seconds < 1 ? SVGChart.durationLabel(seconds * 1_000_000) : "\(svgNumber(seconds, decimals: 2)) s"
    }
}
