import Glibc

/// `x` rounded to `decimals` decimals (ties to even), then trailing zeros and a trailing point
/// dropped and −0 written as 0: coordinates and labels in the HTML report. Done in integers
/// (the report formats millions of these); numbers too large for that go through `%.Nf`.
public func formatFixed(_ x: Double, decimals: Int) -> String {
    guard x.isFinite else { return "0" }
    let decimals = max(0, decimals)
    if decimals <= 12 {
        let scale = powersOfTen[decimals]
        let scaled = (x * Double(scale)).rounded(.toNearestOrEven)
        if abs(scaled) < 9e15 {
            let units = Int64(scaled)
            if units == 0 { return "0" }
            var whole = String(abs(units) / scale)
            var fraction = abs(units) % scale
            var digits = decimals
            while digits > 0 && fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            if digits > 0 {
                let text = String(fraction)
                whole += "." + String(repeating: "0", count: digits - text.utf8.count) + text
            }
            return units < 0 ? "-" + whole : whole
        }
    }
    var s = cFormat(decimals < fixedFormats.count ? fixedFormats[decimals] : "%.\(decimals)f", x, room: decimals)
    if s.utf8.contains(UInt8(ascii: ".")) {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}

private let powersOfTen: [Int64] = (0...12).map { (0..<$0).reduce(Int64(1)) { p, _ in p * 10 } }
private let fixedFormats = (0...12).map { "%.\($0)f" }

/// Text and attribute escaping for XML (JUnit) and HTML (the report). Scenario names and
/// messages are free text written by people; control characters XML forbids become spaces.
public func escapeMarkup(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += " "
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
