import CropPhotos
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// One designer's recording: takes the page's input batches, runs the recording so far exactly as
/// `cropsim run` would run the file it becomes, and answers with the frames that changed.
///
/// The run is kept between batches (`LiveRun`): a batch runs on from where the last one stopped,
/// so it costs the ticks it adds, not the recording's length. The live run is the simulator's own
/// loop, resumed, fed the inputs `cropsim run` makes of the recording's text (`LiveInputs`), so
/// the frames the designer watched are the frames of the saved file; Save runs that file from
/// tick 0 and says whether they were ("replay identical"), and the tests hold every batch to it.
/// A model over a pipe keeps its session in one process between batches too, when it declares the
/// snapshot messages (its checkpoints are its snapshots); one that does not, or whose live run
/// stopped, runs the recording's text from tick 0 on every batch instead.
public struct StudioSession: Sendable {
    public let id: String
    var recording: Recording
    public private(set) var name: String
    public private(set) var description: String
    /// The photo as the scenario reads it (size and orientation from the file, when there is
    /// one), resolved once: the live runs skip re-reading the photo for every batch.
    private let image: ImageSpec?
    /// The absolute path of the photo file, rewritten relative to where the scenario is saved.
    let photoPath: String?
    /// The last run's verdicts and final state (its frames are `frames`) and how far its frames
    /// are final (a finger still down is lifted provisionally one tick past the page's clock;
    /// frames up to there do not depend on it).
    private var lastRun: RunResult?
    private var finalThrough = -1
    /// When the last run lifted the fingers still down (the page's clock plus two ticks).
    private(set) var provisionalLift: Int?
    /// Every frame from tick 0: through the live run's tick, then the provisional rest.
    private(set) var frames: [FrameRecord] = []
    /// The run kept between batches, its checkpoints, and the scenario it runs (the recording's
    /// text read once; its steps are the recording's `liveSteps`). Nil until the first run, and
    /// for a model that can only be run from tick 0.
    private var live: LiveRun?
    private(set) var checkpoints = LiveCheckpoints()
    private var liveScenario: Scenario?
    private(set) var runsFromStart = false
    /// Why the live run was given up for replays from tick 0, said with the next answer.
    private var liveFailure: String?
    /// The last tick the page was sent, and the first tick new input has changed since.
    private var sentThrough = -1
    private var changedFrom: Int?
    /// The editor the recording runs against.
    let model: ModelRunner

    init(
        id: String, recording: Recording, name: String, description: String, image: ImageSpec?, photoPath: String?,
        model: ModelRunner = .reference
    ) {
        self.model = model
        self.id = id
        self.recording = recording
        self.name = name
        self.description = description
        self.image = image
        self.photoPath = photoPath
    }

    /// The last run, all its frames included (what opening and saving answer with).
    var result: RunResult? {
        guard var run = lastRun else { return nil }
        run.frames = frames
        return run
    }

    /// The live scenario's identity: it is never saved under this name.
    static let liveFile = "studio-live.json"

    /// Applies a batch of the page's input; refused input is skipped and reported in `notice`.
    /// A session's own first run (`fromPage` false) keeps a notice about the live run for the
    /// page's first batch, which would otherwise never see it.
    public mutating func handle(_ request: StudioProtocol.InputRequest, fromPage: Bool = true)
        -> StudioProtocol.FramesResponse
    {
        var notice: String?
        let before = recording
        for item in request.inputs {
            do throws(Recording.Refusal) {
                let tick = try add(item)
                changedFrom = min(changedFrom ?? tick, tick)
            } catch {
                notice = error.description
                if case .full = error { break }
            }
        }
        let nowUs = Self.microseconds(request.now)
        if let problem = run(nowUs: nowUs) {
            recording = before  // the batch would make a file the format refuses: keep what worked
            notice = problem
            changedFrom = nil
            _ = run(nowUs: nowUs)
        }
        if fromPage, let why = liveFailure {
            notice = notice ?? why
            liveFailure = nil
        }
        return frames(nowUs: nowUs, notice: notice)
    }

