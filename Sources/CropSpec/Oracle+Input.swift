import CropVocabulary

/// Touch-level input (docs/model-protocol.md#touches): cropsim's recognizer, set up with the
/// model's recognition policies, made no gesture of the touches an answer covers.
extension Oracle {
    /// No gesture, no move: the photo stays where it was. A finger inside the drag threshold,
    /// or one that policy `fingerAfterPinch: ignored` leaves out, must not move it.
    mutating func stillWithoutGesture(before: Observation, after: Observation, tick: Int) {
        guard editing, !moving, !before.animating, !after.animating, !SpecTolerance.same(before.pose, after.pose) else {
            return
        }
        fail(
            .handOverWithoutJump, tick: tick,
            "touches no gesture was recognized from moved the image from \(before.pose.specDescription) to \(after.pose.specDescription)",
            size: geometry.deviation(after.pose, from: before.pose))
    }
}
