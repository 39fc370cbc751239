import CropModel
import Foundation

/// Replays a scenario at exact 60 Hz ticks: synthesizes touches, recognizes gestures, applies
/// events and ticks to the editor, judges every property with the spec oracle after every event and tick, and records
/// frames and effects. No wall clock reaches the editor; only the per-tick model time is measured,
/// and it is kept apart from everything deterministic.
public struct Simulator {
    public struct Options: Sendable {
        /// Keep a `FrameRecord` per tick (reports need it; the fuzzer and benchmarks do not).
        public var recordFrames = true
        /// Measure model time per tick.
        public var measureTiming = true
        public var recognizer = RecognizerSettings.standard
        /// A run goes on at most this many ticks past its last input while the editor settles.
        public var settleTicks = 1200
        /// Check invariants (off only to measure what checking costs).
        public var checkInvariants = true

        public init() {}
    }

    public static func run(_ scenario: Scenario, options: Options = .init()) -> RunResult {
        run(scenario, inputs: TraceSynthesizer.inputs(for: scenario), options: options)
    }

    /// Runs already-synthesized inputs (benchmarks reuse them across runs).
    public static func run(_ scenario: Scenario, inputs: [Input], options: Options = .init()) -> RunResult {
        var result = RunResult(scenario: scenario, frames: [], effects: [], modelNanoseconds: [], violations: [],
                               violationCounts: [:], failures: [], ticks: 0)
        if let failure = scenario.image.decodeFailure {
            return refused(scenario, message: Message.decodeFailed.text, detail: failure, undecodable: true, result: result)
        }
        let opened: (editor: Editor, effects: [EditorEffect])
        do {
            opened = try Editor.open(source: scenario.image.source, viewport: scenario.device.viewport,
                                     config: scenario.config, reduceMotion: scenario.device.reduceMotion,
                                     user: scenario.backend.user)
        } catch {
            return refused(scenario, message: error.description, detail: nil, undecodable: false, result: result)
        }

        let editor = opened.editor
        var oracle = Oracle(source: scenario.image.source, viewport: scenario.device.viewport, config: scenario.config,
                            reduceMotion: scenario.device.reduceMotion, user: scenario.backend.user)
        result.effects = opened.effects.map { TimedEffect(tick: 0, effect: $0) }
        if options.checkInvariants {
            if let problem = Oracle.judgeOpening(source: scenario.image.source, undecodable: false, rejection: nil) {
                oracle.record(.photoAcceptance, tick: 0, problem)
            }
            oracle.opened(editor.observation, sliderPercent: editor.sliderPercent, effects: opened.effects)
        }
        if options.recordFrames { result.frames.append(FrameRecord(tick: 0, editor: editor, touches: [])) }
        if options.measureTiming { result.modelNanoseconds.append(0) }

        let checkpoints = scenario.checkpoints.map { (tick: Int(($0.time * Double(Editor.ticksPerSecond)).rounded(.up)), $0) }
            .sorted { $0.tick < $1.tick }
        let lastTick = max(inputs.last?.tick ?? 0, checkpoints.last?.tick ?? 0)
        // A frame per tick up to the last input, reserved at once; only the settling after it grows the list.
        if options.recordFrames { result.frames.reserveCapacity(lastTick + 2) }
        var run = Run(editor: opened.editor, oracle: oracle, backend: Backend(scenario.backend), checkInvariants: options.checkInvariants)
        var next = 0, nextCheckpoint = 0
        var settings = options.recognizer
        settings.recognizesRotation = scenario.config.allowRotation
        var recognizer = GestureRecognizer(settings: settings)
        var events: [EditorEvent] = []
        var tickEffects: [EditorEffect] = []
        // The tick the next input is due at, kept rather than recomputed (a division) per tick.
        var nextInputTick = inputs.first?.tick ?? .max
        var tick = 0
        while tick < lastTick + options.settleTicks {
            let inputsLeft = next < inputs.count || nextCheckpoint < checkpoints.count
            if !inputsLeft && !run.editor.isAnimating && !recognizer.hasTouches && run.isSettled && tick >= lastTick { break }
            tick += 1
            let start = options.measureTiming ? DispatchTime.now().uptimeNanoseconds : 0
            if !run.backend.isIdle {
                events = run.backend.due(at: tick)
                run.apply(&events, tick: tick, into: &result)
            }
            while nextInputTick <= tick {
                let input = inputs[next]
                next += 1
                nextInputTick = next < inputs.count ? inputs[next].tick : .max
                switch input.kind {
                case .touch(let finger, let point, let phase):
                    // The editor takes no touches while it crops (see `.confirm` below): a finger
                    // landing then is ignored until it lifts, so a failed crop resumes editing with
                    // no gesture half-begun behind its back (found by check-fuzz-parser).
                    if phase == .down, run.editor.session != .editing { recognizer.ignore(finger: finger) }
                    recognizer.handle(finger: finger, point: point, phase: phase, time: input.time, into: &events)
                case .system:
                    recognizer.flush(into: &events)
                    run.apply(&events, tick: tick, into: &result)
                    systemEvents(scenario.steps[input.step].action, recognizer: &recognizer, into: &events)
                }
                run.apply(&events, tick: tick, into: &result)
            }
            recognizer.flush(into: &events)
            run.apply(&events, tick: tick, into: &result)
            run.editor.tick(into: &tickEffects)
            if options.measureTiming { result.modelNanoseconds.append(Int64(DispatchTime.now().uptimeNanoseconds - start)) }
            if !tickEffects.isEmpty {
                run.record(tickEffects, tick: tick, into: &result)
                tickEffects.removeAll(keepingCapacity: true)
            }
            if options.checkInvariants {
                let observation = run.editor.observation
                if run.oracle.endOfTick(observation, recognizerActive: recognizer.isGestureActive, tick: tick) {
                    run.oracle.judgeSlider(run.editor.sliderPercent, pose: observation.pose, tick: tick)
                }
                if run.oracle.flowActive {
                    run.oracle.endOfFlowTick(profile: (run.backend.profile.avatarPath, run.backend.profile.avatarVersion), tick: tick)
                }
            }
            if options.recordFrames {
                result.frames.append(FrameRecord(tick: tick, editor: run.editor, touches: recognizer.touchPoints))
            }
            while nextCheckpoint < checkpoints.count, checkpoints[nextCheckpoint].tick <= tick {
                let c = checkpoints[nextCheckpoint].1
                result.failures += ExpectationCheck.failures(c.expect, at: c.path, editor: run.editor, effects: result.effects,
                                                             backend: run.backend)
                    .map { ExpectationFailure(path: $0.path, message: "at t=\(formatSeconds(c.time)) s: \($0.message)") }
                nextCheckpoint += 1
            }
        }
        result.ticks = tick
        result.geometry = run.editor.geometry
        result.failures += ExpectationCheck.failures(scenario.expect, at: "$.expect", editor: run.editor, effects: result.effects,
                                                     backend: run.backend)
        if options.checkInvariants {
            run.oracle.endOfRun(avatarURL: run.backend.avatarURL,
                                profile: (run.backend.profile.avatarPath, run.backend.profile.avatarVersion), tick: tick)
        }
        result.violations = run.oracle.violations
        result.violationCounts = run.oracle.counts
        result.backend = run.backend
        result.finalEditor = run.editor
        if scenario.metamorphic.contains(.mirror) {
            var o = options
            o.recordFrames = false
            o.measureTiming = false
            let mirrored = Simulator.run(scenario.mirrored, options: o)
            if let pose = mirrored.finalEditor?.pose, let problem = MirrorCheck.difference(run.editor.pose, pose) {
                result.failures.append(ExpectationFailure(path: "$.metamorphic", message: "mirrorDiffers: the mirrored scenario ends elsewhere: \(problem)"))
            }
        }
        return result
    }

