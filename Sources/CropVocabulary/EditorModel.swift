/// An avatar editor's state model, as cropsim drives it: opened on a photo, then fed events and
/// 60 Hz ticks, each answered with the effects the host must perform; between them it is
/// observed. `CropModel.Editor` conforms; so can a team's own editor, in process
/// (docs/bring-your-own-model.md), or one in another language behind a pipe.
///
/// Nothing drives a model directly: `CropSpec.CheckedEditor` owns it together with the oracle,
/// so every event and tick is judged.
public protocol EditorModel: SendableMetatype {
    /// What opening needs besides the request: nothing for an editor in this process; the running
    /// process for one over a pipe.
    associatedtype Context = Void

    /// The model's name, version, capabilities and policies.
    static func identity(in context: Context) -> ModelIdentity

    /// Opens the editor on a photo, appending the effects of opening (the VoiceOver announcement,
    /// tips), or refuses the photo.
    static func open(_ request: OpenRequest, in context: Context, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> Self

    /// Applies one event, appending the effects it asks for.
    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect])

    /// Advances one 60 Hz frame, appending its effects.
    mutating func tick(into effects: inout [EditorEffect])

    /// Feeds one touch sample to a model that recognizes gestures itself
    /// (`Capabilities.touches`). Only such a model is sent touches; the default ignores them.
    mutating func touch(_ sample: TouchSample, into effects: inout [EditorEffect])

    /// What the oracle sees now.
    var observation: Observation { get }

    /// The pose and whether a transition runs: all the oracle reads around every event, so a
    /// model may answer them without building its whole observation (both default to it).
    var pose: Pose { get }
    var isAnimating: Bool { get }

    /// The accessibility slider's reading now, 0–100 % (`Capabilities.slider`). Read only when
    /// the oracle judges it (at rest, after the pose changed), so it may be computed on demand.
    var sliderPercent: Double { get }

    /// What the model reports about itself for logs and reports (`Capabilities.readout`).
    var readout: Readout { get }

    // MARK: Models that answer later

    /// Whether `apply` and `tick` only queue their work, answered later by `flush` (a model over
    /// a pipe, which sends a stretch of events and ticks in a few requests). An editor in this
    /// process answers at once and keeps the defaults.
    static var answersLater: Bool { get }

    /// Appends the answers to the oldest queued events and ticks not yet answered, in order —
    /// at least one, unless the model failed or nothing is queued. Called until every queued
    /// event and tick has its answer, so that the caller can judge the first answers while the
    /// model still works on the rest.
    mutating func flush(into answers: inout [ModelAnswer])

    /// A failure of the model itself (a process that crashed, hung or broke the protocol), after
    /// which it answers nothing; nil for an editor in this process.
    var failure: ModelFailure? { get }
}

extension EditorModel {
    @inlinable public var pose: Pose { observation.pose }
    @inlinable public var isAnimating: Bool { observation.animating }
    @inlinable public static var answersLater: Bool { false }
    @inlinable public mutating func touch(_ sample: TouchSample, into effects: inout [EditorEffect]) {}
    @inlinable public mutating func flush(into answers: inout [ModelAnswer]) {}
    @inlinable public var failure: ModelFailure? { nil }
}

extension EditorModel where Context == Void {
    public static var identity: ModelIdentity { identity(in: ()) }

    public static func open(_ request: OpenRequest, effects: inout [EditorEffect]) throws(OpenRefusal) -> Self {
        try open(request, in: (), effects: &effects)
    }
}

/// A deferred model's answer to one queued event or tick: what it returned and how it stands
/// after it.
public struct ModelAnswer: Sendable {
    public var effects: [EditorEffect]
    public var observation: Observation
    public var sliderPercent: Double
    public var readout: Readout

    public init(effects: [EditorEffect], observation: Observation, sliderPercent: Double, readout: Readout) {
        self.effects = effects
        self.observation = observation
        self.sliderPercent = sliderPercent
        self.readout = readout
    }
}

/// How a model failed as a program (not as an editor): the trace that caused it is a find like
/// any broken property (docs/model-protocol.md#failures).
public struct ModelFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The process exited or was killed by a signal.
        case crashed
        /// No answer within the per-request deadline.
        case hung
        /// The process closed its standard output (the reply pipe reached its end) while still
        /// running: no reply can come, so this is reported at once rather than as `hung` after
        /// the whole deadline.
        case closedOutput
        /// A reply that is not valid protocol JSON, or too long a line.
        case malformed
        /// A well-formed reply that breaks the protocol (wrong id, wrong count, an unknown
        /// effect, a value out of range).
        case protocolViolation
        /// An error reply (`"type": "error"`) to a request the model must be able to answer.
        case errorReply
    }

    public var kind: Kind
    public var message: String
    /// The model's last lines on standard error, kept beside the find.
    public var stderrTail: [String]
    /// The last frame the failed request covered, when the model failed answering one (a
    /// deferred model's `step`). Judging stops at the start of that request, which may be frames
    /// before the step whose input the model failed on: a find is placed by this frame instead.
    public var frame: Int?

    public init(kind: Kind, message: String, stderrTail: [String] = [], frame: Int? = nil) {
        self.kind = kind
        self.message = message
        self.stderrTail = stderrTail
        self.frame = frame
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
