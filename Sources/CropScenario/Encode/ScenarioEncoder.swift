import CropText
import CropVocabulary

/// Writes a `Scenario` as scenario text that `ScenarioParser` reads back to the same value
/// (`ScenarioEncoderTests`). The canonical form: top-level keys in the schema's order, one per
/// line; one step and one checkpoint per line (a track's raw samples one per line under it);
/// every other object on one line (`{ "key": value, … }`), its keys in its table's order; keys
/// whose value is the format's default left out; numbers in `formatExactNumber`'s spelling, so
/// a written file never drifts from the value it came from.
public enum ScenarioEncoder {
    /// The scenario's text; `schema` is the `$schema` reference relative to where it is saved,
    /// `preset` the device preset to name instead of the view and σ it stands for (ignored when
    /// they differ).
    public static func text(_ s: Scenario, schema: String? = nil, preset: DevicePreset? = nil) -> String {
        text(ScenarioDocument(scenario: s, schema: schema, preset: preset))
    }

    /// The document's text: its top-level keys (`ScenarioFormat.topTable`) one per line.
    public static func text(_ d: ScenarioDocument) -> String {
        "{\n" + ScenarioFormat.topTable.members(d).map { "  \(jsonString($0)): \($1)" }.joined(separator: ",\n")
            + "\n}\n"
    }

    /// An `expect` block on one line, keys in `ExpectationField.all`'s order; nil when it states nothing.
    public static func expectations(_ e: Expectations) -> String? {
        let members = expectationMembers(e)
        return members.isEmpty ? nil : object(members)
    }

    static func checkpoint(_ c: Checkpoint) -> String {
        object([("at", number(c.time))] + expectationMembers(c.expect))
    }

    /// The keys `e` states, in `ExpectationField.all`'s order.
    static func expectationMembers(_ e: Expectations) -> [(String, String)] {
        ExpectationField.all.compactMap { field in field.encode(e).map { (field.key, $0) } }
    }

    // MARK: JSON text

    /// `{ "a": 1, "b": 2 }`, or `{}`.
    public static func object(_ members: [(String, String)]) -> String {
        members.isEmpty ? "{}" : "{ " + members.map { "\(jsonString($0)): \($1)" }.joined(separator: ", ") + " }"
    }

    /// `[1, 2]`.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// An array with one item per line, indented under a top-level key.
    static func lines(_ items: [String]) -> String { "[\n    " + items.joined(separator: ",\n    ") + "\n  ]" }

    /// A number that reads back as the same double.
    public static func number(_ x: Double) -> String { formatExactNumber(x) }

    /// A number expectation: the number or expression alone at the default tolerance.
    public static func number(_ n: NumberExpectation) -> String {
        let target =
            n.target.symbol.map { symbol in
                jsonString(
                    n.target.factor == 1
                        ? symbol.rawValue
                        : n.target.factor == -1
                            ? "-\(symbol.rawValue)"
                            : "\(number(n.target.factor))*\(symbol.rawValue)")
            } ?? number(n.target.factor)
        return n.tolerance == NumberExpectation.defaultTolerance
            ? target : object([("value", target), ("tolerance", number(n.tolerance))])
    }
}
