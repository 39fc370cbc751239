import CropScenario
import CropSpec
import CropVocabulary

/// A run kept between batches of input that arrive while it runs: the studio's live recording
/// (docs/studio.md, "How it works"). It is the same loop as `Simulator.run`, stopped after a tick
/// and resumed with more inputs, so a batch costs the ticks it adds, not the whole recording.
///
/// The caller keeps one promise: inputs it replaces are the same, in the same order, up to the
/// tick the run has reached. A run of the same scenario from tick 0 then gives the same frames,
/// effects and verdicts bit for bit (`Tests/CropStudioTests/LiveRunTests.swift` holds it to that).
/// A copy is a checkpoint: every part of the run is a value.
public struct LiveRun: Sendable {
    private var loop: any LiveLoop

    fileprivate init(_ loop: any LiveLoop) { self.loop = loop }

    /// Starts a live run against model `M`, frame 0 recorded. Nil when the run cannot be resumed
    /// tick by tick the way `Simulator.run` runs it in one go: a model that answers later (a
    /// process over a pipe, whose state lives in the process), a model without every capability
    /// (its run is cut or judged differently), a scenario with checkpoints or a mirror check, or
    /// an editor that refused the photo or failed while opening.
    static func start<M: EditorModel>(_ scenario: Scenario, model: M.Type, in context: M.Context, inputs: [Input],
                                      options: Simulator.Options) -> LiveRun? {
        let identity = M.identity(in: context)
        guard !M.answersLater, identity.capabilities == .all, scenario.checkpoints.isEmpty, scenario.metamorphic.isEmpty else { return nil }
        var options = options
        options.recordFrames = true
        var loop = SimulationLoop<M>(scenario, inputs: inputs, options: options, lockstep: false, identity: identity)
        guard case .opened(let checked) = loop.start(in: context), checked.failure == nil else { return nil }
        loop.begin(checked)
        return LiveRun(LiveLoopOf(loop: loop, checked: checked))
    }

    /// The last tick run (0: only the editor's opening frame).
    public var tick: Int { loop.tick }

    /// Runs on through `tick` (never past the last input's tick: a live run does not settle) with
    /// `scenario` and `inputs` replacing the ones it had. Returns the frames recorded since the
    /// last call, which the run no longer keeps.
    public mutating func advance(_ scenario: Scenario, inputs: [Input], through tick: Int) -> [FrameRecord] {
        loop.advance(scenario, inputs: inputs, through: tick)
    }

    /// The rest of the run, on a copy, exactly as `Simulator.run` would go on from this tick:
    /// through `inputs`, then settling for at most `settleTicks`. Its frames are those after the
    /// last `advance`; effects, violations and the final state are the whole run's.
    public func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult {
        loop.finished(scenario, inputs: inputs, settleTicks: settleTicks)
    }

    /// A copy to come back to, without the inputs and steps (the caller passes them again): a
    /// checkpoint holds the editor's state, not the recording.
    public func checkpoint() -> LiveRun {
        LiveRun(loop.checkpoint())
    }

    /// Lets go of the inputs last passed in, which the run reads only inside `advance` and
    /// `finished`: holding them would make the caller's next change to its array copy all of it,
    /// a copy per batch that grows with the recording.
    public mutating func releaseInputs() {
        loop.releaseInputs()
    }
}

/// The generic run behind `LiveRun`'s one erasure.
private protocol LiveLoop: Sendable {
    var tick: Int { get }
    mutating func advance(_ scenario: Scenario, inputs: [Input], through tick: Int) -> [FrameRecord]
    func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult
    func checkpoint() -> any LiveLoop
    mutating func releaseInputs()
}

/// `@unchecked`: the loop and the checked editor are values without shared state (models that
/// answer later, which hold a process, are refused by `LiveRun.start`); a run moves between
/// simulation threads with its session, one request at a time, and is never shared.
private struct LiveLoopOf<M: EditorModel>: LiveLoop, @unchecked Sendable {
    var loop: SimulationLoop<M>
    var checked: CheckedEditor<M>

    var tick: Int { loop.tick }

    mutating func advance(_ scenario: Scenario, inputs: [Input], through tick: Int) -> [FrameRecord] {
        replace(scenario, inputs)
        let through = min(tick, loop.lastTick)
        while loop.tick < through, loop.step(&checked, true) {}
        defer { loop.host.frames = [] }
        return loop.host.frames
    }

    func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult {
        var copy = self
        copy.replace(scenario, inputs)
        copy.loop.options.settleTicks = settleTicks
        if copy.checked.failure == nil { copy.loop.runOn(&copy.checked, supportsAll: true) }
        return copy.loop.finish(copy.checked)
    }

    func checkpoint() -> any LiveLoop {
        var copy = self
        copy.loop.inputs = []
        copy.loop.scenario.steps = []
        copy.loop.result.scenario.steps = []
        return copy
    }

    mutating func releaseInputs() {
        loop.inputs = []
    }

    private mutating func replace(_ scenario: Scenario, _ inputs: [Input]) {
        loop.scenario = scenario
        loop.result.scenario = scenario
        loop.inputs = inputs
    }
}