    private mutating func add(_ item: StudioProtocol.InputItem) throws(Recording.Refusal) -> Int {
        guard item.t.isFinite, item.t >= 0 else { throw .input("an input has no valid time") }
        let us = Self.microseconds(item.t)
        if let action = item.action {
            return try recording.add(
                SystemStep.action(name: action, value: item.value, width: item.width, height: item.height), us: us)
        }
        guard let pointer = item.pointer, let x = item.x, let y = item.y,
            let phase = item.phase.flatMap(TouchPhase.init(rawValue:))
        else {
            throw .input("a touch sample needs pointer, x, y and a phase (down, move, up, cancel)")
        }
        return try recording.add(pointer: pointer, us: us, x: x, y: y, phase: phase)
    }

    /// Page milliseconds to whole microseconds, within the recording's budget.
    static func microseconds(_ ms: Double) -> Int {
        guard ms.isFinite else { return 0 }
        return Int(min(max(ms, 0), ScenarioBudget.maxSeconds * 1000) * 1000)
    }

    /// Runs the recording on if input arrived or the page's clock passed the final frames.
    /// Returns a one-line problem when the recording's text is not a valid scenario.
    private mutating func run(nowUs: Int) -> String? {
        // Frames end where the recording must: past it a provisional lift would be past the
        // format's time budget, and the text refused on every batch (issue 36's 5-minute trace).
        let horizon = Recording.tick(min(nowUs, Recording.maxMicroseconds))
        guard lastRun == nil || changedFrom != nil || horizon > finalThrough else { return nil }
        var options = Simulator.Options()
        options.measureTiming = false
        var lift: Int?
        if recording.hasOpenFingers {
            // Lifted two ticks past the clock: frames through horizon + 1 cannot see the lift.
            let us = max(recording.lastUs, (horizon + 1) * 1_000_000 / TickClock.ticksPerSecond) + 1
            lift = us
            options.settleTicks = 1
        }
        var parsed: Scenario?
        if runsFromStart || liveScenario == nil || recording.sizeBound > ScenarioBudget.maxFileBytes {
            // The text is read when the run needs it, or when it may outgrow what the format
            // accepts: then it is refused as before.
            do throws(ScenarioError) { parsed = try parseLive(lift: lift) } catch {
                return "the recording cannot be kept: \(error.message)"
            }
        }
        let changed = recording.settleInputs()
        provisionalLift = lift
        finalThrough = lift.map { Recording.tick($0) - 1 } ?? Int.max
        if !runsFromStart, runLive(parsed, lift: lift, changed: changed, options: options) { return nil }
        runsFromStart = true
        if parsed == nil {
            // The live run was given up this batch: the text parsed when it started.
            do throws(ScenarioError) { parsed = try parseLive(lift: lift) } catch {
                return "the recording cannot be kept: \(error.message)"
            }
        }
        if let parsed { store(model.run(parsed, options: options)) }
        return nil
    }

    private func parseLive(lift: Int?) throws(ScenarioError) -> Scenario {
        try parse(recording.json(name: name, description: description, liftOpenFingersAt: lift), file: Self.liveFile)
    }

    /// Gives up the live run for replays from tick 0 from this batch on: its model failed or
    /// broke the snapshots' promises (a crash, a hang, a bad handle or reply; that process is
    /// dropped and the replay starts a fresh one), answered with a backend effect outside the flow
    /// (that process stays in the pool: the replay's `open` starts it a new session), or cropsim
    /// itself took no snapshot. Its snapshots are not released: the process is gone, or its next
    /// `open` discards them. The page's frames so far came from the live run, which the replay
    /// may contradict anywhere (a model that lied about a restore), so all are sent again.
    private mutating func giveUpLive(_ why: LiveRun.Failure) -> Bool {
        let cause =
            switch why {
            case .model(let text): "the editor \(model.identity.label) failed in the live run (\(text))"
            case .cropsim(let text): "the live run on \(model.identity.label) stopped (\(text))"
            }
        liveFailure = "\(cause); this recording now replays from tick 0 on every batch"
        changedFrom = 0
        return dropLive()
    }

    /// Ends the live run for replays from tick 0 (false: the batch was not run live).
    private mutating func dropLive() -> Bool {
        live = nil
        checkpoints = LiveCheckpoints()
        return false
    }

    /// Keeps a run from tick 0: its frames are all the frames.
    private mutating func store(_ full: RunResult) {
        frames = full.frames
        var full = full
        full.frames = []
        lastRun = full
    }

