@testable import CropFuzz
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Testing

/// The fuzzer judges traces through `ScenarioBuilder` and saves them through `ScenarioWriter`
/// and `ScenarioParser`: the two must give the same scenario for every trace any profile makes,
/// or the fuzzer would judge a file nobody can replay.
@Suite struct ScenarioBuilderTests {
    /// Every built-in profile, plus one heavy on confirm so that most traces script the upload
    /// flow and tap Retry.
    static let profiles =
        FuzzProfile.builtIn + [FuzzProfile(name: "confirm-heavy", weights: [.drag: 2, .twist: 2, .confirm: 3])]

    @Test(arguments: profiles) func builderAgreesWithWriterAndParser(profile: FuzzProfile) throws {
        let generator = Generator(profile: profile, maxSteps: 30)
        var kinds = Set<InputKind>(), backends = 0, rotating = 0
        for run in 0..<250 {
            var reader = ChoiceReader.random(seed: 17, run: run)
            let trace = generator.trace(&reader)
            let parsed = try ScenarioWriter.scenario(trace, id: "fuzz")
            let built = ScenarioBuilder.scenario(trace, id: "fuzz")
            #expect(ScenarioBuilder.difference(built, parsed) == nil, "\(profile.name) run \(run)")
            kinds.formUnion(trace.steps.map(\.kind))
            if trace.backend != nil { backends += 1 }
            if trace.config.allowRotation { rotating += 1 }
        }
        // The sample covers what the profile generates, the after-confirm flow and rotation included.
        let expected = Set(profile.weights.filter { $0.value > 0 }.keys)
        #expect(expected.isSubset(of: kinds), "\(profile.name) never generated \(expected.subtracting(kinds))")
        // Swarm traces leave confirm out half the time (docs/fuzzing.md#swarm-testing), and
        // follow-ups end some sessions early (docs/fuzzing.md#combinations-in-flight).
        if profile.weights[.confirm] != nil {
            #expect(backends >= 8 && kinds.contains(.retry), "\(profile.name): \(backends) backends")
        }
        if profile.weights[.twist] != nil { #expect(rotating > 50) }
    }

    /// Arbitrary choice bytes (as libFuzzer's `FuzzTrace` feeds them) reach odd corners: they agree too.
    @Test func builderAgreesOnByteDrivenTraces() throws {
        let generator = Generator(profile: .default)
        for seed in 0..<200 {
            var reader = ChoiceReader.bytes(
                (0..<(50 + seed * 3)).map { UInt8(truncatingIfNeeded: $0 &* (seed | 1) &+ seed) })
            let trace = generator.trace(&reader)
            #expect(
                ScenarioBuilder.difference(
                    ScenarioBuilder.scenario(trace, id: "b"), try ScenarioWriter.scenario(trace, id: "b")) == nil)
        }
    }

    /// A difference is named by its place and shows both values.
    @Test func differencesAreFoundAndPlaced() {
        var reader = ChoiceReader.random(seed: 17, run: 3)
        let trace = Generator(profile: .rotation, maxSteps: 8).trace(&reader)
        let built = ScenarioBuilder.scenario(trace, id: "fuzz")
        #expect(ScenarioBuilder.difference(built, built) == nil)
        var step = built
        let last = step.steps.count - 1
        try? #require(last >= 0)
        step.steps[last].time = step.steps[last].time.nextUp
        #expect(ScenarioBuilder.difference(built, step)?.hasPrefix("$.steps[\(last)]: built ") == true)
        var device = built
        device.device.touchRate = 240
        #expect(ScenarioBuilder.difference(built, device)?.hasPrefix("$.device: ") == true)
        var backend = built
        backend.backend.crops.append(BackendScript.Reply(result: false, latency: 0.15))
        #expect(ScenarioBuilder.difference(built, backend)?.hasPrefix("$.backend: ") == true)
    }

    /// The sampled text check: the runs that are replayed, also with replay off; a trace whose
    /// text the parser refuses is an `invalidScenario` when text-checked, and is judged (the
    /// builder does not validate) when not.
    @Test func theTextCheckIsSampledAndCatchesWhatTheParserRefuses() {
        let checks = TraceChecks(replay: .off, replayEvery: 4)
        #expect((0..<13).filter { checks.checksText(run: $0) } == [0, 4, 8, 12])
        let invalid = Trace(
            view: Size(width: 393, height: 852), screenScale: 3, touchRate: 60, reduceMotion: false,
            photo: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up), config: AvatarCropperConfig(),
            steps: [TraceStep(start: 361_000, kind: .recenter, action: .recenter)])
        let judge = TraceJudge(checks: TraceChecks(replay: .off, mirror: false))
        #expect(judge.check(invalid).failure?.kind == .invalidScenario)
        #expect(judge.check(invalid, text: false).failure == nil)
    }
}

/// Every field `AvatarCropperConfig.fields` declares, set off its default one at a time, survives
/// the fuzzer's two paths: the scenario the builder makes equals the one written as text and
/// parsed back, and both carry the trace's config. (The builder once copied the config field by
/// field and left `useLiquidGlassChrome` out; no profile varies that field, so only a trace that
/// sets every declared field shows such a drop.)
@Suite struct ScenarioBuilderConfigTests {
    static let configs =
        AvatarCropperConfig.fields.map { (key: $0.key, config: AvatarCropperConfig().changing($0)) }
        + [(key: "all", config: AvatarCropperConfig.fields.reduce(AvatarCropperConfig()) { $0.changing($1) })]

    @Test(arguments: configs.map(\.key)) func everyDeclaredFieldSurvivesBuilderAndText(key: String) throws {
        let config = try #require(Self.configs.first { $0.key == key }).config
        #expect(config != AvatarCropperConfig())
        let trace = Trace(
            view: Size(width: 393, height: 852), screenScale: 3, touchRate: 60, reduceMotion: false,
            photo: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up), config: config,
            steps: [TraceStep(start: 100, kind: .recenter, action: .recenter)])
        let built = ScenarioBuilder.scenario(trace, id: "fuzz")
        let parsed = try ScenarioWriter.scenario(trace, id: "fuzz")
        #expect(built.config == config)
        #expect(parsed.config == config)
        #expect(ScenarioBuilder.difference(built, parsed) == nil)
    }
}
