import CropModel
import Foundation

/// Replays a scenario at exact 60 Hz ticks: synthesizes touches, recognizes gestures, applies
/// events and ticks to the editor, checks every invariant after every event and tick, and records
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

        public init() {}
    }

    public static func run(_ scenario: Scenario, options: Options = .init()) -> RunResult {
        var result = RunResult(scenario: scenario, frames: [], effects: [], modelNanoseconds: [], violations: [],
                               violationCounts: [:], failures: [], ticks: 0)
        let opened: (editor: Editor, effects: [EditorEffect])
        do {
            opened = try Editor.open(source: scenario.image.source, viewport: scenario.device.viewport,
                                     config: scenario.config, reduceMotion: scenario.device.reduceMotion)
        } catch {
            let message = error.description
            result.rejection = message
            if let expected = scenario.expect.rejected {
                if expected != message {
                    result.failures.append(ExpectationFailure(path: "$.expect.rejected",
                                                              message: "expected \"\(expected)\", got \"\(message)\""))
                }
            } else {
                result.failures.append(ExpectationFailure(path: "$.image", message: "the editor refused the photo: \(message)"))
            }
            return result
        }

        var editor = opened.editor
        var monitor = InvariantMonitor(source: scenario.image.source, viewport: scenario.device.viewport,
                                       config: scenario.config, reduceMotion: scenario.device.reduceMotion)
        var recognizer = GestureRecognizer(settings: options.recognizer)
        result.effects = opened.effects.map { TimedEffect(tick: 0, effect: $0) }
        monitor.opened(Observation(editor), effects: opened.effects)
        if options.recordFrames { result.frames.append(FrameRecord(tick: 0, editor: editor, touches: [])) }
        if options.measureTiming { result.modelNanoseconds.append(0) }

        let inputs = TraceSynthesizer.inputs(for: scenario)
        let checkpoints = scenario.checkpoints.map { (tick: Int(($0.time * Double(Editor.ticksPerSecond)).rounded(.up)), $0) }
            .sorted { $0.tick < $1.tick }
        let lastTick = max(inputs.last?.tick ?? 0, checkpoints.last?.tick ?? 0)
        var next = 0, nextCheckpoint = 0
        var events: [EditorEvent] = []
        var tick = 0
        let clock = ContinuousClock()

        /// Applies recognized or system events, letting the monitor see each one.
        func apply(_ batch: inout [EditorEvent]) {
            for event in batch {
                let before = editor.pose
                let effects = editor.apply(event)
                monitor.observe(event, before: before, editor: Observation(editor), effects: effects, tick: tick)
                for effect in effects { result.effects.append(TimedEffect(tick: tick, effect: effect)) }
            }
            batch.removeAll(keepingCapacity: true)
        }

        while tick < lastTick + options.settleTicks {
            let inputsLeft = next < inputs.count || nextCheckpoint < checkpoints.count
            if !inputsLeft && !editor.isAnimating && !recognizer.hasTouches && tick >= lastTick { break }
            tick += 1
            let start = options.measureTiming ? clock.now : nil
            while next < inputs.count, inputs[next].tick <= tick {
                let input = inputs[next]
                next += 1
                switch input.kind {
                case .touch(let finger, let point, let phase):
                    recognizer.handle(finger: finger, point: point, phase: phase, time: input.time, into: &events)
                case .system(let action):
                    recognizer.flush(into: &events)
                    apply(&events)
                    systemEvents(action, recognizer: &recognizer, into: &events)
                }
                apply(&events)
            }
            recognizer.flush(into: &events)
            apply(&events)
            let tickEffects = editor.tick()
            if let start { result.modelNanoseconds.append(Self.nanoseconds(clock.now - start)) }
            for effect in tickEffects { result.effects.append(TimedEffect(tick: tick, effect: effect)) }
            monitor.endOfTick(Observation(editor), recognizerActive: recognizer.isGestureActive, tick: tick)
            if options.recordFrames { result.frames.append(FrameRecord(tick: tick, editor: editor, touches: recognizer.touchPoints)) }
            while nextCheckpoint < checkpoints.count, checkpoints[nextCheckpoint].tick <= tick {
                let c = checkpoints[nextCheckpoint].1
                result.failures += ExpectationCheck.failures(c.expect, at: c.path, editor: editor, effects: result.effects)
                    .map { ExpectationFailure(path: $0.path, message: "at t=\(formatSeconds(c.time)) s: \($0.message)") }
                nextCheckpoint += 1
            }
        }
        result.ticks = tick
        result.geometry = editor.geometry
        result.failures += ExpectationCheck.failures(scenario.expect, at: "$.expect", editor: editor, effects: result.effects)
        result.violations = monitor.violations
        result.violationCounts = monitor.counts
        return result
    }

    /// System and accessibility steps become editor events; `cancelTouches` goes through the
    /// recognizer, which owns the touches.
    static func systemEvents(_ action: Action, recognizer: inout GestureRecognizer, into events: inout [EditorEvent]) {
        switch action {
        case .slider(let percent, let animated): events.append(.setZoomSlider(percent: percent, animated: animated))
        case .increment(let n): events += Array(repeating: .incrementZoom, count: n)
        case .decrement(let n): events += Array(repeating: .decrementZoom, count: n)
        case .recenter: events.append(.recenter)
        case .resize(let size): events.append(.resize(size))
        case .reduceMotion(let on): events.append(.setReduceMotion(on))
        case .memoryWarning: events.append(.memoryWarning)
        case .cancelTouches: recognizer.cancelAll(into: &events)
        case .confirm: events.append(.confirm)
        case .cancel: events.append(.cancel)
        default: break
        }
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (seconds, attoseconds) = d.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
