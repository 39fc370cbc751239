import CropVocabulary

/// What must hold at the end of a scenario (or at a checkpoint). Every field is optional: a
/// scenario states only what it is about. "No invariant violations" always holds.
public struct Expectations: Sendable, Equatable {
    public var scale: NumberExpectation?
    public var tx: NumberExpectation?
    public var ty: NumberExpectation?
    public var sliderPercent: NumberExpectation?
    public var cropSide: NumberExpectation?
    /// The mask's diameter in points, as the editor reports it (the view's short side times
    /// `maskDiameterFraction`): a scenario can pin it across a resize.
    public var maskDiameter: NumberExpectation?
    /// The photo's turn (rotation), degrees; compared modulo 360.
    public var angle: NumberExpectation?
    public var angleGuideVisible: Bool?
    /// Counts per haptic.
    public var haptics: [HapticName: Int]?
    /// The exact sequence of haptics.
    public var hapticSequence: [HapticName]?
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
    public var phase: GestureKind?
    public var session: SessionPhase?
    public var zoomLimited: Bool?
    public var lowDensity: Bool?
    public var fromThumbnail: Bool?
    /// The editor refuses the photo with exactly this message (R1.3, R11.1).
    public var rejected: String?
    /// After confirm: the flow's state, how many upload attempts were made, and the delays
    /// between each failure and the next attempt, in seconds (R12.5).
    public var uploadState: UploadPhase?
    public var uploadAttempts: Int?
    public var retryDelays: [Double]?
    /// The profile row and the avatar URL at the end (R12.3–12.4).
    public var profilePath: String?
    public var profileVersion: Int?
    public var avatarURL: String?
    /// Exactly these error alerts, in order (R11.4).
    public var alerts: [Message]?
    public var retryOffered: Bool?
    /// The policies a key assumes (key → policy → value): against an editor that declares
    /// another value that key is not judged.
    public var assumes: [String: [String: String]] = [:]

    public static let none = Expectations()
}

/// The table: every key an `expect` block or a checkpoint may state, in the order the schema
/// lists them, the encoder writes them and the check judges them. A new expectation is one
/// entry here (and a stored property on `Expectations`).
extension ExpectationField {
    typealias R = ScenarioFormat.Range
    typealias F = ScenarioFormat

    public static let all: [ExpectationField] = stated + [assumes]
    /// The keys that state something about a run; `assumes` qualifies them, so it comes last.
    static let stated: [ExpectationField] = pose + effects + view + flow

    static let pose: [ExpectationField] = [
        number("scale", \.scale) { $0.observation.pose.scale },
        number("tx", \.tx) { $0.observation.pose.translation.x },
        number("ty", \.ty) { $0.observation.pose.translation.y },
        number("sliderPercent", \.sliderPercent, needs: .slider) { $0.sliderPercent },
        number("cropSide", \.cropSide, needs: .cropRect) { $0.observation.cropRect.width },
        number(
            "maskDiameter", \.maskDiameter, "The mask's diameter in points, as the editor reports it.", needs: .readout
        ) {
            $0.readout.maskDiameter
        },
        angle,
        flag("angleGuideVisible", \.angleGuideVisible, needs: .angleGuide) { $0.observation.angleGuideVisible }
    ]

    static let effects: [ExpectationField] = [
        haptics, hapticSequence,
        // The instructions are the `instructionsVisible` flag's: a model may also `show` them
        // (R6.4 "SHALL show instructional text"), which `shown` does not list.
        messages(
            "shown", \.shown, "Exactly these tips/notices, in order (a `show` of the instructions is not listed).",
            needs: .notices
        ) {
            if case .show(let m) = $0, m != .instructions { m } else { nil }
        },
        messages("announced", \.announced, "Exactly these VoiceOver announcements, in order.", needs: .announcement) {
            if case .announce(let m) = $0 { m } else { nil }
        },
        telemetry
    ]

    static let view: [ExpectationField] = [
        number("dimmingOpacity", \.dimmingOpacity, needs: .readout) { $0.readout.dimmingOpacity },
        flag("gridVisible", \.gridVisible, needs: .grid) { $0.observation.gridVisible },
        flag("instructionsVisible", \.instructionsVisible, needs: .notices) { $0.observation.instructionsVisible },
        flag("animating", \.animating, needs: .animations) { $0.observation.animating },
        state("phase", \.phase, message: "phase is \"idle\", \"pan\" or \"pinch\"", needs: .readout) {
            $0.readout.gesture
        },
        state("session", \.session, needs: .confirm) { $0.observation.session },
        flag("zoomLimited", \.zoomLimited, needs: .readout) { $0.readout.zoomLimited },
        flag("lowDensity", \.lowDensity, needs: .readout) { $0.readout.lowDensity },
        fromThumbnail, rejected, violations
    ]

    static let flow: [ExpectationField] = [
        upload, profile,
        text("avatarURL", \.avatarURL, needs: .upload) { $0.avatarURL },
        messages("alerts", \.alerts, needs: .upload) { if case .alert(let m) = $0 { m } else { nil } },
        // Retry stays on offer for as long as the flow is failed (a retry leaves that state).
        flag("retryOffered", \.retryOffered, needs: [.upload, .readout]) { $0.readout.upload == .failed }
    ]
}
