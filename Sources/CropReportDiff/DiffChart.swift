import CropReport
import CropSim
import CropText

/// One quantity of both runs over ticks, as an SVG line chart: A solid blue, B dashed vermillion
/// (Okabe–Ito, and told apart by the dash as well as the color), and a dotted line at the first
/// tick where the runs part.
enum DiffChart {
    static let colorA = "#0072B2"
    static let colorB = "#D55E00"
    static let width = 640.0, height = 120.0, left = 56.0, right = 8.0, top = 8.0, bottom = 20.0

    static func svg(title: String, unit: String, a: [(Int, Double)], b: [(Int, Double)], mark: Int?) -> String {
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
        var out = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"\(escapeMarkup(title))\">"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width - left - right))\" height=\"\(n(height - top - bottom))\" fill=\"none\" stroke=\"#D9D9D9\"/>"
        out += "<text x=\"4\" y=\"\(n(top + 10))\" font-size=\"11\">\(escapeMarkup(title))</text>"
        out += "<text x=\"4\" y=\"\(n(top + 24))\" font-size=\"10\" fill=\"#555\">\(n(hi0, 4))\(unit)</text>"
        out += "<text x=\"4\" y=\"\(n(height - bottom))\" font-size=\"10\" fill=\"#555\">\(n(lo0, 4))\(unit)</text>"
        out += "<text x=\"\(n(left))\" y=\"\(n(height - 6))\" font-size=\"10\" fill=\"#555\">tick 0</text>"
        out += "<text x=\"\(n(width - right))\" y=\"\(n(height - 6))\" font-size=\"10\" fill=\"#555\" text-anchor=\"end\">tick \(lastTick)</text>"
        if let mark {
            out += "<line class=\"first-diff\" x1=\"\(n(x(mark)))\" x2=\"\(n(x(mark)))\" y1=\"\(n(top))\" y2=\"\(n(height - bottom))\" stroke=\"#555\" stroke-dasharray=\"2 3\"/>"
        }
        out += line(a, colorA, "") + line(b, colorB, " stroke-dasharray=\"5 3\"")
        return out + "</svg>"
    }

    static func n(_ x: Double, _ decimals: Int = 2) -> String { formatFixed(x, decimals: decimals) }
}
