import CropScenario
import CropSim
import CropVocabulary

/// The expectations a saved recording starts with: what happened, for the designer to keep or
/// trim (an `Expectations` with nothing stated writes no `expect` block). The pose is written in the spec's symbols where it sits on one (`"sMax"`, `"-maxTx"`),
/// which says what was meant and survives geometry changes; elsewhere as the exact number.
enum Expectation {
    static func observed(_ r: RunResult) -> Expectations {
        guard let final = r.final?.observation, let g = r.geometry else { return .none }
        let pose = final.pose
        let limit = g.panLimit(pose.scale)
        let initial = min(g.sMin * 1.05, g.sMax)
        var e = Expectations.none
        e.scale = symbol(
            "scale", pose.scale,
            [(1, .sMin, g.sMin), (1, .sMax, g.sMax), (1, .initial, initial), (1.5, .sMin, 1.5 * g.sMin)])
        e.tx = symbol("tx", pose.translation.x, [(1, .maxTx, limit.x), (-1, .maxTx, -limit.x)])
        e.ty = symbol("ty", pose.translation.y, [(1, .maxTy, limit.y), (-1, .maxTy, -limit.y)])
        e.hapticSequence = r.haptics.map { HapticName($0.haptic) }
        if final.session != .editing { e.session = final.session }
        return e
    }

    /// The first symbol `v` equals (far inside the check's tolerance), else `v` itself; 0 stays 0.
    static func symbol(_ key: String, _ v: Double, _ symbols: [(Double, NumberExpression.Symbol, Double)])
        -> NumberExpectation
    {
        let match = v == 0 ? nil : symbols.first { $0.2 != 0 && abs(v - $0.2) <= 1e-12 * max(1, abs($0.2)) }
        let target =
            match.map { NumberExpression(factor: $0.0, symbol: $0.1) } ?? NumberExpression(factor: v, symbol: nil)
        return NumberExpectation(target: target, tolerance: NumberExpectation.defaultTolerance, path: "$.expect.\(key)")
    }
}
