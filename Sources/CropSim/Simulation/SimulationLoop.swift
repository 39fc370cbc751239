import CropScenario
import CropSpec
import CropVocabulary
import Foundation

/// One run of the 60 Hz loop against model `M`: inputs become touches, touches become events,
/// and every event and tick goes through the checked editor.
struct SimulationLoop<M: EditorModel> {
    /// The scenario and its inputs; a live run (`LiveRun`) replaces both as input arrives, always
    /// with the same inputs up to the tick it has run.
    var scenario: Scenario
    var inputs: [Input] {
        didSet { nextInputTick = next < inputs.count ? inputs[next].tick : .max }
    }
    var options: Simulator.Options
    /// One tick per request for a model that answers later (after a batch it mispredicted).
    let lockstep: Bool
    var host: RunHost
    var result: RunResult
    var gate = TouchGate()
    var recognizer: GestureRecognizer
    var events: [EditorEvent] = []
    /// The model lacks the capability an event needs: the scenario does not apply to it.
    var missing: String?
    /// The model recognizes gestures itself: it is sent touches (`SimulationLoop+Touches`).
    let touchLevel: Bool
    /// Under `inputTiming: atFrameEnd` moves are coalesced to the frame's end, else flushed
    /// after every touch sample, as the model applies them.
    let movesAtFrameEnd: Bool
    /// Moves flushed before a system step that sent the model nothing: judged at the frame's end.
    var carried: [EditorEvent] = []
    /// Where the tick loop stands: the last tick run, the next input, and the tick that input is
    /// due at (kept rather than recomputed, a division, per tick).
    var tick = 0
    var next = 0
    var nextInputTick: Int

    init(_ scenario: Scenario, inputs: [Input], options: Simulator.Options, lockstep: Bool, identity: ModelIdentity) {
        self.scenario = scenario
        self.inputs = inputs
        nextInputTick = inputs.first?.tick ?? .max
        self.options = options
        self.lockstep = lockstep
        host = RunHost(scenario, recordFrames: options.recordFrames, identity: identity)
        result = RunResult(scenario: scenario, model: identity)
        var settings = options.recognizer
        settings.recognizesRotation = scenario.config.allowRotation
        settings.recognizesDoubleTap = identity.capabilities.contains(.doubleTap)
        settings.fingerAfterPinch = identity.policies.fingerAfterPinch
        if identity.policies.twistThreshold == .none { settings.rotationThreshold = 0 }
        settings.followsSharpTurns = identity.policies.sharpTurn == .followed
        if identity.policies.dragThreshold == .none { settings.dragThreshold = 0 }
        recognizer = GestureRecognizer(settings: settings)
        touchLevel = identity.capabilities.contains(.touches)
        movesAtFrameEnd = identity.policies.inputTiming == .atFrameEnd
    }

    mutating func run(in context: M.Context) -> RunResult {
        switch start(in: context) {
        case .ended(let result):
            return result
        case .opened(var checked):
            if checked.failure == nil { drive(&checked, identity: result.model) }
            return finish(checked)
        }
    }

    /// A run that ended before its first tick, or the editor opened on the scenario's photo.
    enum Start {
        case ended(RunResult)
        case opened(CheckedEditor<M>)
    }

    /// Opens the editor: the photo refused or undecodable, or the scenario not applicable, end the run.
    mutating func start(in context: M.Context) -> Start {
        let identity = result.model
        if let failure = scenario.image.decodeFailure {
            return .ended(
                Simulator.refused(
                    result, message: Message.decodeFailed.text, detail: failure,
                    violation: PhotoAcceptance.violation(
                        source: scenario.image.source, undecodable: true,
                        rejection: Message.decodeFailed.text)))
        }
        if let reason = scenario.unsupported(by: identity) {
            result.notApplicable = reason
            return .ended(result)
        }
        let request = OpenRequest(
            source: scenario.image.source, viewport: scenario.device.viewport, config: scenario.config,
            reduceMotion: scenario.device.reduceMotion, user: scenario.backend.user)
        switch CheckedEditor<M>.open(request, in: context, checking: options.checkInvariants, host: &host) {
        case .refused(let message, let violation):
            return .ended(Simulator.refused(result, message: message, detail: nil, violation: violation))
        case .opened(let checked):
            return .opened(checked)
        }
    }