    /// Runs the recording on from the live run; false when this model or scenario cannot run live.
    /// A change at or before the live run's tick (late input, an earlier provisional lift) goes
    /// back to the newest checkpoint before it first, or to tick 0 when there is none.
    private mutating func runLive(_ parsed: Scenario?, lift: Int?, changed: Int?, options: Simulator.Options) -> Bool {
        if liveScenario == nil, var parsed {
            parsed.steps = []
            liveScenario = parsed
        }
        guard var scenario = liveScenario else { return false }
        scenario.steps = recording.liveSteps
        if model.identity.capabilities != .all, scenario.unsupported(by: model.identity) != nil {
            // A step the model lacks makes the whole file not applicable before the editor opens
            // (`cropsim run` judges it so): the replay says that, with no frames, as the file would.
            return dropLive()
        }
        var inputs = recording.takeInputs(liftingAt: lift)
        defer {
            live?.releaseInputs()
            recording.putBack(&inputs)
        }
        let reach = min(changed ?? .max, lift.map(Recording.tick) ?? .max)
        if let tick = live?.tick, reach <= tick {
            live = checkpoints.latest(before: reach)
            checkpoints.drop(from: reach)
            if live?.resume() == false {
                return giveUpLive(live?.failure ?? .cropsim("cropsim had no snapshot to restore"))
            }
        }
        if live == nil {
            guard let started = model.live(scenario, inputs: inputs, options: options) else { return false }
            live = started
            frames = []
        }
        frames.removeSubrange(min(frames.count, live!.tick + 1)...)
        advance(scenario, inputs: inputs, through: finalThrough)
        var tail = live!.finished(scenario, inputs: inputs, settleTicks: options.settleTicks)
        if let why = live!.failure { return giveUpLive(why) }
        // An event the model lacks ended the run: the run from tick 0 keeps no frames then.
        if tail.notApplicable != nil { return dropLive() }
        frames += tail.frames
        tail.frames = []
        lastRun = tail
        return true
    }

    /// Runs the live run on through `target`, keeping checkpoints on the way.
    private mutating func advance(_ scenario: Scenario, inputs: [Input], through target: Int) {
        let floor = Recording.tick(recording.lastUs) - 1
        while var running = live, running.tick < target {
            let stop = min(target, LiveCheckpoints.next(after: running.tick, floor: floor))
            frames += running.advance(scenario, inputs: inputs, through: stop)
            live = running
            guard running.tick == stop else { return }  // the inputs end before the target
            if stop == floor || stop % LiveCheckpoints.interval == 0 { checkpoints.keep(running, floor: floor) }
        }
    }

    /// Parses scenario text as `cropsim run` would read it, with the photo resolved once.
    func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        var scenario = try ScenarioParser.parse(Array(text.utf8), file: file, id: "studio")
        if let image { scenario.image = image }
        return scenario
    }

    private mutating func frames(nowUs: Int, notice: String?) -> StudioProtocol.FramesResponse {
        // A model that failed as a program is said so on every batch until a run succeeds again
        // (the next run starts a fresh process).
        let notice = notice ?? (lastRun?.modelFailure == nil ? nil : Studio.notOpened(lastRun).description)
        guard let run = lastRun, let last = frames.last?.tick else {
            return .init(from: 0, frames: [], settled: true, notice: notice ?? lastRun?.rejection)
        }
        let through = min(last, finalThrough == Int.max ? last : min(finalThrough, max(Recording.tick(nowUs), 0)))
        let from = max(0, min(changedFrom ?? Int.max, sentThrough + 1, through + 1))
        let upTo = from <= through ? min(through, from + Self.maxFramesPerAnswer - 1) : through
        let sent = from <= upTo ? StudioProtocol.Frame.range(run, frames: frames, ticks: from...upTo) : []
        sentThrough = upTo
        changedFrom = nil
        return .init(from: from, frames: sent, settled: finalThrough == Int.max && upTo == last, notice: notice)
    }

    /// Frames in one answer, at most: 20 s of them (about 0.5 MB of JSON). The rest go with the
    /// next batches, which the page sends until an answer says `settled`. Issue 34: a late
    /// sample in a 118 s recording resent all of it, 3.3 MB per batch, and eight such sessions'
    /// answers waiting to be written took tens of MiB.
    static let maxFramesPerAnswer = 1200

    /// Every frame of the recording run to the end, fingers lifted now: what Save writes.
    mutating func finish(nowUs: Int) -> RunResult? {
        recording.liftAll(us: nowUs)
        changedFrom = 0
        _ = run(nowUs: nowUs)
        return result
    }
}
