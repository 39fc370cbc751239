import Foundation

/// Numbers in deterministic logs: 12 significant digits (`%.12g`), enough to tell apart any two
/// poses a finger can produce while staying readable; −0 prints as 0. The same double always
/// gives the same bytes.
public func formatNumber(_ x: Double) -> String {
    guard x.isFinite else { return x.isNaN ? "null" : (x > 0 ? "1e999" : "-1e999") }
    if x == 0 { return "0" }
    return String(format: "%.12g", x)
}

/// A JSON string literal with the escapes RFC 8259 requires.
public func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

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