    /// The whole run: frame 0, then the tick loop until it ends.
    private mutating func drive(_ checked: inout CheckedEditor<M>, identity: ModelIdentity) {
        begin(checked)
        // A frame per tick up to the last input, reserved at once; only the settling after it grows the list.
        if options.recordFrames { host.frames.reserveCapacity(lastTick + 2) }
        runOn(&checked, supportsAll: identity.capabilities == .all)
    }

    /// Frame 0, the editor as it opened, before any tick.
    mutating func begin(_ checked: CheckedEditor<M>) {
        if options.recordFrames {
            host.frames.append(
                FrameRecord(
                    tick: 0, observation: checked.observation, sliderPercent: checked.sliderPercent,
                    readout: checked.readout, spec: checked.geometry, recognized: .idle, touches: [],
                    rotationAllowed: scenario.config.allowRotation))
        }
        if timed { result.modelNanoseconds.append(0) }
    }

    private var timed: Bool { options.measureTiming && !M.answersLater }
    /// The last tick an input (or a checkpoint) is due at: past it the run settles.
    var lastTick: Int { max(inputs.last?.tick ?? 0, host.lastCheckpointTick) }

    /// The tick loop from where it stands: until the inputs are spent and the editor has settled,
    /// or the settle limit.
    mutating func runOn(_ checked: inout CheckedEditor<M>, supportsAll: Bool) {
        let lastTick = lastTick, timed = timed
        var settleQueued = 0
        while tick < lastTick + options.settleTicks {
            if next >= inputs.count && tick >= lastTick {
                if settleQueued > 0 {
                    settleQueued -= 1
                } else {
                    guard sync(&checked) else { return }
                    if !recognizer.hasTouches && host.isSettled(checked.observation, checked.readout) { return }
                    if M.answersLater && !lockstep {
                        settleQueued = Self.settleChunk - 1
                        host.settling = (lastTick, recognizer.hasTouches)
                    }
                }
            }
            let start = timed ? DispatchTime.now().uptimeNanoseconds : 0
            guard step(&checked, supportsAll) else { return }
            if timed { result.modelNanoseconds.append(Int64(DispatchTime.now().uptimeNanoseconds - start)) }
        }
        _ = sync(&checked)
    }

    /// One tick: the backend's deliveries, the inputs due, the frame's end. False when the run
    /// must end here (the model failed, or lacks what an event needs). Inlined into `runOn`, the
    /// checked tick's loop, as the body it was before a live run needed it apart.
    @inline(__always) mutating func step(_ checked: inout CheckedEditor<M>, _ supportsAll: Bool) -> Bool {
        tick += 1
        if M.answersLater && (lockstep || gate.flowStarted) { guard sync(&checked) else { return false } }
        host.queuedThrough = tick
        if !host.backend.isIdle {
            events = host.backend.due(at: tick)
            apply(&checked, supportsAll)
        }
        while nextInputTick <= tick {
            let input = inputs[next]
            next += 1
            nextInputTick = next < inputs.count ? inputs[next].tick : .max
            switch input.kind {
            case .touch(let finger, let point, let phase):
                if phase == .down, !gate.open { recognizer.ignore(finger: finger) }
                if touchLevel {
                    send(finger, point, phase, time: input.time, to: &checked)
                } else {
                    recognizer.handle(finger: finger, point: point, phase: phase, time: input.time, into: &events)
                    apply(&checked, supportsAll)
                }
            case .system where touchLevel:
                sendSystem(scenario.steps[input.step].action, time: input.time, to: &checked)
                if M.answersLater { guard sync(&checked) else { return false } }
            case .system:
                recognizer.flush(into: &events)
                apply(&checked, supportsAll)
                Simulator.systemEvents(scenario.steps[input.step].action, recognizer: &recognizer, into: &events)
                apply(&checked, supportsAll)
                if M.answersLater { guard sync(&checked) else { return false } }
            }
            if missing != nil { return false }
        }
        recognizer.flush(into: &events)
        if touchLevel {
            endFrame(&checked)
        } else {
            apply(&checked, supportsAll)
            if missing != nil { return false }
            if options.recordFrames { host.touches.append((recognizer.touchPoints, recognizer.gesture)) }
            checked.tick(recognizerActive: recognizer.isGestureActive, host: &host)
        }
        if missing != nil { return false }
        if M.answersLater && (lockstep || gate.flowStarted || checked.pendingCount >= options.batchLimit) {
            guard sync(&checked) else { return false }
        }
        return true
    }

