/// Deliberate bugs, for proving that the simulator's invariants and the fuzzer find them.
///
/// Each is a real clamp-bug class seen in croppers; the product never enables any (the default
/// is `[]`). They live in the model, at the one line each bug would be written, rather than in a
/// copy of the model, so the correct and the broken editor differ by exactly that line.
public struct Fault: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Pan and pinch updates are not clamped until the gesture ends.
    public static let clampOnlyAtGestureEnd = Fault(rawValue: 1 << 0)
    /// The pinch anchors its focal point with the requested, unclamped zoom.
    public static let pinchAnchoredUnclamped = Fault(rawValue: 1 << 1)
    /// Transitions use the ζ = 0.5 spring and their frames are not clamped.
    public static let unclampedUnderdampedAnimation = Fault(rawValue: 1 << 2)
    /// The oriented size ignores EXIF 5–8 (width and height not swapped).
    public static let orientationNotSwapped = Fault(rawValue: 1 << 3)
    /// s_max ignores the density cap (density checked only at s_min).
    public static let densityOnlyAtMinimumZoom = Fault(rawValue: 1 << 4)
    /// Pan bounds come from the previous update's zoom instead of the new one.
    public static let panBoundsFromPreviousZoom = Fault(rawValue: 1 << 5)

    public static let all: [(name: String, fault: Fault)] = [
        ("clampOnlyAtGestureEnd", .clampOnlyAtGestureEnd),
        ("pinchAnchoredUnclamped", .pinchAnchoredUnclamped),
        ("unclampedUnderdampedAnimation", .unclampedUnderdampedAnimation),
        ("orientationNotSwapped", .orientationNotSwapped),
        ("densityOnlyAtMinimumZoom", .densityOnlyAtMinimumZoom),
        ("panBoundsFromPreviousZoom", .panBoundsFromPreviousZoom),
    ]

    /// The fault called `name` in `all`.
    public static func named(_ name: String) -> Fault? { all.first { $0.name == name }?.fault }
}
