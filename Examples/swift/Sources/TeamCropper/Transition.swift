import CropVocabulary
import Foundation

/// A discrete action's move (double-tap, slider, increment, recenter): a spring drives the
/// progress u from 0 to 1. The zoom follows s₀·(s₁/s₀)^u (zoomInterpolation geometric); the
/// translation keeps the anchor's image point under the anchor plus u times the correction the
/// target's clamp made, so the move ends exactly on its target. Every frame is clamped, so an
/// overshoot never leaves the limits.
struct Transition: Sendable {
    let start: Pose
    let target: Pose
    let anchor: Point
    private let ratio: Double
    /// The image point under the anchor at the start.
    private let q: Point
    private let correction: Point
    /// u − 1 and its velocity: the spring starts at rest, one unit from home.
    private var x = -1.0
    private var v = 0.0
    private var ticks = 0

    init(from start: Pose, to target: Pose, anchor: Point) {
        self.start = start
        self.target = target
        self.anchor = anchor
        ratio = target.scale / start.scale
        q = (anchor - start.translation) / start.scale
        correction = target.translation - (anchor - q * target.scale)
    }

    /// One 60 Hz step (semi-implicit Euler); true once the spring has settled (or ran too long).
    mutating func advance() -> Bool {
        let a = (-Tuning.stiffness * x - Tuning.damping * v) / Tuning.mass
        v += a * Tuning.tick
        x += v * Tuning.tick
        ticks += 1
        let settled = abs(x) < Tuning.settleDisplacement && abs(v) < Tuning.settleVelocity
        return settled || ticks >= Tuning.maxTransitionTicks
    }

    /// The clamped pose at the current progress.
    func pose(in g: CropGeometry) -> Pose {
        let u = 1 + x
        let s = g.clampScale(start.scale * pow(ratio, u))
        return g.clamp(scale: s, tx: anchor.x - q.x * s + u * correction.x, ty: anchor.y - q.y * s + u * correction.y)
    }
}
