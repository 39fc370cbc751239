import CropText
import CropVocabulary

/// Writes a `Scenario` as scenario text that `ScenarioParser` reads back to the same value
/// (`ScenarioEncoderTests`). The canonical form: top-level keys in the schema's order, one per
/// line; one step and one checkpoint per line (a track's raw samples one per line under it);
/// every other object on one line (`{ "key": value, … }`); keys whose value is the format's
/// default left out; numbers in `formatExactNumber`'s spelling, so a written file never drifts
/// from the value it came from.
public enum ScenarioEncoder {
    /// The scenario's text; `schema` is the `$schema` reference relative to where it is saved,
    /// `notes` the steps' `note`s in step order (the parser reads and drops them), `preset` the
    /// device preset to name instead of the view and σ it stands for (ignored when they differ).
    public static func text(_ s: Scenario, schema: String? = nil, notes: [String] = [], preset: DevicePreset? = nil) -> String {
        var members: [(String, String)] = []
        if let schema { members.append(("$schema", jsonString(schema))) }
        members.append(("name", jsonString(s.name)))
        if !s.description.isEmpty { members.append(("description", jsonString(s.description))) }
        if !s.covers.isEmpty { members.append(("covers", array(s.covers.map(jsonString)))) }
        members.append(("device", device(s.device, preset: preset)))
        members.append(("image", image(s.image)))
        if let config = config(s.config) { members.append(("config", config)) }
        if s.backend != .none { members.append(("backend", backend(s.backend))) }
        if !s.steps.isEmpty {
            members.append(("steps", lines(s.steps.enumerated().map { step($1, note: $0 < notes.count ? notes[$0] : nil) })))
        }
        if let expect = expectations(s.expect) { members.append(("expect", expect)) }
        if !s.checkpoints.isEmpty { members.append(("checkpoints", lines(s.checkpoints.map(checkpoint)))) }
        if !s.policies.isEmpty { members.append(("policies", policies(s.policies))) }
        if !s.metamorphic.isEmpty {
            members.append(("metamorphic", array(Metamorphic.allCases.filter(s.metamorphic.contains).map { jsonString($0.rawValue) })))
        }
        return "{\n" + members.map { "  \(jsonString($0)): \($1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// An `expect` block on one line, keys in `ExpectationField.all`'s order; nil when it states nothing.
    public static func expectations(_ e: Expectations) -> String? {
        let members = ExpectationField.all.compactMap { field in field.encode(e).map { (field.key, $0) } }
        return members.isEmpty ? nil : object(members)
    }

    static func checkpoint(_ c: Checkpoint) -> String {
        object([("at", number(c.time))] + ExpectationField.all.compactMap { field in field.encode(c.expect).map { (field.key, $0) } })
    }

    static func policies(_ assumed: [String: String]) -> String {
        object(Policies.descriptors.compactMap { d in assumed[d.name].map { (d.name, jsonString($0)) } })
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
        let target = n.target.symbol.map { symbol in
            jsonString(n.target.factor == 1 ? symbol.rawValue : n.target.factor == -1 ? "-\(symbol.rawValue)"
                       : "\(number(n.target.factor))*\(symbol.rawValue)")
        } ?? number(n.target.factor)
        return n.tolerance == NumberExpectation.defaultTolerance ? target : object([("value", target), ("tolerance", number(n.tolerance))])
    }
}