    /// The photo was refused before the editor opened (R1.3, R11.1, R11.4): right only if the
    /// oracle agrees it must be refused this way and the scenario expects exactly this message.
    static func refused(_ scenario: Scenario, message: String, detail: String?, undecodable: Bool, result: RunResult) -> RunResult {
        var result = result
        result.rejection = message
        result.rejectionDetail = detail
        if let problem = Oracle.judgeOpening(source: scenario.image.source, undecodable: undecodable, rejection: message) {
            result.violations = [Violation(property: .photoAcceptance, tick: 0, time: 0, message: problem)]
            result.violationCounts = [.photoAcceptance: 1]
        }
        let because = detail.map { " (\($0))" } ?? ""
        if let expected = scenario.expect.rejected {
            if expected != message {
                result.failures.append(ExpectationFailure(path: "$.expect.rejected", message: "expected \"\(expected)\", got \"\(message)\"\(because)"))
            }
        } else {
            result.failures.append(ExpectationFailure(path: "$.image", message: "the editor refused the photo: \(message)\(because)"))
        }
        return result
    }

    /// The editor and its oracle, side by side in plain stored properties: a closure capturing
    /// them would box them and copy the whole editor on every read.
    struct Run {
        var editor: Editor
        var oracle: Oracle
        var backend: Backend
        let checkInvariants: Bool
        /// The effects of the event being applied, kept between batches so that its capacity is
        /// reused: most events have none, and an array returned per event cost a release (and,
        /// when it had effects, an allocation) each.
        var effects: [EditorEffect] = []

