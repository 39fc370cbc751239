import CropSim

/// The few JSON spellings the studio writes: strings, shortest round-trip numbers, and
/// milliseconds as seconds (`0.117`), each of which the scenario parser reads back exactly.
enum ScenarioText {
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Whole numbers without `.0`; others in Swift's shortest round-trip form.
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    /// Microseconds as seconds, trailing zeros dropped: `0.117`, `1.0`, `0.016667`.
    static func seconds(_ us: Int) -> String {
        var frac = String(us % 1_000_000)
        frac = String(repeating: "0", count: 6 - frac.count) + frac
        while frac.count > 1, frac.hasSuffix("0") { frac.removeLast() }
        return "\(us / 1_000_000).\(frac)"
    }

    /// A parsed JSON value as text again (to carry a scenario's setup into a branch verbatim).
    static func json(_ v: JSONValue) -> String {
        switch v.kind {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let x): number(x)
        case .string(let s): string(s)
        case .array(let items): "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let members): "{ " + members.map { string($0.key) + ": " + json($0.value) }.joined(separator: ", ") + " }"
        }
    }
}
