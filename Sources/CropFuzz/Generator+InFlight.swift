import CropVocabulary

/// Combinations in flight (issue 33): a resize, a Reduce Motion switch or another action while a
/// discrete move animates, and a system event while a gesture's fingers are down.
///
/// Drawn independently, such a pair needs two rare kinds next to each other: a resize (3 in 72 of
/// the default weights) right after a 90° tap (2 in 72) came about once in a few thousand
/// traces, and swarm testing alone did not close that gap. So after a step that starts a move
/// (a double-tap, an animated slider, a VoiceOver step, recenter, the 90° button), one step in
/// four is a *follow-up*: a kind that meets the move in flight, started while its spring runs;
/// and after a gesture, one in eight is a system event while its fingers are down. Only kinds the
/// trace draws at all (the swarm's subset, the model's capabilities) are chosen. Choice 0 is no
/// follow-up, so a shrunk find drifts back to the ordinary draw.
extension Generator {
    /// Kinds that start a discrete move (a double-tap's animation starts at its second lift).
    static let moveKinds: Set<InputKind> = [.doubleTap, .slider, .increment, .decrement, .recenter, .rotate90]
    /// What meets a move in flight: a system event, another action building on it, confirm.
    static let inFlightKinds: [InputKind] = [
        .resize, .reduceMotion, .doubleTap, .slider, .recenter, .rotate90, .increment, .decrement, .confirm
    ]
    static let inFlightIndices = inFlightKinds.map { InputKind.allCases.firstIndex(of: $0)! }
    /// Gestures whose fingers stay down for a while.
    static let gestureKinds: Set<InputKind> = [.drag, .pinch, .handOver, .crossing, .thirdFinger, .twist]
    /// What meets a gesture in flight: the view changing under the fingers, Reduce Motion.
    static let underFingerKinds: [InputKind] = [.resize, .reduceMotion]
    static let underFingerIndices = underFingerKinds.map { InputKind.allCases.firstIndex(of: $0)! }

    /// A follow-up to the step before (`previous`), or nil for the ordinary draw: its kind and
    /// when it starts, in milliseconds.
    func followUp(_ r: inout ChoiceReader, after previous: TraceStep?, weights: [Int]) -> (kind: InputKind, start: Int)?
    {
        guard let previous else { return nil }
        if Self.moveKinds.contains(previous.kind) {
            guard let w = Self.weights(Self.inFlightIndices, weights), r.chance(25) else { return nil }
            let kind = Self.inFlightKinds[r.weighted(w)]
            // The spring settles in about a second: a tick after the move starts to 0.6 s in.
            return (kind, previous.endMilliseconds + 17 * (1 + r.draw(below: 36)))
        }
        if Self.gestureKinds.contains(previous.kind) {
            let end = previous.endMilliseconds
            guard end > previous.start + 17, let w = Self.weights(Self.underFingerIndices, weights), r.chance(12) else {
                return nil
            }
            let kind = Self.underFingerKinds[r.weighted(w)]
            return (kind, previous.start + 17 + r.draw(below: end - previous.start - 17))
        }
        return nil
    }

    /// The trace's weights of the kinds at `indices`, nil when it draws none of them: then no
    /// choice is read, so a trace without follow-up kinds is the one it always was.
    private static func weights(_ indices: [Int], _ weights: [Int]) -> [Int]? {
        let w = indices.map { weights[$0] }
        return w.contains(where: { $0 > 0 }) ? w : nil
    }
}
