import CropVocabulary

/// The front door to any editor model: it owns the model and the spec oracle, and every event
/// and tick goes through it and is judged — in the manner of TCA's `TestStore`. The simulator,
/// the fuzzer, the studio and the property tests all drive models this way; nothing else calls
/// a model or the oracle's driving methods.
///
/// A model in this process answers each event at once and is judged at once. A model that
/// answers later (over a pipe) queues events and ticks until `sync`, which judges the answers in
/// order, exactly as if they had come one by one.
public struct CheckedEditor<Model: EditorModel> {
    @usableFromInline var model: Model
    @usableFromInline var oracle: Oracle
    @usableFromInline let checking: Bool
    /// The model's name, version, capabilities and policies.
    public let identity: ModelIdentity
    /// The frame events go to now: 0 while opening, then 1, 2, … (a tick ends a frame).
    public var frame: Int { currentFrame }
    @usableFromInline var currentFrame = 1
    /// The effects of the event or tick being judged, in a buffer kept between calls: most have
    /// none, and an array per call would cost an allocation and a release.
    @usableFromInline var effects: [EditorEffect] = []
    /// A deferred model's queued work and its answers (unused for a model that answers at once).
    @usableFromInline var pending: [Pending] = []
    @usableFromInline var answers: [ModelAnswer] = []
    /// How a deferred model stood after its last judged answer.
    @usableFromInline var last: ModelAnswer
    /// The host has seen enough: later answers of the batch were dropped.
    public var stopped: Bool { hostStopped }
    @usableFromInline var hostStopped = false

    @usableFromInline enum Pending {
        case event(EditorEvent)
        case tick(recognizerActive: Bool)
        /// A touch or event whose answer judges these events, in order (`CheckedEditor+Input`).
        case input([EditorEvent])
        /// A tick whose answer also judges these events first.
        case frame([EditorEvent], recognizerActive: Bool)
    }
    /// The model is judged through `judgeInput`: it is driven at touch level or applies moves
    /// at the frame's end (policy `inputTiming`).
    @usableFromInline let routed: Bool
    /// Under `inputTiming: atFrameEnd`, the moves waiting for the frame's end (`Held`).
    var held = Held()

    /// The editor opened, or the photo was refused (with the oracle's verdict on the refusal).
    public enum Opening {
        case opened(CheckedEditor)
        case refused(message: String, violation: Violation?)
    }

    /// Opens the model on the request and judges the opening: the photo must be accepted or
    /// refused as R1.2–1.3 say, and the first frame must hold every invariant. The opening's
    /// effects go to the host at tick 0. `checking: false` only measures what checking costs.
    public static func open<H: EditorHost>(
        _ request: OpenRequest, in context: Model.Context, checking: Bool = true,
        host: inout H
    ) -> Opening {
        let identity = Model.identity(in: context)
        var effects: [EditorEffect] = []
        let model: Model
        do {
            model = try Model.open(request, in: context, effects: &effects)
        } catch {
            let violation =
                checking
                ? PhotoAcceptance.violation(source: request.source, undecodable: false, rejection: error.message) : nil
            return .refused(message: error.message, violation: violation)
        }
        var oracle = Oracle(request: request, identity: identity)
        let observation = model.observation
        let slider = model.sliderPercent
        if checking, model.failure == nil {
            if let problem = Oracle.judgeOpening(source: request.source, undecodable: false, rejection: nil) {
                oracle.record(.photoAcceptance, tick: 0, problem)
            }
            oracle.opened(observation, sliderPercent: slider, effects: effects)
        }
        let first = ModelAnswer(effects: [], observation: observation, sliderPercent: slider, readout: model.readout)
        let checked = CheckedEditor(model: model, oracle: oracle, checking: checking, identity: identity, last: first)
        if !effects.isEmpty { host.perform(effects, tick: 0) }
        return .opened(checked)
    }

