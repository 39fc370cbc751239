import CropScenario
import CropSim
import CropText
import CropVocabulary

/// The JSON spellings the studio writes beyond the shared `jsonString`: numbers that read back
/// exactly, microseconds as seconds (`0.117`), and a parsed value as text again.
enum ScenarioText {
    /// `formatExactNumber`: a branch never changes the scenario it came from. For normal numbers
    /// below 1e12 (all a scenario holds) this is the studio's earlier spelling digit for digit
    /// (ScenarioTextTests).
    static func number(_ x: Double) -> String { formatExactNumber(x) }

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
        case .string(let s): jsonString(s)
        case .array(let items): "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let members): "{ " + members.map { jsonString($0.key) + ": " + json($0.value) }.joined(separator: ", ") + " }"
        }
    }
}
