/// Swarm testing (Groce et al., ISSTA 2012): half the traces enable only a random subset of the
/// profile's kinds, so a combination that needs two rare kinds close together (a resize during
/// a pinch, a Reduce Motion switch mid-animation, a double-tap during a slider move) is no
/// longer diluted by every other kind; and some traces put steps in one tick on purpose (`burst`).
///
/// Choice 0 everywhere is the profile as it is, so shrinking drifts back to the plain profile.
struct Swarm {
    /// Per `InputKind.allCases`: whether this trace may draw the kind.
    var enabled: [Bool]
    /// Half the steps start in the tick the previous one started in: two discrete events in one
    /// tick, or an event on the tick a gesture begins.
    var burst = false

    init(_ r: inout ChoiceReader, weights: [Int]) {
        enabled = Array(repeating: true, count: weights.count)
        guard r.chance(50) else { return }
        for (i, w) in weights.enumerated() where w > 0 { enabled[i] = !r.chance(50) }
        burst = r.chance(30)
    }

    /// The weights of the enabled kinds; all of them when the subset draws nothing.
    func weights(_ weights: [Int]) -> [Int] {
        let kept = zip(weights, enabled).map { $1 ? $0 : 0 }
        return kept.contains { $0 > 0 } ? kept : weights
    }
}
