import CropScenario
import CropSpec
import CropVocabulary
import Foundation

/// Replays a scenario at exact 60 Hz ticks: synthesizes touches, recognizes gestures, and drives
/// any editor model through `CheckedEditor`, which judges every property after every event and
/// tick, while the host side (`RunHost`) plays the backend and records frames and effects. No
/// wall clock reaches the model; only the per-tick model time is measured, kept apart from
/// everything deterministic.
///
/// A model that answers later (over a pipe) is sent as much as the inputs allow at once: every
/// touch and system step is known in advance, and the host's decisions do not depend on the
/// model's answers (`TouchGate`) except where the backend must reply to a crop or upload, which
/// the loop waits for (docs/simulator.md#models-over-a-pipe).
public enum Simulator {
    public struct Options: Sendable {
        /// Keep a `FrameRecord` per tick (reports need it; the fuzzer and benchmarks do not).
        public var recordFrames = true
        /// Measure model time per tick (a model in this process only).
        public var measureTiming = true
        public var recognizer = RecognizerSettings.standard
        /// A run goes on at most this many ticks past its last input while the editor settles.
        public var settleTicks = 1200
        /// Check invariants (off only to measure what checking costs).
        public var checkInvariants = true
        /// For a model that answers later: the most events and ticks sent in one request.
        public var batchLimit = 2048
        /// Sub-pixel target deviations (`Violation.isSubPixel`) fail the run like any other
        /// (`--fail-sub-pixel`); by default they are reported apart and pass.
        public var failSubPixel = false

        public init() {}
    }

    /// The scenario-wide assumptions (`"policies"`) the model's declared policies break, as
    /// `name=value` (nil when they all hold).
    static func assumptionsBroken(_ blanket: [String: String], by policies: Policies) -> String? {
        let differ = blanket.sorted { $0.key < $1.key }.filter { name, value in
            Policies.descriptors.first { $0.name == name }?.get(policies) != value
        }
        return differ.isEmpty ? nil : differ.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// Runs the scenario against the reference editor in this process.
    public static func run(_ scenario: Scenario, options: Options = .init()) -> RunResult {
        ModelRunner.reference.run(scenario, options: options)
    }

    /// Runs the scenario against model `M`, opened in `context`. `inputs` are the scenario's
    /// synthesized touches (benchmarks reuse them across runs).
    public static func run<M: EditorModel>(
        _ scenario: Scenario, model: M.Type, in context: M.Context,
        inputs: [Input]? = nil, options: Options = .init()
    ) -> RunResult {
        let identity = M.identity(in: context)
        // An editor without confirm is judged up to the scenario's confirm (or cancel).
        if !identity.capabilities.contains(.confirm), let cut = scenario.upToConfirm() {
            var result = run(cut.scenario, model: M.self, in: context, options: options)
            if result.notApplicable == nil {
                result.expectationsNotJudged = cut.notJudged + result.expectationsNotJudged
            }
            return result
        }
        var loop = SimulationLoop<M>(
            scenario, inputs: inputs ?? TraceSynthesizer.inputs(for: scenario), options: options,
            lockstep: false, identity: identity)
        var result = loop.run(in: context)
        if loop.host.mispredicted {
            // The model did what the spec gives no reason for (a backend effect outside the flow):
            // the batch sent after it was not what this run would send. Run again one tick per request.
            var exact = SimulationLoop<M>(
                scenario, inputs: loop.inputs, options: options, lockstep: true, identity: identity)
            result = exact.run(in: context)
        }
        if result.notApplicable == nil, result.rejection == nil, scenario.metamorphic.contains(.mirror),
            let assumed = Self.assumptionsBroken(scenario.policies, by: identity.policies)
        {
            // A top-level `policies` block is assumed by every claim of the scenario, its mirror too.
            result.expectationsNotJudged.append("$.metamorphic (assumes \(assumed))")
        } else if result.notApplicable == nil, result.rejection == nil, scenario.metamorphic.contains(.mirror) {
            let mirror = MirrorCheck.check(scenario, endedAt: result.final?.observation.pose, options: options) {
                run($0, model: M.self, in: context, options: $1)
            }
            if let problem = mirror.difference {
                result.failures.append(
                    ExpectationFailure(
                        path: "$.metamorphic",
                        message: "mirrorDiffers: the mirrored scenario ends elsewhere: \(problem)"))
            }
        }
        return result
    }

    /// The photo was refused before the editor opened (R1.3, R11.1, R11.4): right only if the
    /// oracle agrees it must be refused this way and the scenario expects exactly this message.
    static func refused(_ result: RunResult, message: String, detail: String?, violation: Violation?) -> RunResult {
        var result = result
        result.rejection = message
        result.rejectionDetail = detail
        if let violation {
            result.violations = [violation]
            result.violationCounts = [violation.property: 1]
        }
        let because = detail.map { " (\($0))" } ?? ""
        if let expected = result.scenario.expect.rejected {
            if expected != message {
                result.failures.append(
                    ExpectationFailure(
                        path: "$.expect.rejected", message: "expected \"\(expected)\", got \"\(message)\"\(because)"))
            }
        } else {
            result.failures.append(
                ExpectationFailure(path: "$.image", message: "the editor refused the photo: \(message)\(because)"))
        }
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
        case .rotate90: events.append(.rotate90)
        case .resize(let size): events.append(.resize(size))
        case .reduceMotion(let on): events.append(.setReduceMotion(on))
        case .memoryWarning: events.append(.memoryWarning)
        case .cancelTouches: recognizer.cancelAll(into: &events)
        case .confirm:
            // The editor stops taking touches while it crops (`TouchGate`): fingers still down are
            // cancelled first.
            recognizer.cancelAll(into: &events)
            events.append(.confirm)
        case .cancel: events.append(.cancel)
        case .retry: events.append(.retry)
        default: break
        }
    }
}