        /// Nothing is left for the backend to deliver and no retry is waiting for its tick.
        var isSettled: Bool {
            guard backend.isIdle else { return false }
            if case .waiting = editor.upload { return false }
            return true
        }

        /// Logs effects and lets the backend act on them.
        mutating func record(_ effects: [EditorEffect], tick: Int, into result: inout RunResult) {
            for effect in effects {
                result.effects.append(TimedEffect(tick: tick, effect: effect))
                backend.handle(effect, tick: tick)
            }
            if checkInvariants {
                oracle.observeTick(effects, pose: editor.pose, tick: tick)
            }
        }

        /// Applies recognized or system events, letting the monitor see each one. Inlined down to
        /// the emptiness test: the loop asks after every input and most batches are empty.
        @inline(__always) mutating func apply(_ batch: inout [EditorEvent], tick: Int, into result: inout RunResult) {
            if !batch.isEmpty { applyAll(&batch, tick: tick, into: &result) }
        }

        mutating func applyAll(_ batch: inout [EditorEvent], tick: Int, into result: inout RunResult) {
            for event in batch {
                let before = editor.pose
                let wasAnimating = editor.isAnimating
                if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
                editor.apply(event, into: &effects)
                if checkInvariants {
                    oracle.observe(event, before: before, wasAnimating: wasAnimating, pose: editor.pose, animating: editor.isAnimating,
                                   effects: effects, tick: tick)
                }
                for effect in effects {
                    result.effects.append(TimedEffect(tick: tick, effect: effect))
                    backend.handle(effect, tick: tick)
                }
            }
            // One or two events: removing them one by one keeps the buffer without the general
            // `removeAll(keepingCapacity:)`, which goes through `replaceSubrange`.
            repeat { batch.removeLast() } while !batch.isEmpty
        }
    }

    /// System and accessibility steps become editor events; `cancelTouches` goes through the
    /// recognizer, which owns the touches.
    static func systemEvents(_ action: Action, recognizer: inout GestureRecognizer, into events: inout [EditorEvent]) {
        switch action {
        case .slider(let percent, let animated): events.append(.setZoomSlider(percent: percent, animated: animated))
        case .increment(let n): events += Array(repeating: .incrementZoom, count: n)
        case .decrement(let n): events += Array(repeating: .decrementZoom, count: n)
        case .recenter: events.append(.recenter)
        case .rotate90: events.append(.rotate90)
        case .resize(let size): events.append(.resize(size))
        case .reduceMotion(let on): events.append(.setReduceMotion(on))
        case .memoryWarning: events.append(.memoryWarning)
        case .cancelTouches: recognizer.cancelAll(into: &events)
        case .confirm:
            // The editor stops taking touches while it crops (as a UIKit view that stops taking
            // input cancels its gestures): fingers still down are ignored until they lift, so a
            // failed crop resumes editing with no half-finished gesture.
            recognizer.cancelAll(into: &events)
            events.append(.confirm)
        case .cancel: events.append(.cancel)
        case .retry: events.append(.retry)
        default: break
        }
    }
}
