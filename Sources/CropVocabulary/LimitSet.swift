/// The limits a light haptic reports (gesture notes: s_min, s_max and the pan clamps), one flag
/// per *side*: the left and right pan bounds are two limits, because a drag that crosses a narrow
/// pan range in one tick arrives at a new limit and must feel it.
public struct LimitSet: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Constants as inlinable computed properties: a `static let` is read through an accessor
    // call (and a once-check) from every other module, on every clamp and every check.
    @inlinable public static var zoomMin: LimitSet { LimitSet(rawValue: 1 << 0) }
    @inlinable public static var zoomMax: LimitSet { LimitSet(rawValue: 1 << 1) }
    /// Translation x at −limit (the image's right edge on the mask's right).
    @inlinable public static var panMinX: LimitSet { LimitSet(rawValue: 1 << 2) }
    /// Translation x at +limit (the image's left edge on the mask's left).
    @inlinable public static var panMaxX: LimitSet { LimitSet(rawValue: 1 << 3) }
    @inlinable public static var panMinY: LimitSet { LimitSet(rawValue: 1 << 4) }
    @inlinable public static var panMaxY: LimitSet { LimitSet(rawValue: 1 << 5) }
    /// The turn at its largest tilt from the quarter turn, counter-clockwise / clockwise
    /// (`ZoomGeometry.maxTilt`): only photos without zoom range to spare have one.
    @inlinable public static var tiltMin: LimitSet { LimitSet(rawValue: 1 << 6) }
    @inlinable public static var tiltMax: LimitSet { LimitSet(rawValue: 1 << 7) }

    /// Both sides of one axis.
    @inlinable public static var zoom: LimitSet { LimitSet(rawValue: zoomMin.rawValue | zoomMax.rawValue) }
    @inlinable public static var panX: LimitSet { LimitSet(rawValue: panMinX.rawValue | panMaxX.rawValue) }
    @inlinable public static var panY: LimitSet { LimitSet(rawValue: panMinY.rawValue | panMaxY.rawValue) }
    @inlinable public static var tilt: LimitSet { LimitSet(rawValue: tiltMin.rawValue | tiltMax.rawValue) }
}

/// The reason carried by a light-impact haptic.
public enum LimitReason: String, CaseIterable, Hashable, Sendable, Codable {
    case zoomMin, zoomMax, panClampX, panClampY, rotationLimit
}
