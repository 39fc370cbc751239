import CropLogs
import CropScenario
import CropSim
import CropSpec
import CropVocabulary

/// How a trace failed. Two failures are "the same" (for shrinking) when their kinds are equal.
public enum FailureKind: Hashable, Sendable, CustomStringConvertible {
    /// The spec oracle (`CropSpec`) found this property broken; `cropsim run` reports it too.
    case property(Property)
    /// An extra property the judge was given (`TraceJudge.extra`), by name.
    case extra(String)
    /// Running the same scenario twice gave different frame logs.
    case replayDiffers
    /// The mirrored trace did not end in the mirrored state.
    case mirrorDiffers
    /// The generator wrote a scenario the parser refuses, or a photo the spec itself refuses: a
    /// bug in the fuzzer or the parser, reported rather than skipped. (An editor refusing a photo
    /// the spec accepts is `property(.photoAcceptance)`.)
    case invalidScenario
    /// The scenario the fuzzer judged (built in memory, `ScenarioBuilder`) is not the one its
    /// saved text parses to: a bug in the builder, the writer or the parser, found by the sampled
    /// text check. Judging such traces would judge a file nobody can replay.
    case scenarioDiffers
    /// The model failed as a program: it crashed, hung, or broke the protocol
    /// (docs/model-protocol.md#failures).
    case model(ModelFailure.Kind)

    public var description: String {
        switch self {
        case .property(let p): p.rawValue
        case .extra(let name): name
        case .replayDiffers: "replayDiffers"
        case .mirrorDiffers: "mirrorDiffers"
        case .invalidScenario: "invalidScenario"
        case .scenarioDiffers: "scenarioDiffers"
        case .model(let kind): "model-\(kind.rawValue)"
        }
    }
}

public struct Failure: Hashable, Sendable {
    public var kind: FailureKind
    public var message: String
    /// The tick it was seen at, when known.
    public var tick: Int?
    /// For a model's own failure, its last lines on standard error (kept beside the find).
    public var stderrTail: [String] = []
    /// The other properties the same run broke, most severe first (`Severity`): the failure is
    /// the most severe one, and a find lists the rest rather than hiding them.
    public var alsoBroken: [String] = []
}

/// Which checks run on each trace besides the spec oracle's properties, which always run.
public struct TraceChecks: Hashable, Sendable {
    /// Replay determinism: the same scenario run twice gives the same frames.
    public enum Replay: String, Hashable, Sendable, CaseIterable {
        case off
        /// Every field of every frame record bit for bit. `frames.jsonl` is a function of these
        /// records, so equal records give equal bytes; about twice the cost of a run.
        case frames
        /// `FrameLog.frames` of both runs byte for byte: also checks the log writer, but
        /// formatting every number makes it about 20 times the cost of a run.
        case bytes
    }

    public var replay: Replay
    /// A campaign replays one generated trace in this many (the runs whose index is a multiple
    /// of it; 1: every trace). A replay costs a second run plus a frame record per tick, and a
    /// model that is not deterministic shows it on most traces, so sampling finds it a few runs
    /// later for half the cost. Saved files and shrinking always replay.
    ///
    /// The same runs get the text check (`checksText(run:)`), replay on or off.
    public var replayEvery: Int
    /// Mirror symmetry of the final state.
    public var mirror: Bool
    /// Sub-pixel target deviations (`Violation.isSubPixel`) fail a trace like any other
    /// (`--fail-sub-pixel`); by default they are counted apart and find nothing.
    public var failSubPixel: Bool

    public static let defaultReplayEvery = 8

    public init(
        replay: Replay = .frames, replayEvery: Int = defaultReplayEvery, mirror: Bool = true, failSubPixel: Bool = false
    ) {
        self.replay = replay
        self.replayEvery = max(1, replayEvery)
        self.mirror = mirror
        self.failSubPixel = failSubPixel
    }

    /// Whether generated run `run` gets the replay check.
    public func replays(run: Int) -> Bool { replay != .off && checksText(run: run) }

    /// Whether generated run `run` is also written as scenario text and parsed back, and the
    /// result compared with the scenario the fuzzer built in memory (`TraceJudge.check`). The
    /// builder is the writer and the parser restated; a mismatch shows on whole classes of traces
    /// (a field, a kind of step), so one run in `replayEvery` finds it within a few runs.
    public func checksText(run: Int) -> Bool { run % replayEvery == 0 }
}

/// A property judged on a whole run besides the oracle's: how tests plant a failure that needs no
/// model bug (e.g. "no double-tap"), to exercise the campaign, the shrinker and the database.
public struct ExtraProperty: Sendable {
    public var name: String
    /// The tick and message of its first violation in the run, or nil when it holds.
    public var check: @Sendable (RunResult) -> (tick: Int, message: String)?

    public init(name: String, check: @escaping @Sendable (RunResult) -> (tick: Int, message: String)?) {
        self.name = name
        self.check = check
    }
}

