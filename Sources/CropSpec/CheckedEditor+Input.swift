import CropVocabulary

/// Driving a model at touch level (`Capabilities.touches`) or one that applies moves at the
/// frame's end (policy `inputTiming: atFrameEnd`).
///
/// The model is sent touches (or events) and ticks; the oracle is given the events cropsim's own
/// recognizer made of the same touches, set up with the recognition policies the model declares.
/// Each op's answer judges the events made at that op: the oracle keeps judging from the fingers
/// cropsim synthesized, never from what the model's recognizer decided. Under `atFrameEnd` the
/// moves wait, with the state before them, until the frame ends or a discrete input comes.
extension CheckedEditor {
    /// Moves an `atFrameEnd` model has not applied yet, and how it stood before them.
    struct Held {
        var base: ModelAnswer?
        var events: [EditorEvent] = []
        var effects: [EditorEffect] = []
    }

    var appliesAtFrameEnd: Bool { identity.policies.inputTiming == .atFrameEnd }

    /// Sends a touch-level model one touch sample; `recognized` is what cropsim's recognizer made
    /// of it (nothing, a hand-over, a move).
    public mutating func touch<H: EditorHost>(_ sample: TouchSample, recognized: [EditorEvent], host: inout H) {
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        model.touch(sample, into: &effects)
        if Model.answersLater { return pending.append(.input(recognized)) }
        judgeInput(recognized, answerNow, endsFrame: false, host: &host)
    }

    /// Sends a discrete event; a touch-level model is sent no gesture events, so `recognized`
    /// holds the moves the recognizer flushed before it (judged first, on the same answer).
    public mutating func apply<H: EditorHost>(_ event: EditorEvent, after recognized: [EditorEvent], host: inout H) {
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        model.apply(event, into: &effects)
        if Model.answersLater { return pending.append(.input(recognized + [event])) }
        judgeInput(recognized + [event], answerNow, endsFrame: false, host: &host)
    }

    /// Ends the frame; `recognized` holds the moves the recognizer flushed at its end.
    public mutating func tick<H: EditorHost>(recognizerActive: Bool, recognized: [EditorEvent], host: inout H) {
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        model.tick(into: &effects)
        if Model.answersLater {
            pending.append(.frame(recognized, recognizerActive: recognizerActive))
        } else {
            judgeFrameInput(recognized, answerNow, recognizerActive: recognizerActive, host: &host)
            if host.watchesFrames {
                _ = host.frameEnded(
                    tick: frame, observation: last.observation, sliderPercent: last.sliderPercent,
                    readout: last.readout, geometry: oracle.geometry)
            }
        }
        currentFrame += 1
    }

    /// What waits for the frame's end under `atFrameEnd`: a gesture's moves, and its end or
    /// cancel (a web cropper runs the frame's last move in its animation-frame callback after
    /// the `touchend`, painting the same frame), and a drag that begins at a move (it begins with
    /// that move, which the frame applies: a drag whose first move and lift share a frame). A
    /// gesture beginning at a finger landing (a pinch) is judged at its answer with what waits:
    /// the moves of two gestures in one answer could not be told apart. A double-tap is a
    /// discrete action, judged at its answer.
    @usableFromInline static func waitsForFrameEnd(_ event: EditorEvent) -> Bool {
        switch event {
        case .panBegan, .panChanged, .pinchChanged, .twistChanged, .panEnded, .pinchEnded, .gestureCancelled: true
        default: false
        }
    }

    /// Judges what waits on the state the model showed before this input.
    private mutating func judgeWaitingOnLast<H: EditorHost>(_ base: ModelAnswer, host: inout H) {
        let waiting = held
        held = Held(base: base)
        judgeInput(
            waiting.events,
            ModelAnswer(
                effects: waiting.effects, observation: last.observation,
                sliderPercent: last.sliderPercent, readout: last.readout),
            endsFrame: true, host: &host)
    }

    /// Whether what waits, judged on the state before this input, breaks nothing: tried on copies.
    private func passesWaitingOnLast<H: EditorHost>(_ base: ModelAnswer, host: H) -> Bool {
        var trial = self, trialHost = host
        let before = oracle.counts.values.reduce(0, +)
        trial.judgeWaitingOnLast(base, host: &trialHost)
        return trial.oracle.counts.values.reduce(0, +) == before
    }

    /// Whether a model shows nothing applied since `base`: the photo, the grid (hidden while a
    /// gesture runs), the animation and the session as they were.
    static func unchanged(_ now: Observation, since base: Observation) -> Bool {
        now.pose == base.pose && now.gridVisible == base.gridVisible && now.animating == base.animating
            && now.session == base.session
    }