    @usableFromInline init(model: Model, oracle: Oracle, checking: Bool, identity: ModelIdentity, last: ModelAnswer) {
        self.model = model
        self.oracle = oracle
        self.checking = checking
        self.identity = identity
        self.last = last
        routed = identity.capabilities.contains(.touches) || identity.policies.inputTiming == .atFrameEnd
    }

    // MARK: Driving

    /// Applies one event in the current frame and judges it.
    @inlinable @inline(__always) public mutating func apply<H: EditorHost>(_ event: EditorEvent, host: inout H) {
        if routed { return apply(event, after: [], host: &host) }
        if Model.answersLater {
            model.apply(event, into: &effects)
            pending.append(.event(event))
            return
        }
        let before = model.pose, wasAnimating = model.isAnimating
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        model.apply(event, into: &effects)
        judge(
            event, before: before, wasAnimating: wasAnimating, pose: model.pose, animating: model.isAnimating,
            host: &host)
    }

    /// Ends the current frame with a 60 Hz tick and judges it. `recognizerActive`: a gesture is
    /// recognized and under way, so the grid must be hidden (R6.2).
    @inlinable @inline(__always) public mutating func tick<H: EditorHost>(recognizerActive: Bool, host: inout H) {
        if routed { return tick(recognizerActive: recognizerActive, recognized: [], host: &host) }
        if Model.answersLater {
            model.tick(into: &effects)
            pending.append(.tick(recognizerActive: recognizerActive))
            currentFrame += 1
            return
        }
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        model.tick(into: &effects)
        let observation = model.observation
        if judgeFrame(observation, recognizerActive: recognizerActive, host: &host) {
            oracle.judgeSlider(model.sliderPercent, pose: observation.pose, tick: frame)
        }
        judgeFlow(host: &host)
        if host.watchesFrames {
            _ = host.frameEnded(
                tick: frame, observation: observation, sliderPercent: model.sliderPercent, readout: model.readout,
                geometry: oracle.geometry)
        }
        currentFrame += 1
    }

    /// Waits for a deferred model's answers to its queued work and judges them in order, each
    /// batch as it arrives; nothing to do for a model that answers at once. Judging stops early
    /// when the host has seen enough (the later answers are still taken, unjudged) or the model
    /// failed.
    @inlinable public mutating func sync<H: EditorHost>(host: inout H) {
        if Model.answersLater && !pending.isEmpty { syncDeferred(host: &host) }
    }

    @inlinable mutating func syncDeferred<H: EditorHost>(host: inout H) {
        var judgedFrame =
            frame
            - pending.reduce(0) {
                switch $1 {
                case .tick, .frame: $0 + 1
                default: $0
                }
            }
        var next = 0
        while next < pending.count {
            answers.removeAll(keepingCapacity: true)
            model.flush(into: &answers)
            if answers.isEmpty { break }  // the model failed
            for k in 0..<min(answers.count, pending.count - next) where !hostStopped {
                judge(pending[next + k], answers[k], judgedFrame: &judgedFrame, host: &host)
            }
            next += answers.count
        }
        currentFrame = judgedFrame
        pending.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
    }

    /// One queued event or tick with the model's answer to it, judged as if it had just happened.
    @inlinable mutating func judge<H: EditorHost>(
        _ op: Pending, _ answer: ModelAnswer, judgedFrame: inout Int, host: inout H
    ) {
        effects = answer.effects
        currentFrame = judgedFrame
        switch op {
        case .event(let event):
            let before = last.observation
            last = answer
            judge(
                event, before: before.pose, wasAnimating: before.animating, pose: answer.observation.pose,
                animating: answer.observation.animating, host: &host)
        case .tick(let recognizerActive):
            last = answer
            if judgeFrame(answer.observation, recognizerActive: recognizerActive, host: &host) {
                oracle.judgeSlider(answer.sliderPercent, pose: answer.observation.pose, tick: frame)
            }
            judgeFlow(host: &host)
            if host.watchesFrames,
                !host.frameEnded(
                    tick: judgedFrame, observation: answer.observation,
                    sliderPercent: answer.sliderPercent, readout: answer.readout,
                    geometry: oracle.geometry)
            {
                hostStopped = true
            }
            judgedFrame += 1
        case .input(let events):
            judgeInput(events, answer, endsFrame: false, host: &host)
        case .frame(let events, let recognizerActive):
            judgeFrameInput(events, answer, recognizerActive: recognizerActive, host: &host)
            if host.watchesFrames,
                !host.frameEnded(
                    tick: judgedFrame, observation: answer.observation,
                    sliderPercent: answer.sliderPercent, readout: answer.readout,
                    geometry: oracle.geometry)
            {
                hostStopped = true
            }
            judgedFrame += 1
        }
    }

