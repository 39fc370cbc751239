import CropVocabulary
import RealModule

/// Timing (gesture notes, Motion; docs/editor-model.md): every transition rides the documented
/// spring — stiffness 100, damping ratio 0.8, mass 1, at 60 Hz — judged frame by frame against the
/// closed-form damped oscillator in `SpringReference`, never against the model's `Spring`.
extension Oracle {
    /// The spring docs/editor-model.md documents for transitions.
    static let spring = SpringReference(stiffness: 100, dampingRatio: 0.8, mass: 1, tickRate: 60)
    // Its tolerance is the reference's own `progressTolerance` (0.1, measured in
    // docs/oracle.md): one number for the reference's tests and the oracle.

    /// No transition may still animate after the reference spring has settled.
    var settleBound: Int { Self.settleTicks }
    static let settleTicks = spring.settleTicks

    /// The reference's progress at every frame up to the settle bound, computed once: the
    /// per-frame check then costs an array read, not an exponential and two trigonometric calls.
    static let progressByFrame: [Double] = (0...settleTicks).map { spring.progress(atTick: $0) }

    /// Reads the frame's progress u back from its pose and compares it with the reference's
    /// progress at that frame; the first deviation is kept with the move and reported when the
    /// move lands on its target (`finish`). The zoom follows s₀(s₁/s₀)^u, so u comes from the zoom when it
    /// changes by more than 0.1 %; for a move at one zoom (recenter) the translation is linear in
    /// u. Frames a clamp holds (an overshoot pressed against a limit) say nothing about u and are
    /// skipped. A move that turns the photo is read from its angle.
    mutating func checkSpring(pose: Pose, tick: Int) {
        guard moving, runningMove.springDeviation == nil, let target = runningMove.target else { return }
        let m = runningMove
        let u: Double
        let ratio = target.scale / m.from.scale
        guard m.frames < Self.progressByFrame.count else { return }
        if m.turn != 0 {
            // A turn (the 90° button, a snap) is never clamped on the way: the angle tells u, taken
            // the way round nearest the reference (an overshoot past 180° wraps).
            let d = SpecGeometry.wrap(pose.angle - m.from.angle)
            let expected = Self.progressByFrame[m.frames] * m.turn
            u = (d + 360 * ((expected - d) / 360).rounded()) / m.turn
        } else if abs(ratio - 1) > 1e-3 {
            let onLimit = sides(of: pose).loose
            guard onLimit.isDisjoint(with: [.zoomMin, .zoomMax]) else { return }
            u = Double.log(pose.scale / m.from.scale) / Double.log(ratio)
        } else if ratio == 1 {
            guard sides(of: pose).loose.isEmpty else { return }
            let dx = target.translation.x - m.from.translation.x, dy = target.translation.y - m.from.translation.y
            if abs(dx) >= abs(dy), abs(dx) > 1e-3 {
                u = (pose.translation.x - m.from.translation.x) / dx
            } else if abs(dy) > 1e-3 {
                u = (pose.translation.y - m.from.translation.y) / dy
            } else {
                return
            }
        } else {
            return
        }
        guard m.frames < Self.progressByFrame.count else { return }
        let want = Self.progressByFrame[m.frames]
        if abs(u - want) > SpringReference.progressTolerance {
            runningMove.springDeviation = SpringDeviation(tick: tick, frame: m.frames, progress: u, reference: want)
        }
    }
}
