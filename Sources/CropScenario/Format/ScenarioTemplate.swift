import CropVocabulary

/// Starting points for `cropsim new`: small, valid scenarios a designer edits, written by
/// `ScenarioEncoder` like every scenario the tools write.
public enum ScenarioTemplate: String, CaseIterable, Sendable {
    case pinch, drag, doubleTap = "double-tap", slider, handOver = "hand-over", resize, touches

    /// The scenario text; `name` becomes its title, `schema` its `$schema` reference.
    public func text(name: String, schema: String) -> String {
        ScenarioEncoder.text(scenario(name: name), schema: schema)
    }

    func scenario(name: String) -> Scenario {
        let (description, covers) = about
        return Scenario(
            id: name, file: name + ".json", name: name, description: description, covers: covers,
            device: Device(view: Size(width: 393, height: 852), screenScale: 3, reduceMotion: false, touchRate: 120),
            image: ImageSpec(source: SourceImage(storedWidth: 4032, storedHeight: 3024)), config: AvatarCropperConfig(),
            steps: steps.enumerated().map { Step(time: $1.0, action: $1.1, path: "$.steps[\($0)]") },
            backend: .none, expect: expect, checkpoints: [])
    }

    var about: (String, [String]) {
        switch self {
        case .pinch:
            (
                "Pinch out past s_max around the center: zoom stops at s_max with one light haptic.",
                ["R2.2", "R3.2", "R8.2"]
            )
        case .drag:
            ("Drag far to the right: the image stops at the pan bound with one light haptic.", ["R2.1", "R2.4", "R8.3"])
        case .doubleTap: ("Double-tap right of center: zoom 1.5× s_min, anchored at the tap.", ["R2.3"])
        case .slider: ("The accessibility slider jumps to 100 %, then VoiceOver decrements twice.", ["R4.2"])
        case .handOver:
            (
                "A second finger lands mid-drag and lifts again: drag → pinch → drag, the image never jumps.",
                ["R2.1", "R2.2"]
            )
        case .resize:
            ("Rotate to landscape mid-drag: mask and limits follow, the center point stays.", ["R8.1", "R8.2"])
        case .touches: ("Raw touch samples, as recorded from a device.", ["R2.1"])
        }
    }

    var steps: [(Double, Action)] {
        func at(_ x: Double, _ y: Double) -> ViewPoint { ViewPoint(x: .percent(x), y: .percent(y)) }
        func points(_ x: Double, _ y: Double) -> ViewPoint { ViewPoint(x: .points(x), y: .points(y)) }
        switch self {
        case .pinch:
            return [
                (
                    0.1,
                    .pinch(
                        Pinch(
                            center: .center, fromSpan: 80, toSpan: 600, duration: 0.6, easing: .easeInOut, drift: .zero,
                            angle: 0, hold: 0))
                )
            ]
        case .drag:
            return [(0.1, .drag(Drag(points: [at(50, 50), at(95, 50)], duration: 0.4, easing: .easeInOut, hold: 0)))]
        case .doubleTap: return [(0.1, .doubleTap(at(60, 50), interval: Gesture.doubleTapInterval))]
        case .slider: return [(0.1, .slider(percent: 100, animated: true)), (1.0, .decrement(2))]
        case .handOver:
            let second = TouchTrack(
                finger: "second", body: .actions([.down(at(60, 50)), .move(to: at(70, 50), duration: 0.3), .up]),
                path: "$.steps[1].touches[0]")
            return [
                (0.1, .drag(Drag(points: [at(40, 50), at(45, 55)], duration: 1.0, easing: .linear, hold: 0))),
                (0.4, .touches([second]))
            ]
        case .resize:
            return [
                (0.1, .drag(Drag(points: [at(50, 50), at(55, 50)], duration: 0.5, easing: .easeInOut, hold: 0))),
                (0.3, .resize(Size(width: 852, height: 393)))
            ]
        case .touches:
            let samples = [
                (0.0, 196.0, 426.0, TouchPhase.down), (0.05, 210, 426, .move), (0.1, 230, 430, .move),
                (0.15, 230, 430, .up)
            ]
            .map { RawSample(time: $0.0, point: points($0.1, $0.2), phase: $0.3) }
            return [(0.1, .touches([TouchTrack(finger: "A", body: .samples(samples), path: "$.steps[0].touches[0]")]))]
        }
    }

    var expect: Expectations {
        func n(_ key: String, _ factor: Double, _ symbol: NumberExpression.Symbol? = nil) -> NumberExpectation {
            NumberExpectation(
                target: NumberExpression(factor: factor, symbol: symbol), tolerance: NumberExpectation.defaultTolerance,
                path: "$.expect.\(key)")
        }
        var e = Expectations()
        switch self {
        case .pinch:
            e.scale = n("scale", 1, .sMax)
            e.haptics = [.zoomMax: 1]
            e.gridVisible = true
            e.instructionsVisible = false
        case .drag:
            e.tx = n("tx", 1, .maxTx)
            e.ty = n("ty", 0)
            e.haptics = [.panClampX: 1]
        case .doubleTap:
            e.scale = n("scale", 1.5, .sMin)
            e.animating = false
        case .slider: e.sliderPercent = n("sliderPercent", 80)
        case .handOver: e.phase = .idle
        case .resize, .touches: break
        }
        return e
    }
}