/// Judges a trace: the spec oracle's properties (every one `cropsim run` checks), any extra
/// properties, then the metamorphic checks (replay determinism, mirror symmetry).
public struct TraceJudge: Sendable {
    public var checks: TraceChecks
    public var extra: [ExtraProperty]
    /// The model under test.
    public var model: ModelRunner

    public init(checks: TraceChecks = .init(), extra: [ExtraProperty] = [], model: ModelRunner = .reference) {
        self.checks = checks
        self.extra = extra
        self.model = model
    }

    public struct Verdict: Sendable {
        public var failure: Failure?
        /// Ticks simulated for the trace itself (not counting replay and mirror runs).
        public var ticks: Int
        /// Ticks simulated in all, replay and mirror runs included.
        public var simulatedTicks: Int
        /// The editor's pose after the last tick, for the mirror.
        var finalPose: Pose?
        /// The trace's largest sub-pixel target deviation, when it had one and they do not fail:
        /// a campaign counts these apart.
        public var subPixel: Violation?
    }

    func options(frames: Bool) -> Simulator.Options {
        var o = Simulator.Options()
        o.measureTiming = false
        o.recordFrames = frames
        o.failSubPixel = checks.failSubPixel
        return o
    }

    /// Every check on the scenario built in memory (`ScenarioBuilder`); `replay: false` skips the
    /// replay and `text: false` the comparison with the written and parsed text (a campaign
    /// samples both, `replays(run:)` and `checksText(run:)`).
    public func check(_ trace: Trace, replay: Bool = true, text: Bool = true) -> Verdict {
        let scenario = ScenarioBuilder.scenario(trace, id: "fuzz")
        if text, let failure = textFailure(trace, built: scenario) {
            return Verdict(failure: failure, ticks: 0, simulatedTicks: 0)
        }
        var verdict = check(scenario, replay: replay && checks.replay != .off)
        guard verdict.failure == nil, checks.mirror, trace.hasMirrorImage, let pose = verdict.finalPose else {
            return verdict
        }
        let mirror = MirrorCheck.check(scenario, endedAt: pose, options: options(frames: false)) {
            model.run($0, options: $1)
        }
        verdict.simulatedTicks += mirror.mirrored.ticks
        if let failure = Self.modelFailure(mirror.mirrored) {
            verdict.failure = failure
            return verdict
        }
        if let problem = mirror.difference {
            verdict.failure = Failure(
                kind: .mirrorDiffers, message: "the mirrored trace ends elsewhere: \(problem)", tick: verdict.ticks)
        }
        return verdict
    }

    /// Writes the trace as text and parses it: `invalidScenario` when the parser refuses it,
    /// `scenarioDiffers` when it reads back as anything but `built`.
    func textFailure(_ trace: Trace, built: Scenario) -> Failure? {
        let parsed: Scenario
        do {
            parsed = try ScenarioWriter.scenario(trace, id: "fuzz")
        } catch {
            return Failure(kind: .invalidScenario, message: error.description)
        }
        return ScenarioBuilder.difference(built, parsed).map {
            Failure(
                kind: .scenarioDiffers,
                message: "the scenario judged in memory is not the one its text parses to: \($0)")
        }
    }

    /// The scenario of a trace: built in memory, or (`viaText`) written and parsed as it is saved.
    func scenario(_ trace: Trace, viaText: Bool) -> Scenario? {
        viaText ? try? ScenarioWriter.scenario(trace, id: "fuzz") : ScenarioBuilder.scenario(trace, id: "fuzz")
    }

    /// Invariants and replay determinism: the checks that need only a scenario (so they apply to
    /// saved regression files too).
    public func check(_ scenario: Scenario) -> Verdict { check(scenario, replay: checks.replay != .off) }

