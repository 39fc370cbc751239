import CropFrames
import CropLogs
import CropModel
import CropSim
import CropSpec
import CropText
import CropVocabulary
import Foundation

/// The report's charts as inline SVG, drawn in Swift so the page needs no chart library and the
/// same run always gives the same markup. Every chart has a title, titled axes with units and a
/// legend naming only what it shows.
enum SVGChart {
    static let width = 900.0
    static let height = 240.0
    static let left = 72.0
    static let right = 190.0
    static let top = 46.0
    /// The gesture lane: pans and pinches as opaque spans in a strip of their own above the plot,
    /// where nothing else is drawn, so their colours never mix with the band's into another
    /// legend colour (a yellow pan over the blue band once rendered as the pinch's green).
    static let laneTop = 28.0
    static let laneHeight = 10.0
    static let bottom = 46.0
    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - top - bottom }

    /// One value per frame with its allowed range, e.g. zoom within [s_min, s_max].
    struct Timeline {
        var cssClass: String
        var title: String
        var yTitle: String
        var valueLabel: String
        var bandLabel: String
        var value: (FrameRecord) -> Double
        /// The allowed range per frame; nil for a value with none (the angle).
        var band: ((FrameRecord) -> (lower: Double, upper: Double))?
        /// Fixed ranges drawn as horizontal bands under the value (the angle's snap windows).
        var windows: [ClosedRange<Double>] = []
        var windowLabel = ""
    }

    /// A timeline: the band, the value line, gesture phases as shaded spans, haptics as ▼ at the
    /// top, violations as red × with a dashed line, and a cursor the scrubber moves.
    static func timeline(_ spec: Timeline, result: RunResult) -> String {
        let frames = result.frames
        guard let last = frames.last?.tick else { return "" }
        let span = Double(max(last, 1))
        func x(_ tick: Int) -> Double { left + Double(tick) / span * plotWidth }
        let values = frames.map(spec.value)
        let bands = spec.band.map { frames.map($0) } ?? []
        var lo = min(values.min() ?? 0, bands.map(\.lower).min() ?? values.min() ?? 0)
        var hi = max(values.max() ?? 1, bands.map(\.upper).max() ?? values.max() ?? 1)
        if hi - lo < 1e-9 { lo -= 1; hi += 1 }
        let pad = (hi - lo) * 0.08
        lo -= pad
        hi += pad
        func y(_ v: Double) -> Double { top + (hi - v) / (hi - lo) * plotHeight }

        var s = open(
            spec.cssClass, title: spec.title,
            extra: "data-x0=\"\(svgNumber(left))\" data-dx=\"\(svgNumber(plotWidth / span, decimals: 5))\"")
        var legend: [LegendItem] = [.init(label: spec.valueLabel, swatch: .line(Palette.value, dash: nil))]
        if spec.band != nil { legend.append(.init(label: spec.bandLabel, swatch: .area(Palette.band))) }
        // Phases first, so everything else draws over them.
        let spans = phaseSpans(frames)
        for p in spans {
            let color = p.phase == "pinch" ? Palette.pinch : Palette.pan
            s +=
                "<rect class=\"phase phase-\(p.phase)\" x=\"\(svgNumber(x(p.start)))\" y=\"\(svgNumber(laneTop))\" width=\"\(svgNumber(max(x(p.end) - x(p.start), 1)))\" height=\"\(svgNumber(laneHeight))\" fill=\"\(color)\" stroke=\"#000\" stroke-width=\"0.5\"><title>\(p.phase) ticks \(p.start)–\(p.end)</title></rect>"
        }
        for phase in ["pan", "pinch"] where spans.contains(where: { $0.phase == phase }) {
            legend.append(
                .init(label: "\(phase) gesture", swatch: .solid(phase == "pinch" ? Palette.pinch : Palette.pan)))
        }
        s += yAxis(lo: lo, hi: hi, title: spec.yTitle, y: y)
        s += xAxis(lastTick: last, x: x)

        for w in spec.windows where w.upperBound > lo && w.lowerBound < hi {
            let y0 = y(min(w.upperBound, hi)), y1 = y(max(w.lowerBound, lo))
            s +=
                "<rect class=\"window\" x=\"\(svgNumber(left))\" y=\"\(svgNumber(y0))\" width=\"\(svgNumber(plotWidth))\" height=\"\(svgNumber(y1 - y0))\" fill=\"\(Palette.guide)\" fill-opacity=\"0.35\"><title>\(escapeMarkup(spec.windowLabel)) \(svgNumber(w.lowerBound))…\(svgNumber(w.upperBound))</title></rect>"
        }
        if !spec.windows.isEmpty { legend.append(.init(label: spec.windowLabel, swatch: .area(Palette.guide))) }
        if !bands.isEmpty {
            let upper = polyline(frames.indices.map { (x(frames[$0].tick), y(bands[$0].upper)) })
            let lower = polyline(frames.indices.map { (x(frames[$0].tick), y(bands[$0].lower)) })
            s +=
                "<polygon class=\"band\" points=\"\(upper) \(polyline(frames.indices.reversed().map { (x(frames[$0].tick), y(bands[$0].lower)) }))\" fill=\"\(Palette.band)\" fill-opacity=\"0.25\"/>"
            s +=
                "<polyline class=\"band-edge\" points=\"\(upper)\" fill=\"none\" stroke=\"\(Palette.band)\" stroke-width=\"1.5\"/>"
            s +=
                "<polyline class=\"band-edge\" points=\"\(lower)\" fill=\"none\" stroke=\"\(Palette.band)\" stroke-width=\"1.5\"/>"
        }
        s +=
            "<polyline class=\"series\" points=\"\(polyline(frames.indices.map { (x(frames[$0].tick), y(values[$0])) }))\" fill=\"none\" stroke=\"\(Palette.value)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"

        s += hapticMarkers(result.haptics, x: x, legend: &legend)
        s += violationMarkers(result.violations, x: x)
        if !result.violations.isEmpty { legend.append(.init(label: "violation", swatch: .cross(Palette.violation))) }
        let checkpoints = Self.checkpoints(result)
        s += checkpointMarkers(checkpoints, x: { x(min($0, last)) })
        if checkpoints.contains(where: { $0.failed.isEmpty }) {
            legend.append(.init(label: "checkpoint met", swatch: .diamond(nil)))
        }
        if checkpoints.contains(where: { !$0.failed.isEmpty }) {
            legend.append(.init(label: "checkpoint failed", swatch: .diamond(Palette.violation)))
        }
        s +=
            "<line class=\"cursor\" x1=\"\(svgNumber(left))\" x2=\"\(svgNumber(left))\" y1=\"\(svgNumber(top))\" y2=\"\(svgNumber(top + plotHeight))\" stroke=\"#000\" stroke-width=\"1\" stroke-dasharray=\"2 2\"/>"
        s += self.legend(legend)
        return s + "</svg>"
    }

    /// Every haptic as a ▼ at the top of the plot, limit haptics in their own colour, and their
    /// legend entries.
    private static func hapticMarkers(
        _ haptics: [(tick: Int, haptic: Haptic)], x: (Int) -> Double,
        legend: inout [LegendItem]
    ) -> String {
        var s = ""
        for h in haptics {
            let hx = x(h.tick), color = h.haptic.reason == nil ? Palette.otherHaptic : Palette.haptic
            s +=
                "<path class=\"haptic-marker\" d=\"M\(svgNumber(hx - 6)) \(svgNumber(top))h12l-6 10z\" fill=\"\(color)\" stroke=\"#000\" stroke-width=\"0.75\"><title>haptic \(escapeMarkup(h.haptic.name)) at tick \(h.tick) (\(secondsLabel(Double(h.tick) / 60)))</title></path>"
        }
        if haptics.contains(where: { $0.haptic.reason != nil }) {
            legend.append(.init(label: "light impact (limit)", swatch: .marker(Palette.haptic)))
        }
        if haptics.contains(where: { $0.haptic.reason == nil }) {
            let label = haptics.contains { $0.haptic == .snap } ? "snap / success / error" : "success / error haptic"
            legend.append(.init(label: label, swatch: .marker(Palette.otherHaptic)))
        }
        return s
    }

    /// Every tick with a violation, once, as a dashed vertical line and a × on the time axis.
    private static func violationMarkers(_ violations: [Violation], x: (Int) -> Double) -> String {
        let byTick = Dictionary(grouping: violations, by: \.tick)
        var s = ""
        for tick in byTick.keys.sorted() {
            let vx = x(tick), by = top + plotHeight
            let names = byTick[tick]!.map(\.property.rawValue).sorted().joined(separator: ", ")
            s +=
                "<g class=\"violation-marker\" stroke=\"\(Palette.violation)\" stroke-width=\"2\"><title>violation at tick \(tick): \(escapeMarkup(names))</title>"
            s +=
                "<line x1=\"\(svgNumber(vx))\" x2=\"\(svgNumber(vx))\" y1=\"\(svgNumber(top))\" y2=\"\(svgNumber(by))\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>"
            s += "<path d=\"M\(svgNumber(vx - 5)) \(svgNumber(by - 12))l10 10m0 -10l-10 10\" stroke-width=\"2.5\"/></g>"
        }
        return s
    }

    /// The scenario's checkpoints: the tick each is checked on (its time rounded up, as the
    /// simulator does) and the messages of its failed expectations (empty when it was met).
    static func checkpoints(_ r: RunResult) -> [(time: Double, tick: Int, failed: [String])] {
        r.scenario.checkpoints.map { c in
            let failed = r.failures.filter {
                $0.path == c.path || $0.path.hasPrefix(c.path + ".") || $0.path.hasPrefix(c.path + "[")
            }
            return (c.time, Int((c.time * Double(TickClock.ticksPerSecond)).rounded(.up)), failed.map(\.description))
        }
    }

    /// Each checkpoint as a diamond on the time axis and a thin line up the plot: hollow black when
    /// met, filled vermillion with a solid line when failed (shape and colour, never colour alone).
    private static func checkpointMarkers(
        _ checkpoints: [(time: Double, tick: Int, failed: [String])], x: (Int) -> Double
    ) -> String {
        var s = ""
        for c in checkpoints {
            let cx = x(c.tick), by = top + plotHeight, failed = !c.failed.isEmpty
            let color = failed ? Palette.violation : Palette.ink
            let what = failed ? "failed: " + c.failed.joined(separator: "; ") : "met"
            s +=
                "<g class=\"checkpoint\(failed ? " failed" : "")\" data-time=\"\(svgNumber(c.time))\"><title>checkpoint at \(secondsLabel(c.time)) (tick \(c.tick)) \(escapeMarkup(what))</title>"
            s +=
                "<line x1=\"\(svgNumber(cx))\" x2=\"\(svgNumber(cx))\" y1=\"\(svgNumber(top))\" y2=\"\(svgNumber(by))\" stroke=\"\(color)\" stroke-width=\"\(failed ? "2" : "1")\"\(failed ? "" : " stroke-dasharray=\"1 3\"")/>"
            s +=
                "<path d=\"\(diamond(cx, by))\" fill=\"\(failed ? Palette.violation : "#fff")\" stroke=\"\(color)\" stroke-width=\"2\"/></g>"
        }
        return s
    }

    private static func diamond(_ cx: Double, _ cy: Double) -> String {
        "M\(svgNumber(cx)) \(svgNumber(cy - 7))l7 7l-7 7l-7 -7z"
    }

    /// A histogram of model time per tick on a log axis (µs), with p50/p90/p95/p99/max and the
    /// 16.67 ms frame budget as vertical lines. The axis spans the data (to the half decade
    /// around its fastest and slowest tick), not the budget: a suite far under budget once had
    /// its bars squeezed into the left 15 % of a 100 ns–100 ms axis. A budget off the axis is
    /// named in the legend with how far away it is.
    static func histogram(_ samples: [Int64], stats: FrameTimingStatistics) -> String {
        let budget = Double(FrameTimingStatistics.budgetNanoseconds) / 1000
        let micros = samples.map { Double($0) / 1000 }
        let positive = micros.filter { $0 > 0 }
        let range = histogramRange(positive)
        let (loLog, hiLog) = (range.lowerBound, range.upperBound)
        let binsPerDecade = 10
        let bins = max(1, Int(((hiLog - loLog) * Double(binsPerDecade)).rounded()))
        var counts = [Int](repeating: 0, count: bins)
        for m in micros {
            let b = m > 0 ? Int(floor((log10(m) - loLog) * Double(binsPerDecade))) : 0
            counts[min(max(b, 0), bins - 1)] += 1
        }
        func x(_ micro: Double) -> Double {
            left + (min(max(log10(max(micro, 1e-9)), loLog), hiLog) - loLog) / (hiLog - loLog) * plotWidth
        }
        let maxCount = Double(max(counts.max() ?? 1, 1))
        let ticks = niceTicks(0, maxCount, minimumStep: 1)
        let yMax = max(maxCount, ticks.last ?? maxCount)
        func y(_ c: Double) -> Double { top + (yMax - c) / yMax * plotHeight }

        var s = open("histogram", title: "Model time per tick (\(samples.count) ticks)", extra: "")
        for t in ticks {
            s +=
                "<line x1=\"\(svgNumber(left))\" x2=\"\(svgNumber(left + plotWidth))\" y1=\"\(svgNumber(y(t)))\" y2=\"\(svgNumber(y(t)))\" stroke=\"\(Palette.grid)\"/>"
            s +=
                "<text x=\"\(svgNumber(left - 8))\" y=\"\(svgNumber(y(t) + 4))\" text-anchor=\"end\" class=\"tick-label\">\(svgNumber(t, decimals: 0))</text>"
        }
        for micro in logTicks(range) {
            let tx = x(micro)
            s +=
                "<line x1=\"\(svgNumber(tx))\" x2=\"\(svgNumber(tx))\" y1=\"\(svgNumber(top + plotHeight))\" y2=\"\(svgNumber(top + plotHeight + 5))\" stroke=\"#000\"/>"
            s +=
                "<text x=\"\(svgNumber(tx))\" y=\"\(svgNumber(top + plotHeight + 18))\" text-anchor=\"middle\" class=\"tick-label\">\(durationLabel(micro))</text>"
        }
        s += axisLines()
        s += axisTitles(x: "model time per tick (log scale)", y: "ticks")
        for (b, c) in counts.enumerated() where c > 0 {
            let x0 = x(pow(10, loLog + Double(b) / Double(binsPerDecade)))
            let x1 = x(pow(10, loLog + Double(b + 1) / Double(binsPerDecade)))
            s +=
                "<rect class=\"bar\" x=\"\(svgNumber(x0 + 0.5))\" y=\"\(svgNumber(y(Double(c))))\" width=\"\(svgNumber(max(x1 - x0 - 1, 1)))\" height=\"\(svgNumber(y(0) - y(Double(c))))\" fill=\"\(Palette.value)\"><title>\(c) ticks</title></rect>"
        }
        let marks: [(String, Double, String, String?)] = [
            ("p50", stats.p50Ns, Palette.pinch, nil), ("p90", stats.p90Ns, Palette.band, "6 3"),
            ("p95", stats.p95Ns, Palette.haptic, nil), ("p99", stats.p99Ns, Palette.otherHaptic, "6 3"),
            ("max", stats.maxNs, Palette.muted, "2 2"), ("budget", budget * 1000, Palette.ink, "8 4")
        ]
        var legend: [LegendItem] = [.init(label: "ticks per bin", swatch: .area(Palette.value))]
        for (name, ns, color, dash) in marks {
            let onAxis = log10(max(ns / 1000, 1e-9)) <= hiLog + 1e-9
            guard onAxis else {
                // Said above the plot, where there is room: the legend is 160 px wide.
                let times = ns / max(stats.maxNs, 1)
                legend.append(.init(label: "\(name): off the axis", swatch: .line(color, dash: dash)))
                s +=
                    "<text class=\"off-axis\" x=\"\(svgNumber(left + plotWidth))\" y=\"20\" text-anchor=\"end\">\(name) \(durationLabel(ns / 1000)) is \(svgNumber(times, decimals: times < 10 ? 1 : 0)) × the slowest tick →</text>"
                continue
            }
            let mx = x(ns / 1000)
            s +=
                "<line class=\"stat-\(name)\" x1=\"\(svgNumber(mx))\" x2=\"\(svgNumber(mx))\" y1=\"\(svgNumber(top))\" y2=\"\(svgNumber(top + plotHeight))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>"
            legend.append(.init(label: "\(name) \(durationLabel(ns / 1000))", swatch: .line(color, dash: dash)))
        }
        s += self.legend(legend)
        return s + "</svg>"
    }

    /// The histogram's axis in log10(µs): the half decades around the fastest and slowest tick
    /// (at least one half decade wide).
    static func histogramRange(_ positive: [Double]) -> ClosedRange<Double> {
        let lo = (log10(positive.min() ?? 1) * 2).rounded(.down) / 2
        let hi = max((log10((positive.max() ?? 1) * 1.0001) * 2).rounded(.up) / 2, lo + 0.5)
        return lo...hi
    }

    /// Axis labels at 1, 2 and 5 × 10^k inside the range (µs).
    static func logTicks(_ range: ClosedRange<Double>) -> [Double] {
        var ticks: [Double] = []
        for e in Int(range.lowerBound.rounded(.down))...Int(range.upperBound.rounded(.up)) {
            for m in [1.0, 2, 5] {
                let v = m * pow(10, Double(e))
                if log10(v) >= range.lowerBound - 1e-9, log10(v) <= range.upperBound + 1e-9 { ticks.append(v) }
            }
        }
        return ticks
    }

    // MARK: Pieces

    private static func open(_ cssClass: String, title: String, extra: String) -> String {
        "<svg class=\"chart \(cssClass)\" viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\" role=\"img\" \(extra)>"
            + "<title>\(escapeMarkup(title))</title><text class=\"chart-title\" x=\"\(svgNumber(left))\" y=\"20\">\(escapeMarkup(title))</text>"
    }

    private static func axisLines() -> String {
        "<path class=\"axis\" d=\"M\(svgNumber(left)) \(svgNumber(top))V\(svgNumber(top + plotHeight))H\(svgNumber(left + plotWidth))\" fill=\"none\" stroke=\"#000\"/>"
    }

    private static func axisTitles(x: String, y: String) -> String {
        let cy = top + plotHeight / 2
        return
            "<text class=\"axis-title x-title\" x=\"\(svgNumber(left + plotWidth / 2))\" y=\"\(svgNumber(height - 6))\" text-anchor=\"middle\">\(escapeMarkup(x))</text>"
            + "<text class=\"axis-title y-title\" x=\"16\" y=\"\(svgNumber(cy))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(svgNumber(cy)))\">\(escapeMarkup(y))</text>"
    }

    private static func yAxis(lo: Double, hi: Double, title: String, y: (Double) -> Double) -> String {
        let ticks = niceTicks(lo, hi)
        let decimals = ticks.count > 1 ? max(0, Int(-floor(log10(ticks[1] - ticks[0])))) : 2
        var s = ""
        for t in ticks {
            s +=
                "<line x1=\"\(svgNumber(left))\" x2=\"\(svgNumber(left + plotWidth))\" y1=\"\(svgNumber(y(t)))\" y2=\"\(svgNumber(y(t)))\" stroke=\"\(Palette.grid)\"/>"
            s +=
                "<text x=\"\(svgNumber(left - 8))\" y=\"\(svgNumber(y(t) + 4))\" text-anchor=\"end\" class=\"tick-label\">\(svgNumber(t, decimals: decimals))</text>"
        }
        return s + axisLines() + axisTitles(x: "time (s)", y: title)
    }

    private static func xAxis(lastTick: Int, x: (Int) -> Double) -> String {
        let seconds = Double(lastTick) / Double(TickClock.ticksPerSecond)
        let ticks = niceTicks(0, max(seconds, 1.0 / 60))
        let decimals = ticks.count > 1 ? max(0, Int(-floor(log10(ticks[1] - ticks[0])))) : 2
        var s = ""
        for t in ticks where t <= seconds + 1e-9 {
            let tx = x(Int((t * Double(TickClock.ticksPerSecond)).rounded()))
            s +=
                "<line x1=\"\(svgNumber(tx))\" x2=\"\(svgNumber(tx))\" y1=\"\(svgNumber(top + plotHeight))\" y2=\"\(svgNumber(top + plotHeight + 5))\" stroke=\"#000\"/>"
            s +=
                "<text x=\"\(svgNumber(tx))\" y=\"\(svgNumber(top + plotHeight + 18))\" text-anchor=\"middle\" class=\"tick-label\">\(svgNumber(t, decimals: decimals))</text>"
        }
        return s
    }

    struct LegendItem {
        /// `solid`: an opaque span (the gesture lane); `diamond`: a checkpoint, hollow when nil.
        enum Swatch {
            case line(String, dash: String?), area(String), solid(String), marker(String), cross(String), diamond(
                String?)
        }
        var label: String
        var swatch: Swatch
    }

    private static func legend(_ items: [LegendItem]) -> String {
        let x0 = width - right + 16
        var s = "<g class=\"legend\">"
        for (i, item) in items.enumerated() {
            let y = top + 8 + Double(i) * 20
            switch item.swatch {
            case .line(let c, let dash):
                s +=
                    "<line x1=\"\(svgNumber(x0))\" x2=\"\(svgNumber(x0 + 22))\" y1=\"\(svgNumber(y))\" y2=\"\(svgNumber(y))\" stroke=\"\(c)\" stroke-width=\"2.5\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>"
            case .area(let c):
                s +=
                    "<rect x=\"\(svgNumber(x0))\" y=\"\(svgNumber(y - 6))\" width=\"22\" height=\"12\" fill=\"\(c)\" fill-opacity=\"0.45\" stroke=\"\(c)\"/>"
            case .marker(let c):
                s +=
                    "<path d=\"M\(svgNumber(x0 + 5)) \(svgNumber(y - 5))h12l-6 10z\" fill=\"\(c)\" stroke=\"#000\" stroke-width=\"0.75\"/>"
            case .solid(let c):
                s +=
                    "<rect x=\"\(svgNumber(x0))\" y=\"\(svgNumber(y - 5))\" width=\"22\" height=\"10\" fill=\"\(c)\" stroke=\"#000\" stroke-width=\"0.5\"/>"
            case .diamond(let c):
                s +=
                    "<path d=\"\(diamond(x0 + 11, y))\" fill=\"\(c ?? "#fff")\" stroke=\"\(c ?? Palette.ink)\" stroke-width=\"2\"/>"
            case .cross(let c):
                s +=
                    "<path d=\"M\(svgNumber(x0 + 6)) \(svgNumber(y - 5))l10 10m0 -10l-10 10\" stroke=\"\(c)\" stroke-width=\"2.5\"/>"
            }
            s +=
                "<text x=\"\(svgNumber(x0 + 30))\" y=\"\(svgNumber(y + 4))\" class=\"legend-label\">\(escapeMarkup(item.label))</text>"
        }
        return s + "</g>"
    }

    /// Runs of ticks in a pan or pinch, as (phase, first tick, last tick).
    static func phaseSpans(_ frames: [FrameRecord]) -> [(phase: String, start: Int, end: Int)] {
        var spans: [(phase: String, start: Int, end: Int)] = []
        for f in frames where f.phase != "idle" {
            if let lastSpan = spans.last, lastSpan.phase == f.phase, lastSpan.end == f.tick - 1 {
                spans[spans.count - 1].end = f.tick
            } else {
                spans.append((f.phase, f.tick, f.tick))
            }
        }
        return spans
    }

    /// Points as "x,y x,y …" with one decimal, leaving out the middle of runs at the same height
    /// (limits are flat most of the time), which keeps big runs small without changing the line.
    static func polyline(_ points: [(Double, Double)]) -> String {
        let xs = points.map { svgNumber($0.0, decimals: 1) }, ys = points.map { svgNumber($0.1, decimals: 1) }
        var out: [String] = []
        for i in points.indices {
            let flatRun = i > 0 && i < points.count - 1 && ys[i] == ys[i - 1] && ys[i] == ys[i + 1]
            if !flatRun { out.append("\(xs[i]),\(ys[i])") }
        }
        return out.joined(separator: " ")
    }

    /// About five round-numbered ticks covering [lo, hi], never closer than `minimumStep`.
    static func niceTicks(_ lo: Double, _ hi: Double, count: Int = 5, minimumStep: Double = 0) -> [Double] {
        let span = hi - lo
        guard span > 0, span.isFinite else { return [lo] }
        let raw = span / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let f = raw / magnitude
        let step = max((f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * magnitude, minimumStep)
        var ticks: [Double] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi + step * 1e-9 {
            ticks.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return ticks
    }

    /// A duration given in µs, in the unit people read it in: "850 ns", "12.3 µs", "16.67 ms".
    static func durationLabel(_ micro: Double) -> String {
        if micro < 1 { return "\(svgNumber(micro * 1000, decimals: 0)) ns" }
        if micro < 1000 { return "\(svgNumber(micro, decimals: micro < 10 ? 2 : 1)) µs" }
        return "\(svgNumber(micro / 1000, decimals: 2)) ms"
    }
}

extension SVGChart {
    /// The photo's turn over time (rotation only), unwrapped so a turn through 180° stays one
    /// line, over the snap windows (±5° around every quarter turn the line passes near), with the
    /// snap and limit haptics as markers.
    static func angleTimeline(_ r: RunResult) -> String {
        var unwrapped: [Int: Double] = [:]
        var previous: Double?
        for f in r.frames {
            var a = f.pose.angle
            if let p = previous { a = p + Turn.normalized(a - p) }
            unwrapped[f.tick] = a
            previous = a
        }
        let lo = (unwrapped.values.min() ?? 0) - 10, hi = (unwrapped.values.max() ?? 0) + 10
        let windows = stride(from: (lo / 90).rounded(.down) * 90, through: hi, by: 90).map {
            ($0 - Turn.snapWindow)...($0 + Turn.snapWindow)
        }
        return timeline(
            .init(
                cssClass: "timeline angle", title: "Rotation", yTitle: "angle (°, clockwise)", valueLabel: "angle",
                bandLabel: "", value: { unwrapped[$0.tick] ?? $0.pose.angle }, band: nil,
                windows: windows, windowLabel: "snap window (±\(svgNumber(Turn.snapWindow))°)"), result: r)
    }
}
