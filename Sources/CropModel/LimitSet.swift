/// The four limits a light haptic reports (gesture notes: s_min, s_max and either pan clamp).
public struct LimitSet: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let zoomMin = LimitSet(rawValue: 1 << 0)
    public static let zoomMax = LimitSet(rawValue: 1 << 1)
    public static let panX = LimitSet(rawValue: 1 << 2)
    public static let panY = LimitSet(rawValue: 1 << 3)

    /// Each limit with the reason a haptic names it by, in a fixed order for stable logs.
    public var reasons: [LimitReason] {
        isEmpty ? [] : LimitReason.ordered.filter { contains($0.limit) }
    }
}

/// The reason carried by a light-impact haptic.
public enum LimitReason: String, CaseIterable, Hashable, Sendable, Codable {
    case zoomMin, zoomMax, panClampX, panClampY

    /// `allCases`, built once: per-tick code walks it without allocating.
    public static let ordered: [LimitReason] = allCases

    public var limit: LimitSet {
        switch self {
        case .zoomMin: .zoomMin
        case .zoomMax: .zoomMax
        case .panClampX: .panX
        case .panClampY: .panY
        }
    }
}
