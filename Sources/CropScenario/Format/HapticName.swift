import CropVocabulary

/// A haptic as scenarios name it: a light impact by its limit reason, every other haptic by its
/// kind. Built from the model's `Haptic` and `LimitReason` by exhaustive switches, so a haptic the
/// vocabulary gains is a compile error here until the format names it.
public enum HapticName: String, CaseIterable, Sendable, Hashable {
    case zoomMin, zoomMax, panClampX, panClampY, rotationLimit, success, error, snap

    public init(_ haptic: Haptic) {
        switch haptic {
        case .lightImpact(let reason):
            switch reason {
            case .zoomMin: self = .zoomMin
            case .zoomMax: self = .zoomMax
            case .panClampX: self = .panClampX
            case .panClampY: self = .panClampY
            case .rotationLimit: self = .rotationLimit
            }
        case .success: self = .success
        case .error: self = .error
        case .snap: self = .snap
        }
    }
}

extension Haptic {
    /// The name scenarios, reports and the studio use (`HapticName`).
    public var name: String { HapticName(self).rawValue }
}
