import CropScenario
import CropSim
import CropVocabulary

/// Builds the `Scenario` value of a trace: `ScenarioWriter.json(trace)` is its encoding, and
/// the fuzzer judges most traces through it directly, because writing every trace as text and
/// parsing it back would be almost half of a campaign's time.
///
/// The text path stays the truth: finds are saved as text, the shrinker's final trace is judged
/// through text, and a campaign also writes and parses a sampled fraction of its traces and
/// compares the two scenarios (`TraceJudge`, failure `scenarioDiffers`), so a builder that drifts
/// from the writer or the parser is a loud fuzzer bug rather than a find that does not replay.
public enum ScenarioBuilder {
    /// What the parser gives for `ScenarioWriter.json(trace, name:, description:)` read as
    /// `id.json` (without `mirror`: the metamorphic flag is only written into saved finds). The
    /// config is the trace's whole: the format's table is the config's declaration
    /// (`AvatarCropperConfig.fields`), so every field the trace sets survives the text.
    public static func scenario(_ trace: Trace, id: String, name: String = "fuzz", description: String = "") -> Scenario
    {
        Scenario(
            id: id, file: id + ".json", name: name, description: description, covers: [],
            device: Device(
                view: trace.view, screenScale: trace.screenScale, reduceMotion: trace.reduceMotion,
                touchRate: trace.touchRate),
            image: ImageSpec(source: trace.photo), config: trace.config,
            steps: trace.steps.enumerated().map { step($1, index: $0) },
            backend: trace.backend.map(backend) ?? .none, expect: .none, checkpoints: [])
    }

    static func step(_ s: TraceStep, index: Int) -> Step {
        let path = "$.steps[\(index)]"
        let action: Action =
            switch s.action {
            case .touches(let fingers):
                .touches(
                    fingers.enumerated().map { i, f in
                        TouchTrack(
                            finger: ScenarioWriter.fingerName(i), body: .samples(f.samples.map(sample)),
                            path: "\(path).touches[\(i)]")
                    })
            case .slider(let percent, let animated): .slider(percent: percent, animated: animated)
            case .increment(let n): .increment(n)
            case .decrement(let n): .decrement(n)
            case .recenter: .recenter
            case .rotate90: .rotate90
            case .resize(let size): .resize(size)
            case .reduceMotion(let on): .reduceMotion(on)
            case .memoryWarning: .memoryWarning
            case .cancelTouches: .cancelTouches
            case .confirm: .confirm
            case .cancel: .cancel
            case .retry: .retry
            }
        return Step(time: seconds(s.start), action: action, path: path, note: s.kind.rawValue)
    }

    /// `+ 0` turns −0 into 0, as the writer's "0" does: `==` cannot tell them apart, but `atan2`
    /// can, so the sampled comparison would not catch it.
    static func sample(_ s: TouchSample) -> RawSample {
        RawSample(
            time: seconds(s.time), point: ViewPoint(x: .points(s.point.x + 0), y: .points(s.point.y + 0)),
            phase: s.phase)
    }

    /// Whole milliseconds, which the encoder writes as "0.117": the correctly rounded decimal is
    /// the correctly rounded quotient of the two exact integers.
    static func seconds(_ ms: Int) -> Double { Double(ms) / 1000 }

    static func backend(_ b: TraceBackend) -> BackendScript {
        func replies<T>(_ list: [TraceBackend.Reply], _ result: (String) -> T) -> [BackendScript.Reply<T>] {
            list.map { BackendScript.Reply(result: result($0.result), latency: seconds($0.latencyMs)) }
        }
        var script = BackendScript.none
        let uid = ScenarioWriter.fuzzUser
        script.user = UserContext(uid: uid, avatarPath: "users/\(uid)/previous.png", avatarVersion: b.avatarVersion)
        script.crops = replies(b.crops) { $0 == "ok" }
        script.uploads = replies(b.uploads) { result in
            switch result {
            case "ok": .success
            case "timeout": .timeout
            case "dropped": .connectionDropped
            // An HTTP status; anything else the parser refuses, which the sampled text check reports.
            default: Int(result).map { $0 < 300 ? .success : .httpError(status: $0) } ?? .success
            }
        }
        script.profileUpdates = replies(b.profileUpdates) { $0 == "ok" }
        return script
    }

    /// The first part where two scenarios differ, named like a JSON path with both values; nil
    /// when they are equal.
    public static func difference(_ built: Scenario, _ parsed: Scenario) -> String? {
        guard built != parsed else { return nil }
        func show<T>(_ path: String, _ a: T, _ b: T) -> String { "\(path): built \(a), parsed \(b)" }
        if built.device != parsed.device { return show("$.device", built.device, parsed.device) }
        if built.image != parsed.image { return show("$.image", built.image, parsed.image) }
        if built.config != parsed.config { return show("$.config", built.config, parsed.config) }
        if built.backend != parsed.backend { return show("$.backend", built.backend, parsed.backend) }
        if built.steps.count != parsed.steps.count {
            return show("$.steps", "\(built.steps.count) steps", "\(parsed.steps.count)")
        }
        if let i = built.steps.indices.first(where: { built.steps[$0] != parsed.steps[$0] }) {
            return show("$.steps[\(i)]", built.steps[i], parsed.steps[i])
        }
        return show("$", built, parsed)
    }
}
