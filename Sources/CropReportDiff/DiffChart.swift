import CropSim
import CropText

/// One quantity of both runs over ticks, as an SVG line chart: A solid blue, B dashed vermillion
/// (Okabe–Ito, and told apart by the dash as well as the color), and a dotted line at the first
/// tick where the runs part.
enum DiffChart {
    static let colorA = "#0072B2"
    static let colorB = "#D55E00"
    static let width = 640.0, height = 120.0, left = 56.0, right = 8.0, top = 8.0, bottom = 20.0

    /// Values that are not finite (a failing model's NaN pose) are left out of the line.
    static func svg(title: String, unit: String, a: [(Int, Double)], b: [(Int, Double)], mark: Int?) -> String {
        let a = thinned(a.filter { $0.1.isFinite }), b = thinned(b.filter { $0.1.isFinite })
        let values = (a + b).map(\.1), ticks = (a + b).map(\.0)
        guard let lo0 = values.min(), let hi0 = values.max(), let lastTick = ticks.max() else { return "" }
        let pad = hi0 > lo0 ? (hi0 - lo0) * 0.05 : max(abs(hi0) * 0.05, 1)
        let lo = lo0 - pad, hi = hi0 + pad, span = Double(max(lastTick, 1))
        func x(_ t: Int) -> Double { left + Double(t) / span * (width - left - right) }
        func y(_ v: Double) -> Double { top + (hi - v) / (hi - lo) * (height - top - bottom) }
        func line(_ points: [(Int, Double)], _ color: String, _ dash: String) -> String {
            let p = points.map { "\(n(x($0.0))),\(n(y($0.1)))" }.joined(separator: " ")
            return "<polyline points=\"\(p)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"\(dash)/>"
        }
        var out =
            "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"\(escapeMarkup(title))\">"
        out +=
            "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width - left - right))\" height=\"\(n(height - top - bottom))\" fill=\"none\" stroke=\"#D9D9D9\"/>"
        out += "<text x=\"4\" y=\"\(n(top + 10))\" font-size=\"11\">\(escapeMarkup(title))</text>"
        out += "<text x=\"4\" y=\"\(n(top + 24))\" font-size=\"10\" fill=\"#555\">\(n(hi0, 4))\(unit)</text>"
        out += "<text x=\"4\" y=\"\(n(height - bottom))\" font-size=\"10\" fill=\"#555\">\(n(lo0, 4))\(unit)</text>"
        out += "<text x=\"\(n(left))\" y=\"\(n(height - 6))\" font-size=\"10\" fill=\"#555\">tick 0</text>"
        out +=
            "<text x=\"\(n(width - right))\" y=\"\(n(height - 6))\" font-size=\"10\" fill=\"#555\" text-anchor=\"end\">tick \(lastTick)</text>"
        if let mark {
            out +=
                "<line class=\"first-diff\" x1=\"\(n(x(mark)))\" x2=\"\(n(x(mark)))\" y1=\"\(n(top))\" y2=\"\(n(height - bottom))\" stroke=\"#555\" stroke-dasharray=\"2 3\"/>"
        }
        out += line(a, colorA, "") + line(b, colorB, " stroke-dasharray=\"5 3\"")
        return out + "</svg>"
    }

    /// At most the first, lowest, highest and last point of each of `columns` runs of ticks, in
    /// tick order: the line drawn at the chart's width looks the same, and a page of long runs
    /// stays small (eight runs of thousands of frames wrote an 18 MB page, issue 34).
    static func thinned(_ points: [(Int, Double)], columns: Int = Int(width - left - right)) -> [(Int, Double)] {
        guard points.count > 4 * columns, let first = points.first?.0, let last = points.last?.0, last > first else {
            return points
        }
        var out: [(Int, Double)] = [], bucket: [(Int, Double)] = [], column = 0
        func flush() {
            guard let lo = bucket.min(by: { $0.1 < $1.1 }), let hi = bucket.max(by: { $0.1 < $1.1 }) else { return }
            let kept = [bucket[0], lo, hi, bucket[bucket.count - 1]].sorted { $0.0 < $1.0 }
            for p in kept where out.last?.0 != p.0 { out.append(p) }
            bucket.removeAll(keepingCapacity: true)
        }
        for p in points {
            let c = (p.0 - first) * columns / (last - first + 1)
            if c != column { flush(); column = c }
            bucket.append(p)
        }
        flush()
        return out
    }

    static func n(_ x: Double, _ decimals: Int = 2) -> String { formatFixed(x, decimals: decimals) }
}
