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

    /// Each limit with the reason a haptic names it by, in a fixed order for stable logs. The
    /// reason names the axis; the two sides of a pan axis share it.
    public var reasons: [LimitReason] {
        isEmpty ? [] : LimitReason.ordered.filter { !isDisjoint(with: $0.limit) }
    }

    /// Every side of every axis that has at least one side in this set. Written out axis by
    /// axis: a loop over an array of axes retained and released it on every clamp that cut.
    @inlinable public var wholeAxes: LimitSet {
        var out = LimitSet()
        if !isDisjoint(with: .zoom) { out.formUnion(.zoom) }
        if !isDisjoint(with: .panX) { out.formUnion(.panX) }
        if !isDisjoint(with: .panY) { out.formUnion(.panY) }
        if !isDisjoint(with: .tilt) { out.formUnion(.tilt) }
        return out
    }
}

/// The reason carried by a light-impact haptic.
public enum LimitReason: String, CaseIterable, Hashable, Sendable, Codable {
    case zoomMin, zoomMax, panClampX, panClampY, rotationLimit

    /// `allCases`, built once: per-tick code walks it without allocating.
    public static let ordered: [LimitReason] = allCases

    /// The sides this reason stands for.
    public var limit: LimitSet {
        switch self {
        case .zoomMin: .zoomMin
        case .zoomMax: .zoomMax
        case .panClampX: .panX
        case .panClampY: .panY
        case .rotationLimit: .tilt
        }
    }
}