    /// Settling ticks sent at once to a model that answers later; the host stops judging at the
    /// first settled frame.
    static var settleChunk: Int { 64 }

    /// Judges a deferred model's queued work. False when the run must end here: it settled, the
    /// model failed, or the batch was not what this run would have sent.
    mutating func sync(_ checked: inout CheckedEditor<M>) -> Bool {
        checked.sync(host: &host)
        return !checked.stopped && checked.failure == nil && !host.mispredicted
    }

    /// Applies the events the recognizer, the backend or a system step produced, in order.
    /// Inlined down to the emptiness test: the loop asks after every input and most batches are empty.
    @inline(__always) private mutating func apply(_ checked: inout CheckedEditor<M>, _ supportsAll: Bool) {
        if !events.isEmpty { applyAll(&checked, supportsAll) }
    }

    private mutating func applyAll(_ checked: inout CheckedEditor<M>, _ supportsAll: Bool) {
        for event in events where missing == nil {
            if !supportsAll, let reason = unsupported(event, checked) {
                missing = reason
                break
            }
            gate.saw(event)
            checked.apply(event, host: &host)
        }
        // One or two events: removing them one by one keeps the buffer without the general
        // `removeAll(keepingCapacity:)`, which goes through `replaceSubrange`.
        repeat { events.removeLast() } while !events.isEmpty
    }

    func unsupported(_ event: EditorEvent, _ checked: CheckedEditor<M>) -> String? {
        let lacking = event.capability.subtracting(checked.identity.capabilities)
        guard !lacking.isEmpty else { return nil }
        return
            "at t=\(formatSeconds(Double(checked.frame) / Double(TickClock.ticksPerSecond))) s the scenario sends \(event.specName), which needs \(lacking.names.joined(separator: ", ")); the model does not declare it"
    }

    /// The scenario's final expectations, judged on the model's last answer. A model that failed
    /// gave no answer at the end: its last state is what it said before failing, or, when `open`
    /// failed, the placeholders of a state it never reported (a NaN a message printed as
    /// `got nan(0x7ade)`, issue 34). Then one line says so instead of a comparison per key.
    private func finalExpectations(_ checked: CheckedEditor<M>) -> ExpectationCheck.Outcome {
        if let failure = checked.failure {
            guard scenario.expect != .none else { return .init() }
            let message =
                "not judged: the run ended at tick \(max(0, checked.frame - 1)), when the model failed (\(failure.kind.rawValue))"
            return .init(failures: [ExpectationFailure(path: "$.expect", message: message)])
        }
        return ExpectationCheck.check(
            scenario.expect, at: "$.expect",
            observed: host.observed(checked.observation, checked.sliderPercent, checked.readout, checked.geometry),
            effects: host.effects, backend: host.backend)
    }

    /// The run's end: the scenario's final expectations, R12.4's URL, and everything recorded.
    mutating func finish(_ checked: CheckedEditor<M>) -> RunResult {
        var checked = checked
        if let missing {
            result.notApplicable = missing
            return result
        }
        result.ticks = checked.frame - 1
        result.geometry = checked.geometry
        result.modelFailure = checked.failure
        let outcome = finalExpectations(checked)
        result.failures = host.failures + outcome.failures
        result.expectationsNotJudged = host.expectationsNotJudged + outcome.notJudged
        checked.finish(avatarURL: host.backend.avatarURL, profile: host.profile)
        result.violations = checked.violations
        result.violationCounts = checked.violationCounts
        result.subPixel = checked.subPixel
        result.subPixelCounts = checked.subPixelCounts
        if options.failSubPixel { result.failSubPixel() }
        result.notJudged = checked.notJudged
        result.backend = host.backend
        result.final = ModelAnswer(
            effects: [], observation: checked.observation, sliderPercent: checked.sliderPercent,
            readout: checked.readout)
        result.frames = host.frames
        result.effects = host.effects
        return result
    }
}
