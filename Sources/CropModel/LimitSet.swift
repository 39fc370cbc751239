/// The limits a light haptic reports (gesture notes: s_min, s_max and the pan clamps), one flag
/// per *side*: the left and right pan bounds are two limits, because a drag that crosses a narrow
/// pan range in one tick arrives at a new limit and must feel it.
public struct LimitSet: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let zoomMin = LimitSet(rawValue: 1 << 0)
    public static let zoomMax = LimitSet(rawValue: 1 << 1)
    /// Translation x at −limit (the image's right edge on the mask's right).
    public static let panMinX = LimitSet(rawValue: 1 << 2)
    /// Translation x at +limit (the image's left edge on the mask's left).
    public static let panMaxX = LimitSet(rawValue: 1 << 3)
    public static let panMinY = LimitSet(rawValue: 1 << 4)
    public static let panMaxY = LimitSet(rawValue: 1 << 5)
    /// The turn at its largest tilt from the quarter turn, counter-clockwise / clockwise
    /// (`ZoomGeometry.maxTilt`): only photos without zoom range to spare have one.
    public static let tiltMin = LimitSet(rawValue: 1 << 6)
    public static let tiltMax = LimitSet(rawValue: 1 << 7)

    /// Both sides of one axis.
    public static let zoom: LimitSet = [.zoomMin, .zoomMax]
    public static let panX: LimitSet = [.panMinX, .panMaxX]
    public static let panY: LimitSet = [.panMinY, .panMaxY]
    public static let tilt: LimitSet = [.tiltMin, .tiltMax]
    public static let axes: [LimitSet] = [.zoom, .panX, .panY, .tilt]

    /// Each limit with the reason a haptic names it by, in a fixed order for stable logs. The
    /// reason names the axis; the two sides of a pan axis share it.
    public var reasons: [LimitReason] {
        isEmpty ? [] : LimitReason.ordered.filter { !isDisjoint(with: $0.limit) }
    }

    /// Every side of every axis that has at least one side in this set.
    public var wholeAxes: LimitSet {
        var out: LimitSet = []
        for axis in Self.axes where !isDisjoint(with: axis) { out.formUnion(axis) }
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
