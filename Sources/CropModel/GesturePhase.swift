import CropVocabulary

/// The direct-manipulation gesture in progress, if any.
public enum GesturePhase: Hashable, Sendable, Codable {
    case idle
    case panning
    case pinching(PinchAnchor)

    public var kind: GestureKind {
        switch self {
        case .idle: .idle
        case .panning: .pan
        case .pinching: .pinch
        }
    }

    public var isActive: Bool { self != .idle }
}

/// What a pinch remembers from its start, so every update is computed from the start and
/// rounding errors cannot accumulate into drift.
public struct PinchAnchor: Hashable, Sendable, Codable {
    /// Zoom when the span ratio was `baseFactor`.
    public var startScale: Double
    public var baseFactor: Double
    /// The unscaled image point that must stay under the centroid.
    public var imagePoint: Point
    /// The last reported span ratio and centroid (view points): after a resize the fingers are
    /// still where they were on the glass, so the pinch re-anchors at that spot in the new view.
    public var lastFactor: Double
    public var lastFocal: Point
    /// The turn when `rotation` was `baseRotation`, and the quarter turn the twist's tilt limit
    /// is measured from (the one nearest the turn the pinch began at: a limited twist never
    /// jumps to the next window).
    public var startAngle: Double = 0
    public var baseRotation: Double = 0
    public var lastRotation: Double = 0
    public var home: Double = 0
    /// True once the fingers' turn was recognized as a twist: releasing it may snap.
    public var twisted = false
}
