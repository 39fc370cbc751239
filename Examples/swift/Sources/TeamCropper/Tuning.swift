/// Every number TeamEditor chose, in one place. The spec fixes most of them; the rest are our
/// readings of what it leaves open (README.md, "What TeamEditor declares").
enum Tuning {
    /// R1.2, R1.3, R11.1: photos with a shorter short side are refused.
    static let minimumShortSide = 320
    /// UX Polish: open at s_min × 1.05, centered.
    static let initialZoom = 1.05
    /// R2.3: the double-tap rungs relative to s_min; s_max is the last rung.
    static let ladder: [Double] = [1.0, 1.5, 2.0]
    /// Rungs (and zooms) closer than this, relatively, are one.
    static let rungTolerance = 1e-6
    /// Policy `incrementStep fivePercent`: one VoiceOver step, in slider percent.
    static let sliderStep = 5.0
    /// A zoom range narrower than this (relative) is collapsed: the slider reads 0.
    static let collapsedRange = 1e-9

    /// Policy `transitionSpring zeta0.7`: k 100, damping ratio 0.7, m 1, at 60 Hz.
    static let stiffness = 100.0
    static let dampingRatio = 0.7
    static let mass = 1.0
    static let damping = 2.0 * dampingRatio * (stiffness * mass).squareRoot()
    static let tick = 1.0 / 60.0
    static let settleDisplacement = 1e-4
    static let settleVelocity = 1e-3
    /// A move that has not settled by then snaps to its end.
    static let maxTransitionTicks = 600

    /// Clamps snap to the exact bound. A request counts as cut, and may buzz, only when it passes
    /// the bound by more than this; a limit stays engaged while the pose is within it.
    static let cutPoints = 1e-7
    static let cutZoom = 1e-10
    /// An increment at s_max (within this, relative) presses against it.
    static let atEnd = 1e-9

    /// R12.5: retries after 0.5 s, 1 s and 2 s (in ticks): one attempt plus three retries.
    static let backoffTicks = [30, 60, 120]
    static let maxAttempts = 1 + backoffTicks.count
    /// R5.4: the display thumbnail's long edge, the low end of 2560–3000 px, never enlarged.
    static let thumbnailLongEdge = 2560
    /// R6.3: the dimming outside the mask, within 90–94 %.
    static let dimming = 0.92
}

/// `min(max(value, lower), upper)` as the spec writes clamps, keeping `value` when it is within
/// (and `lower` over `upper` if they cross, which no caller lets happen).
@inline(__always)
func clamped(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
    let raised = lower > value ? lower : value
    return upper < raised ? upper : raised
}
