import CropSim
import CropVocabulary

/// The `expect` block a saved recording starts with: what happened, for the designer to keep or
/// trim. The pose is written in the spec's symbols where it sits on one (`"sMax"`, `"-maxTx"`),
/// which says what was meant and survives geometry changes; elsewhere as the exact number.
enum Expectation {
    static func json(_ r: RunResult) -> String? {
        guard let final = r.final?.observation, let g = r.geometry else { return nil }
        let pose = final.pose
        let limit = g.panLimit(pose.scale)
        let initial = min(g.sMin * 1.05, g.sMax)
        var fields = [
            "\"scale\": " + symbol(pose.scale, [("sMin", g.sMin), ("sMax", g.sMax), ("initial", initial), ("1.5*sMin", 1.5 * g.sMin)]),
            "\"tx\": " + symbol(pose.translation.x, [("maxTx", limit.x), ("-maxTx", -limit.x)]),
            "\"ty\": " + symbol(pose.translation.y, [("maxTy", limit.y), ("-maxTy", -limit.y)]),
            "\"hapticSequence\": [" + r.haptics.map { "\"\($0.haptic.name)\"" }.joined(separator: ", ") + "]",
        ]
        if final.session != .editing { fields.append("\"session\": \"\(final.session.rawValue)\"") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// The first symbol `v` equals (far inside the check's tolerance), else `v` itself; 0 stays 0.
    static func symbol(_ v: Double, _ symbols: [(String, Double)]) -> String {
        if v == 0 { return "0" }
        for (name, value) in symbols where value != 0 && abs(v - value) <= 1e-12 * max(1, abs(value)) {
            return "\"\(name)\""
        }
        return ScenarioText.number(v)
    }
}
