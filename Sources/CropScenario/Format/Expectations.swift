import CropVocabulary

/// What must hold at the end of a scenario (or at a checkpoint). Every field is optional: a
/// scenario states only what it is about. "No invariant violations" always holds.
public struct Expectations: Sendable, Equatable {
    public var scale: NumberExpectation?
    public var tx: NumberExpectation?
    public var ty: NumberExpectation?
    public var sliderPercent: NumberExpectation?
    public var cropSide: NumberExpectation?
    /// The photo's turn (rotation), degrees; compared modulo 360.
    public var angle: NumberExpectation?
    public var angleGuideVisible: Bool?
    /// Counts per haptic name (`zoomMin`, `zoomMax`, `panClampX`, `panClampY`, `success`, `error`).
    public var haptics: [String: Int]?
    /// The exact sequence of haptic names.
    public var hapticSequence: [String]?
    /// Exactly these tips and notices, in the order first shown.
    public var shown: [Message]?
    /// Exactly these VoiceOver announcements, in order (R4.1).
    public var announced: [Message]?
    /// Fields of the last confirm's telemetry record; booleans compare as 0 and 1.
    public var telemetry: [String: Double]?
    /// The dimming outside the mask (R6.3).
    public var dimmingOpacity: NumberExpectation?
    public var gridVisible: Bool?
    public var instructionsVisible: Bool?
    public var animating: Bool?
    public var phase: String?
    public var session: SessionPhase?
    public var zoomLimited: Bool?
    public var lowDensity: Bool?
    public var fromThumbnail: Bool?
    /// The editor refuses the photo with exactly this message (R1.3, R11.1).
    public var rejected: String?
    /// After confirm: the flow's state, how many upload attempts were made, and the delays
    /// between each failure and the next attempt, in seconds (R12.5).
    public var uploadState: String?
    public var uploadAttempts: Int?
    public var retryDelays: [Double]?
    /// The profile row and the avatar URL at the end (R12.3–12.4).
    public var profilePath: String?
    public var profileVersion: Int?
    public var avatarURL: String?
    /// Exactly these error alerts, in order (R11.4).
    public var alerts: [Message]?
    public var retryOffered: Bool?

    public static let none = Expectations()
}

public struct Checkpoint: Sendable, Equatable {
    public var time: Double
    public var expect: Expectations
    public var path: String
}

/// A number to compare against, with a tolerance; symbols are resolved against the geometry at
/// the moment of the check.
public struct NumberExpectation: Sendable, Equatable {
    public var target: NumberExpression
    public var tolerance: Double
    public var path: String

    public static let defaultTolerance = 1e-6
}

/// `1.5`, `"sMax"`, `"1.5*sMin"`, `"-maxTx"`.
public struct NumberExpression: Sendable, Equatable, CustomStringConvertible {
    public enum Symbol: String, Sendable, CaseIterable {
        case sMin, sMax, sQuality, sDensity, initial, maxTx, maxTy
    }

    public var factor: Double
    public var symbol: Symbol?

    public var description: String {
        guard let symbol else { return "\(factor)" }
        return factor == 1 ? symbol.rawValue : factor == -1 ? "-\(symbol.rawValue)" : "\(factor)*\(symbol.rawValue)"
    }
}
