import CropVocabulary
import RealModule

/// An animated move between two poses (double-tap, recenter, slider jump), driven by a spring on
/// a single progress value `u` from 0 to 1.
///
/// Zoom follows `s(u) = s₀ (s₁/s₀)^u`, which feels even at every zoom; the turn goes the short way
/// round, `θ(u) = θ₀ + u·Δθ` (the 90° button, a snap on release). The translation keeps the
/// anchor's image point under the anchor, plus `u` times the correction the final clamp needs, so
/// the anchor holds as long as the clamps let it and the move ends exactly on the target. An
/// underdamped spring drives `u` past 1; the editor clamps every frame, so the overshoot can never
/// cross s_min, s_max or a pan bound.
public struct Transition: Hashable, Sendable, Codable {
    public let from: Pose
    public let to: Pose
    /// Offset from the mask center whose image point the move keeps in place.
    public let anchor: Point
    private let anchoredPoint: Point
    private let correction: Point
    private let logRatio: Double
    /// The turn from `from` to `to`, the short way round (degrees).
    private let turn: Double
    public private(set) var progress: Double = 0
    public private(set) var velocity: Double = 0
    public private(set) var ticks: Int = 0

    /// A spring that has not settled after this many ticks (ten seconds) is snapped to its end.
    public static let maxTicks = 600

    /// `turn` overrides the short way round: the 90° button always turns clockwise.
    public init(from: Pose, to: Pose, anchor: Point, turn: Double? = nil) {
        self.from = from
        self.to = to
        self.anchor = anchor
        anchoredPoint = from.imagePoint(under: anchor)
        self.turn = turn ?? Turn.normalized(to.angle - from.angle)
        correction =
            to.translation
            - Pose.translation(placing: anchoredPoint, under: anchor, scale: to.scale, angle: from.angle + self.turn)
        logRatio = Double.log(to.scale / from.scale)
    }

    /// The unclamped pose at progress `u`.
    @inline(__always) public func pose(at u: Double) -> Pose {
        let s = from.scale * Double.exp(u * logRatio)
        let angle = turn == 0 ? from.angle : from.angle + u * turn
        return Pose(
            scale: s,
            translation: Pose.translation(placing: anchoredPoint, under: anchor, scale: s, angle: angle) + correction
                * u,
            angle: turn == 0 ? angle : Turn.normalized(angle))
    }

    /// Inlined: the editor reads it from a mutating tick, where a call would copy the transition.
    @inline(__always) public var currentPose: Pose { pose(at: progress) }

    /// Advances one tick; returns true once the spring has settled (the caller then lands on `to`).
    public mutating func advance(spring: Spring, dt: Double) -> Bool {
        var x = progress - 1
        spring.step(&x, &velocity, dt: dt)
        progress = x + 1
        ticks += 1
        return (abs(x) < 1e-4 && abs(velocity) < 1e-3) || ticks >= Self.maxTicks
    }
}
