import CropVocabulary

/// A damped spring (Hooke's law), integrated per 60 Hz tick with semi-implicit Euler.
///
/// Semi-implicit Euler is stable for these stiffnesses at 60 Hz (ω·dt ≈ 0.17), uses only
/// arithmetic, and therefore gives the same bits on every machine.
public struct Spring: Hashable, Sendable, Codable {
    public var stiffness: Double
    public var dampingRatio: Double
    public var mass: Double

    public init(stiffness: Double, dampingRatio: Double, mass: Double = 1) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.mass = mass
    }

    /// The UI spring the gesture notes name for transitions: damping ratio 0.8 (of 0.7–0.9), so it
    /// overshoots by about 1.5 % and the clamps must hold the frames that would cross a limit.
    public static let transition = Spring(stiffness: 100, dampingRatio: 0.8)

    /// The source design's gesture-settling spring: stiffness 100, damping 10, mass 1 (ζ = 0.5).
    public static let settling = Spring(stiffness: 100, dampingRatio: 0.5)

    public var damping: Double { 2 * dampingRatio * (stiffness * mass).squareRoot() }

    /// One step of a unit-less displacement `x` toward 0 with velocity `v`.
    public func step(_ x: inout Double, _ v: inout Double, dt: Double) {
        v += (-stiffness * x - damping * v) / mass * dt
        x += v * dt
    }
}
