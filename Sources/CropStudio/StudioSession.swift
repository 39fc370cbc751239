import CropPhotos
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// One designer's recording: takes the page's input batches, runs the recording so far exactly as
/// `cropsim run` would run the file it becomes, and answers with the frames that changed.
///
/// Each batch re-parses and re-runs the whole recording from tick 0. That costs time linear in the
/// recording's length (docs/studio.md measures it), and buys the one property that matters: the
/// frames the designer watched are, by construction, the frames of the saved file, because they
/// *are* a run of that file's text. No incremental copy of the simulator's loop exists to drift.
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
    /// The last run and how far its frames are final (a finger still down is lifted
    /// provisionally one tick past the page's clock; frames up to there do not depend on it).
    private(set) var result: RunResult?
    private var finalThrough = -1
    /// The last tick the page was sent, and the first tick new input has changed since.
    private var sentThrough = -1
    private var changedFrom: Int?
    /// The editor the recording runs against.
    let model: ModelRunner

    init(id: String, recording: Recording, name: String, description: String, image: ImageSpec?, photoPath: String?,
         model: ModelRunner = .reference) {
        self.model = model
        self.id = id
        self.recording = recording
        self.name = name
        self.description = description
        self.image = image
        self.photoPath = photoPath
    }

    /// The live scenario's identity: it is never saved under this name.
    static let liveFile = "studio-live.json"

    /// Applies a batch of the page's input; refused input is skipped and reported in `notice`.
    public mutating func handle(_ request: StudioProtocol.InputRequest) -> StudioProtocol.FramesResponse {
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
        return frames(nowUs: nowUs, notice: notice)
    }

    private mutating func add(_ item: StudioProtocol.InputItem) throws(Recording.Refusal) -> Int {
        guard item.t.isFinite, item.t >= 0 else { throw .input("an input has no valid time") }
        let us = Self.microseconds(item.t)
        if let action = item.action {
            return try recording.add(SystemStep.action(name: action, value: item.value, width: item.width, height: item.height), us: us)
        }
        guard let pointer = item.pointer, let x = item.x, let y = item.y,
              let phase = item.phase.flatMap(TouchPhase.init(rawValue:)) else {
            throw .input("a touch sample needs pointer, x, y and a phase (down, move, up, cancel)")
        }
        return try recording.add(pointer: pointer, us: us, x: x, y: y, phase: phase)
    }

    /// Page milliseconds to whole microseconds, within the recording's budget.
    static func microseconds(_ ms: Double) -> Int {
        guard ms.isFinite else { return 0 }
        return Int(min(max(ms, 0), ScenarioBudget.maxSeconds * 1000) * 1000)
    }

    /// Re-runs the recording if input arrived or the page's clock passed the final frames.
    /// Returns a one-line problem when the recording's text is not a valid scenario.
    private mutating func run(nowUs: Int) -> String? {
        let horizon = Recording.tick(nowUs)
        guard result == nil || changedFrom != nil || horizon > finalThrough else { return nil }
        var options = Simulator.Options()
        options.measureTiming = false
        var lift: Int?
        if recording.hasOpenFingers {
            // Lifted two ticks past the clock: frames through horizon + 1 cannot see the lift.
            let us = max(recording.lastUs, (horizon + 1) * 1_000_000 / TickClock.ticksPerSecond) + 1
            lift = us
            options.settleTicks = 1
        }
        let text = recording.json(name: name, description: description, liftOpenFingersAt: lift)
        let scenario: Scenario
        do throws(ScenarioError) {
            scenario = try parse(text, file: Self.liveFile)
        } catch {
            return "the recording cannot be kept: \(error.message)"
        }
        let run = model.run(scenario, options: options)
        result = run
        finalThrough = lift.map { Recording.tick($0) - 1 } ?? Int.max
        return nil
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
        let notice = notice ?? (result?.modelFailure == nil ? nil : Studio.notOpened(result).description)
        guard let result, let last = result.frames.last?.tick else {
            return .init(from: 0, frames: [], settled: true, notice: notice ?? self.result?.rejection)
        }
        let through = min(last, finalThrough == Int.max ? last : min(finalThrough, max(Recording.tick(nowUs), 0)))
        let from = max(0, min(changedFrom ?? Int.max, sentThrough + 1, through + 1))
        let upTo = from <= through ? min(through, from + Self.maxFramesPerAnswer - 1) : through
        let sent = from <= upTo ? StudioProtocol.Frame.range(result, ticks: from...upTo) : []
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