    /// A gesture that begins when a finger lands (a pinch from a drag or from nothing).
    @usableFromInline static func beginsAtLanding(_ event: EditorEvent) -> Bool {
        if case .pinchBegan = event { return true }
        return false
    }

    /// An in-process model's answer to what it was just given.
    private var answerNow: ModelAnswer {
        ModelAnswer(
            effects: effects, observation: model.observation, sliderPercent: model.sliderPercent, readout: model.readout
        )
    }

    /// Judges `events` on `answer`. The last move of the chain takes the photo from the state
    /// before the chain to the answer's; the events before it leave the photo where it was (the
    /// model has no state between them to show), the events after it find it at the answer.
    /// Returns whether the answer's effects went to an event (else the frame's tick judges them).
    @discardableResult @usableFromInline
    mutating func judgeInput<H: EditorHost>(
        _ chain: [EditorEvent], _ answer: ModelAnswer, endsFrame: Bool, host: inout H
    ) -> Bool {
        // Under `atFrameEnd` a gesture's moves, end and cancel wait for the frame's end.
        if appliesAtFrameEnd && !endsFrame && chain.allSatisfy(Self.waitsForFrameEnd) {
            if held.base == nil { held.base = last }
            held.events += chain
            held.effects += answer.effects
            last = answer
            return true
        }
        if appliesAtFrameEnd && !endsFrame && !held.events.isEmpty && !chain.contains(where: \.isRecognized),
            let base = held.base
        {
            // A discrete input that is not a touch, while a gesture's events wait. A model that
            // shows them applied applied them at their touches, as one applying at the event may;
            // one that shows no change may have either way (a push into a clamp changes nothing),
            // and the reading under which it is right is taken. Else the input applies at once
            // and what waits waits on for the frame's end.
            if !Self.unchanged(last.observation, since: base.observation) || passesWaitingOnLast(base, host: host) {
                judgeWaitingOnLast(base, host: &host)
                return judgeInput(chain, answer, endsFrame: false, host: &host)
            }
            let waiting = held
            held = Held()
            judgeInput(chain, answer, endsFrame: false, host: &host)
            held = waiting
            held.base = answer
            return true
        }
        let before = held.base ?? last
        if appliesAtFrameEnd && !endsFrame && answer.effects.isEmpty
            && Self.unchanged(answer.observation, since: before.observation),
            let landing = chain.firstIndex(where: Self.beginsAtLanding),
            held.events.contains(where: \.isGestureMove) || chain[..<landing].contains(where: \.isGestureMove)
        {
            // A finger landed and the model has applied nothing yet (no change, no effect): it may
            // apply what waits at the frame's end, before the new gesture, as a web cropper's
            // animation frame does.
            // The frame's end judges it all (a model that applies nothing there is found then).
            held.events += chain
            held.effects += answer.effects
            last = answer
            return true
        }
        let events = held.events + chain
        let allEffects = held.effects + answer.effects
        held = Held()
        last = answer
        guard !events.isEmpty else {
            // Under `atEvent` only a touch applies input; under `atFrameEnd` the frame's end does.
            if checking, !endsFrame || appliesAtFrameEnd {
                oracle.stillWithoutGesture(before: before.observation, after: answer.observation, tick: frame)
            }
            effects = allEffects
            if !endsFrame, !effects.isEmpty { host.perform(effects, tick: frame) }
            return !endsFrame
        }
        let lastMove = events.lastIndex(where: \.isGestureMove) ?? events.count - 1
        var pose = before.observation.pose, animating = before.observation.animating
        for (i, event) in events.enumerated() {
            let after = i >= lastMove ? answer.observation : before.observation
            effects = i == lastMove ? allEffects : []
            judge(
                event, before: pose, wasAnimating: animating, pose: after.pose, animating: after.animating, host: &host)
            pose = after.pose
            animating = after.animating
        }
        return true
    }

    /// A tick's answer: the moves that land at it, then the frame itself.
    @usableFromInline mutating func judgeFrameInput<H: EditorHost>(
        _ recognized: [EditorEvent], _ answer: ModelAnswer, recognizerActive: Bool,
        host: inout H
    ) {
        if judgeInput(recognized, answer, endsFrame: true, host: &host) { effects = [] }
        if judgeFrame(answer.observation, recognizerActive: recognizerActive, host: &host) {
            oracle.judgeSlider(answer.sliderPercent, pose: answer.observation.pose, tick: frame)
        }
        judgeFlow(host: &host)
    }
}
