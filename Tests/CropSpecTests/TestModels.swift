import CropModel
import CropSpec
import CropVocabulary

/// Two editor models for the oracle's own tests, driven like any other through `CheckedEditor`:
/// a puppet whose every answer the test scripts (states no real editor reaches), and the
/// reference editor with a bug planted at one step (what it returns or shows, edited).

/// The reference editor's policies with `set` applied: the policy tests' editors declare them.
func policies(_ set: (inout Policies) -> Void) -> Policies {
    var p = Policies()
    set(&p)
    return p
}

/// What a puppet answers, in order: each event and tick takes the next step.
final class PuppetScript {
    struct Step {
        /// The pose after the event or tick (nil: unchanged).
        var pose: Pose?
        /// The whole observation after a tick (nil: the current one with `pose`).
        var observation: Observation?
        var animating: Bool?
        var effects: [EditorEffect] = []
        var slider: Double?
    }

    let opening: Observation
    let openingEffects: [EditorEffect]
    let openingSlider: Double
    /// The choices the puppet declares where the spec is silent.
    var policies = Policies()
    var steps: [Step] = []
    private var next = 0

    init(opening: Observation, effects: [EditorEffect] = [.announce(.voiceOverIntro)], slider: Double) {
        self.opening = opening
        openingEffects = effects
        openingSlider = slider
    }

    func take() -> Step {
        defer { next += 1 }
        return next < steps.count ? steps[next] : Step()
    }
}

struct Puppet: EditorModel {
    typealias Context = PuppetScript
    private var now: Observation
    private var slider: Double
    private let script: PuppetScript

    static func identity(in context: PuppetScript) -> ModelIdentity {
        ModelIdentity(name: "puppet", version: "1", capabilities: .all, policies: context.policies)
    }

    static func open(_ request: OpenRequest, in script: PuppetScript, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> Puppet
    {
        effects += script.openingEffects
        return Puppet(now: script.opening, slider: script.openingSlider, script: script)
    }

    private mutating func play(_ step: PuppetScript.Step, into effects: inout [EditorEffect]) {
        if let o = step.observation { now = o }
        if let p = step.pose { now.pose = p }
        if let a = step.animating { now.animating = a }
        if let s = step.slider { slider = s }
        effects += step.effects
    }

    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        play(script.take(), into: &effects)
    }
    mutating func tick(into effects: inout [EditorEffect]) { play(script.take(), into: &effects) }
    var observation: Observation { now }
    var sliderPercent: Double { slider }
    var readout: Readout { Readout() }
}

/// The bug planted at the next event or tick; each edit applies once.
final class Tamper {
    /// Edits the effects of opening.
    var opening: (([EditorEffect]) -> [EditorEffect])?
    /// The pose the next event leaves (the editor's own stays underneath).
    var pose: Pose?
    /// Edits the effects of the next event.
    var effects: (([EditorEffect]) -> [EditorEffect])?
    /// Edits what the next tick shows.
    var frame: ((Observation) -> Observation)?
    /// Edits the effects of every tick from now on.
    var everyTick: (([EditorEffect]) -> [EditorEffect])?
    /// The choices the editor is judged by (the reference editor's by default).
    var policies = Policies()
}

struct Tampered: EditorModel {
    typealias Context = Tamper
    var editor: Editor
    private let tamper: Tamper
    private var shownPose: Pose?
    private var shownFrame: Observation?

    static func identity(in tamper: Tamper) -> ModelIdentity {
        var identity = Editor.referenceIdentity
        identity.policies = tamper.policies
        return identity
    }

    static func open(_ request: OpenRequest, in tamper: Tamper, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> Tampered
    {
        var own: [EditorEffect] = []
        let editor = try Editor.open(request, effects: &own)
        effects += tamper.opening?(own) ?? own
        return Tampered(editor: editor, tamper: tamper)
    }

    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        (shownPose, shownFrame) = (nil, nil)
        var own: [EditorEffect] = []
        editor.apply(event, into: &own)
        if let edit = tamper.effects { own = edit(own) }
        effects += own
        shownPose = tamper.pose
        (tamper.pose, tamper.effects) = (nil, nil)
    }

    mutating func tick(into effects: inout [EditorEffect]) {
        (shownPose, shownFrame) = (nil, nil)
        var own: [EditorEffect] = []
        editor.tick(into: &own)
        effects += tamper.everyTick?(own) ?? own
        shownFrame = tamper.frame.map { $0(editor.observation) }
        tamper.frame = nil
    }

    var observation: Observation {
        if let shownFrame { return shownFrame }
        var o = editor.observation
        if let shownPose { o.pose = shownPose }
        return o
    }

    var sliderPercent: Double { editor.sliderPercent }
    var readout: Readout { editor.readout }
}

/// A host whose store the test sets (the profile row the flow judges), keeping every effect.
struct RecordingHost: EditorHost {
    var profile: (path: String?, version: Int) = (nil, 0)
    var effects: [EditorEffect] = []
    var watchesFrames: Bool { false }
    mutating func perform(_ effects: [EditorEffect], tick: Int) { self.effects += effects }
    mutating func frameEnded(
        tick: Int, observation: Observation, sliderPercent: Double, readout: Readout?,
        geometry: SpecGeometry
    ) -> Bool { true }
}

extension CheckedEditor {
    /// Opens `Model` or fails the test's expectation of an editor.
    static func opened(_ request: OpenRequest, in context: Model.Context) -> CheckedEditor? {
        var host = NoHost()
        guard case .opened(let checked) = open(request, in: context, host: &host) else { return nil }
        return checked
    }

    mutating func apply(_ events: EditorEvent...) {
        var host = NoHost()
        for event in events { apply(event, host: &host) }
    }

    mutating func tick(_ count: Int = 1, recognizerActive: Bool = false) {
        var host = NoHost()
        for _ in 0..<count { tick(recognizerActive: recognizerActive, host: &host) }
    }

    var properties: [Property] { violations.map(\.property) }
}

extension CheckedEditor where Model == Tampered {
    /// Ticks once per pose, each frame showing that pose through `tamper` (clamped poses a test
    /// built from a reference transition); the last frame is the settled one.
    mutating func play(_ poses: [Pose], in g: ZoomGeometry, tamper: Tamper) {
        for (i, pose) in poses.enumerated() {
            let settled = i == poses.count - 1
            tamper.frame = { _ in
                Observation(
                    pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose),
                    gridVisible: true,
                    instructionsVisible: false, session: .editing, animating: !settled)
            }
            tick()
        }
    }
}
