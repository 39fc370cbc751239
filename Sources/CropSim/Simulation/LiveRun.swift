import CropPipe
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
/// A copy is a checkpoint: every part of the run is a value, and for a model over a pipe the
/// process's session is kept by the model's own snapshot (`SessionSnapshots`), which the copy
/// names and `resume` restores.
public struct LiveRun: Sendable {
    private var loop: any LiveLoop

    fileprivate init(_ loop: any LiveLoop) { self.loop = loop }

    /// Starts a live run against model `M`, frame 0 recorded. Nil when the run cannot be resumed
    /// tick by tick the way `Simulator.run` runs it in one go: a model that answers later (a
    /// process over a pipe) without the snapshot messages, a model without `confirm` (its run is
    /// cut there), a scenario with checkpoints or a mirror check, or an editor that refused the
    /// photo or failed while opening.
    static func start<M: EditorModel>(
        _ scenario: Scenario, model: M.Type, in context: M.Context, inputs: [Input],
        options: Simulator.Options
    ) -> LiveRun? {
        let identity = M.identity(in: context)
        guard identity.capabilities.contains(.confirm), scenario.checkpoints.isEmpty, scenario.metamorphic.isEmpty
        else { return nil }
        var options = options
        options.recordFrames = true
        var loop = SimulationLoop<M>(scenario, inputs: inputs, options: options, lockstep: false, identity: identity)
        guard case .opened(let checked) = loop.start(in: context), checked.failure == nil else { return nil }
        if M.answersLater, (checked.session as? any SessionSnapshots)?.keepsSnapshots != true { return nil }
        loop.begin(checked)
        return LiveRun(LiveLoopOf(loop: loop, checked: checked, supportsAll: identity.capabilities == .all))
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
    /// last `advance`; effects, violations and the final state are the whole run's. A model over
    /// a pipe is put back where this run stands afterwards (a snapshot taken before, restored and
    /// released after).
    public mutating func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult {
        loop.finished(scenario, inputs: inputs, settleTicks: settleTicks)
    }

    /// A copy to come back to, without the inputs and steps (the caller passes them again): a
    /// checkpoint holds the editor's state, not the recording. Nil when a model over a pipe gave
    /// no snapshot (it failed: `failure` says why).
    public func checkpoint() -> LiveRun? {
        loop.checkpoint().map(LiveRun.init)
    }

    /// Makes a checkpoint the run: a model over a pipe restores its snapshot. False when it failed.
    public mutating func resume() -> Bool {
        loop.resume()
    }

    /// Lets a model over a pipe forget a checkpoint's snapshot; the checkpoint is not used again.
    public func release() {
        loop.release()
    }

    /// Why the run cannot go on: the caller replays from tick 0 instead. Nil for a model in this
    /// process.
    public var failure: Failure? { loop.failure }

    /// Why a live run on a model over a pipe stopped, said as whose doing it was: a notice that
    /// blames the model must be about the model.
    public enum Failure: Sendable, Equatable, CustomStringConvertible {
        /// The model failed (its process is dropped) or answered with a backend effect outside
        /// the flow, which a run in lockstep needs (its process stays: it broke no promise).
        case model(String)
        /// cropsim took no snapshot of its own accord (ops unanswered, or `WireSnapshots.maxHeld`
        /// held), which the live run's order of calls should never let happen.
        case cropsim(String)

        public var description: String {
            switch self {
            case .model(let why), .cropsim(let why): why
            }
        }
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
    var failure: LiveRun.Failure? { get }
    mutating func advance(_ scenario: Scenario, inputs: [Input], through tick: Int) -> [FrameRecord]
    mutating func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult
    func checkpoint() -> (any LiveLoop)?
    mutating func resume() -> Bool
    func release()
    mutating func releaseInputs()
}

/// `@unchecked`: the loop and the checked editor are values without shared state, but for a
/// model over a pipe, whose copies share its process; a run and its checkpoints move between
/// simulation threads with their session, one request at a time, and are never shared.
private struct LiveLoopOf<M: EditorModel>: LiveLoop, @unchecked Sendable {
    var loop: SimulationLoop<M>
    var checked: CheckedEditor<M>
    let supportsAll: Bool
    /// A checkpoint's snapshot of a pipe model's session (nil in this process, and for the run).
    var handle: Int?
    /// A snapshot was not taken or not restored: the process's session may no longer be this run's.
    var lost = false

    var tick: Int { loop.tick }

    /// The model's snapshots, for a model over a pipe (an editor in this process is copied).
    private var snapshots: (any SessionSnapshots)? { M.answersLater ? checked.session as? any SessionSnapshots : nil }

    var failure: LiveRun.Failure? {
        if let failure = checked.failure { return .model(failure.description) }
        if loop.host.mispredicted {
            return .model("it answered with a backend effect outside the flow, which a run in lockstep needs")
        }
        return lost ? .cropsim("cropsim took or restored no snapshot around the provisional lift") : nil
    }

    mutating func advance(_ scenario: Scenario, inputs: [Input], through tick: Int) -> [FrameRecord] {
        replace(scenario, inputs)
        let through = min(tick, loop.lastTick)
        while loop.tick < through, loop.missing == nil, checked.failure == nil, loop.step(&checked, supportsAll) {}
        // A model over a pipe is judged (and its frames recorded) as its answers come.
        if M.answersLater { _ = loop.sync(&checked) }
        defer { loop.host.frames = [] }
        return loop.host.frames
    }

    mutating func finished(_ scenario: Scenario, inputs: [Input], settleTicks: Int) -> RunResult {
        var copy = self
        copy.replace(scenario, inputs)
        copy.loop.options.settleTicks = settleTicks
        let snapshots = snapshots
        let saved = snapshots?.snapshot()
        if snapshots != nil, saved == nil { lost = true }
        if copy.checked.failure == nil, copy.loop.missing == nil, !lost {
            copy.loop.runOn(&copy.checked, supportsAll: supportsAll)
        }
        let result = copy.loop.finish(copy.checked)
        if let snapshots, let saved {
            if !snapshots.restore(saved) { lost = true }
            snapshots.release(saved)
        }
        return result
    }

    func checkpoint() -> (any LiveLoop)? {
        var copy = self
        copy.loop.inputs = []
        copy.loop.scenario.steps = []
        copy.loop.result.scenario.steps = []
        if let snapshots {
            guard let handle = snapshots.snapshot() else { return nil }
            copy.handle = handle
        }
        return copy
    }

    mutating func resume() -> Bool {
        guard let handle else { return true }
        self.handle = nil
        return snapshots?.restore(handle) ?? false
    }

    func release() {
        if let handle { snapshots?.release(handle) }
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