    /// The end of the run: R12.4's versioned URL for the profile's avatar.
    public mutating func finish(avatarURL: String?, profile: (path: String?, version: Int)) {
        if checking { oracle.endOfRun(avatarURL: avatarURL, profile: profile, tick: frame - 1) }
    }

    // MARK: Judging

    @inlinable mutating func judge<H: EditorHost>(
        _ event: EditorEvent, before: Pose, wasAnimating: Bool, pose: Pose,
        animating: Bool, host: inout H
    ) {
        if checking {
            oracle.observe(
                event, before: before, wasAnimating: wasAnimating, pose: pose, animating: animating, effects: effects,
                tick: frame)
        }
        if !effects.isEmpty { host.perform(effects, tick: frame) }
    }

    /// The frame's effects and invariants. Returns whether the slider's reading is due (at rest,
    /// somewhere new), so that it is read only then.
    @inlinable mutating func judgeFrame<H: EditorHost>(
        _ observation: Observation, recognizerActive: Bool, host: inout H
    ) -> Bool {
        if !effects.isEmpty {
            host.perform(effects, tick: frame)
            if checking { oracle.observeTick(effects, pose: observation.pose, tick: frame) }
        }
        return checking && oracle.endOfTick(observation, recognizerActive: recognizerActive, tick: frame)
    }

    /// The flow after confirm, against the host's store after the frame's effects.
    @inlinable mutating func judgeFlow<H: EditorHost>(host: inout H) {
        if checking, oracle.flowActive { oracle.endOfFlowTick(profile: host.profile, tick: frame) }
    }

    // MARK: Reading

    /// How the model stands now (for a deferred model: after its last judged answer).
    @inlinable public var observation: Observation { Model.answersLater ? last.observation : model.observation }
    @inlinable public var sliderPercent: Double { Model.answersLater ? last.sliderPercent : model.sliderPercent }
    public var readout: Readout { Model.answersLater ? last.readout : model.readout }
    /// The spec's zoom math for the view as it is now (kept by the oracle while it checks).
    public var geometry: SpecGeometry { oracle.geometry }
    /// Events and ticks a deferred model has queued since the last `sync`.
    public var pendingCount: Int { pending.count }
    /// The model failed as a program (crashed, hung, broke the protocol); it answers nothing more.
    public var failure: ModelFailure? { model.failure }

    /// Every broken property, capped per property (`Oracle.maxStoredPerProperty`), and the counts.
    public var violations: [Violation] { oracle.violations }
    public var violationCounts: [Property: Int] { oracle.counts }
    /// Target deviations below a quarter of a device pixel (`Violation.isSubPixel`), apart.
    public var subPixel: [Violation] { oracle.subPixel }
    public var subPixelCounts: [Property: Int] { oracle.subPixelCounts }
    /// Properties the model's capabilities leave the oracle unable to judge.
    public var notJudged: [Property] { oracle.notJudged }
    /// Records a violation found outside the oracle's own checks (a scenario's metamorphic check).
    public mutating func record(_ property: Property, _ message: String) {
        oracle.record(property, tick: frame - 1, message)
    }
}
