import CropSpec

/// How bad a find is, most severe first (issue 32). A trace that breaks several properties is
/// filed under its most severe one, so a harmless deviation that shows on every trace (a pan
/// landing half a point short) can no longer hide a safety bug in the same traces: with one saved
/// find per failure and place, the first property broken used to take the find.
///
/// Where the oracle's kinds go:
/// * **safety**: the safety properties; a model that fails as a program (crash, hang, protocol,
///   error reply), since nothing it showed can be trusted after; and **mapping**, because a crop
///   request whose stored rect or turn is wrong uploads another part of the photo than the one
///   shown, which the user keeps as their avatar.
/// * **obligation**: the obligations; and **opening**, a photo accepted or refused against
///   R1.2/R1.3 (the response owed to opening a photo, which blocks or wrongly admits a session).
/// * **target**: where discrete actions and gesture updates land.
/// * **timing**: the spring's frames and the settle bound.
/// * **metamorphic**: replay and mirror differences, which are model bugs the spec's properties
///   did not name (they are checked only when no property broke).
/// * **harness**: the fuzzer's own bugs and planted properties (`invalidScenario`,
///   `scenarioDiffers`, extra properties), last.
///
/// Static properties are never broken by a trace; they rank with target.
public enum Severity: Int, Comparable, CaseIterable, Sendable, Encodable, CustomStringConvertible {
    case safety, obligation, target, timing, metamorphic, harness

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .safety: "safety"
        case .obligation: "obligation"
        case .target: "target"
        case .timing: "timing"
        case .metamorphic: "metamorphic"
        case .harness: "harness"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    /// The severity of a property of the oracle, by its kind.
    public init(_ property: Property) {
        switch property.kind {
        case .safety, .mapping: self = .safety
        case .obligation, .opening: self = .obligation
        case .target, .static: self = .target
        case .timing: self = .timing
        }
    }
}

extension FailureKind {
    public var severity: Severity {
        switch self {
        case .property(let p): Severity(p)
        case .model: .safety
        case .replayDiffers, .mirrorDiffers: .metamorphic
        case .extra, .invalidScenario, .scenarioDiffers: .harness
        }
    }
}

extension Violation {
    /// Most severe first, then a visible deviation before a sub-pixel one (they fail only under
    /// `--fail-sub-pixel`, and must not take the find of a real miss), then earliest, then by
    /// name: the one a trace is filed under.
    static func filingOrder(_ a: Violation, _ b: Violation) -> Bool {
        (Severity(a.property), a.isSubPixel ? 1 : 0, a.tick, a.property.rawValue)
            < (Severity(b.property), b.isSubPixel ? 1 : 0, b.tick, b.property.rawValue)
    }

    /// The properties besides `filed` that `violations` broke, most severe first (then by first
    /// tick), each named once: what a find lists beside the one it is filed under.
    static func alsoBroken(_ violations: [Violation], besides filed: Property?) -> [String] {
        var seen: Set<Property> = filed.map { [$0] } ?? []
        return violations.sorted(by: filingOrder).compactMap {
            seen.insert($0.property).inserted ? $0.property.rawValue : nil
        }
    }
}

extension Failure {
    /// The other properties, each with its severity, as a find's description lists them:
    /// `panFollowsFinger (target), focalPointKept (target)`.
    public var alsoBrokenText: String { Severity.listed(alsoBroken) }
}

extension Finding {
    /// `alsoBroken` with severities, as the progress output lists them.
    public var alsoBrokenText: String { Severity.listed(alsoBroken) }
}

extension Severity {
    static func listed(_ names: [String]) -> String {
        names.map { name in Property(rawValue: name).map { "\(name) (\(Severity($0)))" } ?? name }.joined(
            separator: ", ")
    }
}
