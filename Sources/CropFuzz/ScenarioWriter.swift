import CropScenario
import CropSim
import CropText
import CropVocabulary

/// Writes a trace as a scenario file (raw touch samples in points, system steps as they are,
/// each step noted with the kind of input it is), through `ScenarioEncoder` from the scenario
/// `ScenarioBuilder` makes of the trace; `scenario` reads that text back through
/// `ScenarioParser`, so the fuzzer can run exactly what it would save, and a saved regression
/// fails under `cropsim run` the way it failed in the fuzzer.
public enum ScenarioWriter {
    /// The scenario's text. `schema` is the `$schema` reference (relative to where it is saved).
    /// `mirror` adds `"metamorphic": ["mirror"]`, so a mirror failure replays under `cropsim run`.
    public static func json(
        _ trace: Trace, name: String, description: String, schema: String? = nil, mirror: Bool = false
    ) -> String {
        var s = ScenarioBuilder.scenario(trace, id: "fuzz", name: name, description: description)
        if mirror { s.metamorphic = [.mirror] }
        return ScenarioEncoder.text(s, schema: schema)
    }

    /// Parses the text `json` gives: the same path every scenario file takes.
    public static func scenario(_ trace: Trace, id: String, name: String = "fuzz", description: String = "")
        throws(ScenarioError) -> Scenario
    {
        try ScenarioParser.parse(
            Array(json(trace, name: name, description: description).utf8), file: id + ".json", id: id)
    }

    static let fuzzUser = "fuzz-user"

    static func fingerName(_ i: Int) -> String { i < 26 ? String(UnicodeScalar(UInt8(65 + i))) : "F\(i)" }
}
