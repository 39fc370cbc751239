@testable import CropScenario
import CropTestSupport
import CropVocabulary
import PropertyBased

/// Random valid scenarios for the encoder's round trip: every action, every expectation key,
/// config, backend, checkpoints, policies and the mirror relation, within the format's ranges.
/// Numbers are drawn on grids the format can spell (percentages on a 0.5 grid, decimals with
/// few digits, plus some that need 17 significant digits), with JSON paths where the parser
/// puts them.
struct ScenarioGen: RandomNumberGenerator {
    var random: Xoshiro

    init(seed: UInt64) { random = Xoshiro(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func bool() -> Bool { Bool.random(using: &self) }
    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &self) }
    /// A multiple of `step` in `r`, sometimes nudged off the grid to need every digit.
    mutating func number(_ r: ClosedRange<Double>, step: Double = 0.01) -> Double {
        let n = Double(int(Int((r.lowerBound / step).rounded(.up))...Int((r.upperBound / step).rounded(.down)))) * step
        return int(0...9) == 0 ? min(r.upperBound, max(r.lowerBound, n.nextUp)) : n
    }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A scenario with what a file states beside it: sometimes a `$schema` reference, and
    /// sometimes a preset named for the device (then the device is the preset's size).
    mutating func document() -> ScenarioDocument {
        var d = ScenarioDocument(scenario: scenario(), schema: bool() ? nil : pick(["../schema.json", "schema.json"]))
        if bool() {
            let preset = pick(DevicePreset.all)
            (d.scenario.device.view, d.scenario.device.screenScale) = (preset.view, preset.screenScale)
            d.preset = preset
        }
        return d
    }

    mutating func scenario() -> Scenario {
        var steps: [Step] = []
        var t = 0.0
        for i in 0..<int(0...6) {
            t += number(0...1)
            steps.append(
                Step(
                    time: t, action: action(path: "$.steps[\(i)]"), path: "$.steps[\(i)]",
                    note: int(0...3) == 0 ? pick(["pan", "a \"quoted\" note", ""]) : nil))
        }
        var s = Scenario(
            id: "g", file: "g.json", name: pick(["g", "a \"quoted\" name", "ünïcode\ttab"]),
            description: bool() ? "" : "d\n2", covers: bool() ? [] : ["R2.1", "R12.3"],
            device: Device(
                view: Size(width: number(100...4000, step: 1), height: number(100...4000, step: 0.5)),
                screenScale: number(1...4, step: 0.5), reduceMotion: bool(), touchRate: pick([60, 120])),
            image: ImageSpec(
                source: SourceImage(
                    storedWidth: int(1...9000), storedHeight: int(1...9000),
                    orientation: Orientation(rawValue: int(1...8))!)),
            config: config(), steps: steps, backend: backend(), expect: expectations(at: "$.expect", end: true),
            checkpoints: (0..<int(0...2)).map { i in
                Checkpoint(
                    time: number(0...20), expect: expectations(at: "$.checkpoints[\(i)]", end: false),
                    path: "$.checkpoints[\(i)]")
            })
        let mirrorable = !steps.contains {
            if case .resize = $0.action { true } else if case .rotate90 = $0.action { true } else { false }
        }
        if mirrorable && bool() { s.metamorphic = [.mirror] }
        for d in Policies.descriptors where int(0...3) == 0 { s.policies[d.name] = pick(d.values) }
        return s
    }

    /// Each declared field (`AvatarCropperConfig.fields`) kept at its default or drawn in its
    /// range, so a field added to the declaration is generated without a line here.
    mutating func config() -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        for field in AvatarCropperConfig.fields {
            guard bool() else { continue }
            switch field.kind {
            case .integer(let p, let range): c[keyPath: p] = int(range)
            case .number(let p, let range): c[keyPath: p] = number(range)
            case .flag(let p): c[keyPath: p].toggle()
            case .encoding(let p): c[keyPath: p] = .jpegSRGB(quality: number(ScenarioFormat.Range.jpegQuality))
            }
        }
        return c
    }

    mutating func backend() -> BackendScript {
        var b = BackendScript.none
        guard bool() else { return b }
        b.user = UserContext(
            uid: "u-\(int(0...99))", avatarPath: bool() ? "users/a.png" : nil, avatarVersion: int(0...9))
        if bool() { b.baseURL = "https://example.invalid/x" }
        func latency(_ standard: Double) -> Double { bool() ? standard : number(0...2) }
        b.crops = (0..<int(0...2)).map { _ in .init(result: bool(), latency: latency(BackendScript.cropLatency)) }
        b.uploads = (0..<int(0...3)).map { _ in
            .init(
                result: pick([.success, .timeout, .connectionDropped, .httpError(status: int(300...599))]),
                latency: latency(BackendScript.uploadLatency))
        }
        b.profileUpdates = (0..<int(0...2)).map { _ in
            .init(result: bool(), latency: latency(BackendScript.profileLatency))
        }
        return b
    }
}