    /// Frames are recorded only for a replay, which compares them.
    func check(_ scenario: Scenario, replay: Bool) -> Verdict {
        let o = options(frames: replay)
        let result = model.run(scenario, options: o)
        var verdict = Verdict(
            failure: nil, ticks: result.ticks, simulatedTicks: result.ticks, finalPose: result.final?.observation.pose,
            subPixel: result.subPixel.max { ($0.magnitude?.devicePixels ?? 0) < ($1.magnitude?.devicePixels ?? 0) })
        if let failure = Self.modelFailure(result) {
            verdict.failure = failure
            return verdict
        }
        // Filed under the most severe property broken, not the first: see `Severity`.
        if let v = result.violations.min(by: Violation.filingOrder) {
            verdict.failure = Failure(
                kind: .property(v.property), message: v.description, tick: v.tick,
                alsoBroken: Violation.alsoBroken(result.violations, besides: v.property))
            return verdict
        }
        if let rejection = result.rejection {
            // Refused rightly (the oracle found nothing wrong with the refusal): the generator made
            // a photo no editor may open.
            verdict.failure = Failure(kind: .invalidScenario, message: "the editor refused the photo: \(rejection)")
            return verdict
        }
        if let reason = result.notApplicable {
            verdict.failure = Failure(
                kind: .invalidScenario, message: "the fuzzer drew an input the model does not support: \(reason)")
            return verdict
        }
        for property in extra {
            if let (tick, message) = property.check(result) {
                verdict.failure = Failure(
                    kind: .extra(property.name), message: "\(property.name) at tick \(tick): \(message)", tick: tick)
                return verdict
            }
        }
        guard replay else { return verdict }
        let again = model.run(scenario, options: o)
        verdict.simulatedTicks += again.ticks
        if let failure = Self.modelFailure(again) {
            verdict.failure = failure
            return verdict
        }
        let differs =
            checks.replay == .bytes
            ? firstDifference(
                FrameLog.frames(result.frames).split(separator: "\n"),
                FrameLog.frames(again.frames).split(separator: "\n"), by: ==)
            : firstDifference(result.frames, again.frames) { $0.isIdentical(to: $1) }
        if let line = differs {
            verdict.failure = Failure(
                kind: .replayDiffers, message: "a replay differs from frame line \(line + 1)", tick: line)
        }
        return verdict
    }

    /// The model's own failure in a run, as a find, with the properties it broke before failing.
    /// Its tick is the last frame the failed request covered when the model says (a step's error
    /// reply belongs to that step, not to the opening where judging stopped), else the run's end.
    static func modelFailure(_ result: RunResult) -> Failure? {
        result.modelFailure.map {
            Failure(
                kind: .model($0.kind), message: "the model \($0)", tick: $0.frame ?? result.ticks,
                stderrTail: $0.stderrTail,
                alsoBroken: Violation.alsoBroken(result.violations, besides: nil))
        }
    }

    /// The index of the first line that differs (or that one side lacks); nil when all are equal.
    func firstDifference<T>(_ a: [T], _ b: [T], by equal: (T, T) -> Bool) -> Int? {
        if let i = zip(a, b).enumerated().first(where: { !equal($0.element.0, $0.element.1) })?.offset { return i }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// The trace's failure of kind `kind`, if it still has one (the shrinker's test): only the
    /// check that can produce that kind runs, and for a property its earliest visible violation
    /// counts (a sub-pixel one only when it has no other) even when another property broke first. Shrinking candidates are built in memory;
    /// `viaText` judges the scenario as it is saved (the shrunk result, before saving).
    public func failure(_ kind: FailureKind, on trace: Trace, viaText: Bool = false) -> Failure? {
        switch kind {
        case .property(let property):
            guard let scenario = self.scenario(trace, viaText: viaText) else { return nil }
            let violations = model.run(scenario, options: options(frames: false)).violations
            return violations.filter { $0.property == property }.min(by: Violation.filingOrder)
                .map {
                    Failure(
                        kind: kind, message: $0.description, tick: $0.tick,
                        alsoBroken: Violation.alsoBroken(violations, besides: property))
                }
        case .extra(let name):
            guard let property = extra.first(where: { $0.name == name }),
                let scenario = self.scenario(trace, viaText: viaText)
            else { return nil }
            return property.check(model.run(scenario, options: options(frames: false)))
                .map { Failure(kind: kind, message: "\(name) at tick \($0.tick): \($0.message)", tick: $0.tick) }
        case .model:
            guard let scenario = self.scenario(trace, viaText: viaText) else { return nil }
            return Self.modelFailure(model.run(scenario, options: options(frames: false))).flatMap {
                $0.kind == kind ? $0 : nil
            }
        case .replayDiffers, .mirrorDiffers, .invalidScenario, .scenarioDiffers:
            return check(trace).failure.flatMap { $0.kind == kind ? $0 : nil }
        }
    }
}

extension FrameRecord {
    /// Equal bit for bit (so −0 differs from 0 and a NaN equals the same NaN): what identical
    /// `frames.jsonl` lines need.
    func isIdentical(to o: FrameRecord) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        func same(_ a: Point, _ b: Point) -> Bool { same(a.x, b.x) && same(a.y, b.y) }
        return tick == o.tick && same(pose.scale, o.pose.scale) && same(pose.translation, o.pose.translation)
            && same(sMin, o.sMin) && same(sMax, o.sMax) && same(maskDiameter, o.maskDiameter)
            && same(panLimit, o.panLimit)
            && same(view.width, o.view.width) && same(view.height, o.view.height) && phase == o.phase
            && animating == o.animating
            && gridVisible == o.gridVisible && instructionsVisible == o.instructionsVisible && session == o.session
            && cut == o.cut && engaged == o.engaged && same(sliderPercent, o.sliderPercent)
            && touches.count == o.touches.count && zip(touches, o.touches).allSatisfy { same($0, $1) }
    }
}
