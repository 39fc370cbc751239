import CropScenario
import CropSim
import CropVocabulary

/// What a designer has performed so far: the page's touch samples on the tick clock (integer
/// microseconds from the start of the recording, as the simulator counts them; the page's points
/// on a 1/100 pt grid) and the system actions, step by step in the order they happened.
///
/// The live view and the saved file come from the same text (`json`, written by
/// `ScenarioEncoder`), parsed by the same `ScenarioParser` and run by the same `Simulator` as
/// `cropsim run`, so the file replays the frames the designer saw bit for bit by construction;
/// nothing is re-derived on save.
public struct Recording: Sendable {
    /// One recorded sample, `us` microseconds after its finger's step began.
    struct Sample: Sendable, Hashable {
        var us: Int
        var point: Point
        var phase: TouchPhase
    }

    enum Step: Sendable {
        /// One finger from its down to its up or cancel: a `touches` step with one track.
        case finger(start: Int, samples: [Sample])
        /// A system or accessibility step, as the scenario format writes its action.
        case system(at: Int, action: Action)

        /// Appends in place: the finger's samples are released from the step first, so a
        /// minute-long drag does not copy all its samples for every new one.
        mutating func append(_ sample: Sample) {
            guard case .finger(let start, var samples) = self else { return }
            self = .system(at: 0, action: .recenter)
            samples.append(sample)
            self = .finger(start: start, samples: samples)
        }
    }

    /// The scenario the steps go into: its device, image, config and backend (a branch keeps
    /// those of the scenario it came from); its name, steps and expectations are the recording's.
    var setup: Scenario
    /// The device preset the file names instead of the view and σ (`"device": "ipad"`).
    var preset: DevicePreset?
    private(set) var steps: [Step] = []
    /// Page pointer id → index of its finger step, while that finger is down.
    private(set) var openFingers: [Int: Int] = [:]
    /// The latest input time; inputs never go back in time.
    private(set) var lastUs = 0
    private(set) var sampleCount = 0
    /// The view size in effect now (a `resize` changes it): touches are kept on the glass.
    private(set) var view: Size
    /// The run's inputs so far, as `TraceSynthesizer` makes them from `json`'s text, kept as the
    /// recording grows so that a live run need not re-read it (`LiveInputs`).
    private(set) var inputs = LiveInputs()
    /// Steps as the live run reads them: system steps' actions by step index (finger steps are
    /// placeholders; their samples reach the run as `inputs`).
    private(set) var liveSteps: [CropScenario.Step] = []
    /// Fingers so far: a finger's number in the run is its order among the finger steps.
    private var fingerIDs: [Int: Int] = [:]
    /// Bytes the recording's text takes at most, to know when it may outgrow a scenario file.
    private(set) var sizeBound = 4096

    init(setup: Scenario, preset: DevicePreset? = nil) {
        self.setup = setup
        self.preset = preset
        self.view = setup.device.view
    }

    /// A scenario with this device and image and nothing else, for a new recording.
    static func setup(device: Device, image: ImageSpec) -> Scenario {
        Scenario(
            id: "studio", file: "", name: "", description: "", covers: [], device: device, image: image,
            config: AvatarCropperConfig(),
            steps: [], backend: .none, expect: .none, checkpoints: [])
    }

    /// The recording ends here, a second before the scenario budget (360 s) would refuse the file.
    static let maxMicroseconds = Int(ScenarioBudget.maxSeconds - 1) * 1_000_000
    /// Steps and samples stop short of the scenario budget, leaving room for the provisional lifts.
    static let maxSteps = ScenarioBudget.maxSteps - 20
    static let maxSamples = ScenarioBudget.maxTouchSamples - 100

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case full(String)
        case input(String)

        var description: String {
            switch self {
            case .full(let m), .input(let m): m
            }
        }
    }

    /// The first tick an input at `us` can change.
    static func tick(_ us: Int) -> Int { Input.tick(forMicroseconds: Int64(us)) }

    private mutating func clock(_ us: Int) throws(Refusal) -> Int {
        guard us <= Self.maxMicroseconds else {
            throw .full(
                "the recording is full: scenarios end by \(Int(ScenarioBudget.maxSeconds)) s; save it or start a new one"
            )
        }
        lastUs = max(lastUs, us)
        return lastUs
    }

    /// Adds one pointer sample from the page, kept on the glass and on the 1/100 pt grid.
    mutating func add(pointer: Int, us: Int, x: Double, y: Double, phase: TouchPhase) throws(Refusal) -> Int {
        guard x.isFinite, y.isFinite else { throw .input("a touch sample has a position that is not a number") }
        let point = Point(x: Self.grid(min(max(x, 0), view.width)), y: Self.grid(min(max(y, 0), view.height)))
        return try add(pointer: pointer, us: us, point: point, phase: phase)
    }

    /// Adds one touch sample; returns the first tick it may change.
    private mutating func add(pointer: Int, us rawUs: Int, point: Point, phase: TouchPhase) throws(Refusal) -> Int {
        guard sampleCount < Self.maxSamples else {
            throw .full("the recording is full: \(Self.maxSamples) touch samples")
        }
        let us = try clock(rawUs)
        if phase == .down {
            guard openFingers[pointer] == nil else { return Self.tick(us) }  // a repeated down is no new finger
            guard steps.count < Self.maxSteps else { throw .full("the recording is full: \(Self.maxSteps) steps") }
            guard openFingers.count < ScenarioBudget.maxFingers else { return Self.tick(us) }
            openFingers[pointer] = steps.count
            startFinger(at: us)
            record(Sample(us: 0, point: point, phase: .down), step: steps.count - 1, start: us)
        } else {
            guard let index = openFingers[pointer], case .finger(let start, _) = steps[index] else {
                return Self.tick(us)  // a move or lift of a finger this recording never saw land
            }
            record(Sample(us: us - start, point: point, phase: phase), step: index, start: start)
            if phase == .up || phase == .cancel { openFingers[pointer] = nil }
        }
        return Self.tick(us)
    }

    /// A new finger step, its samples to come.
    private mutating func startFinger(at us: Int) {
        fingerIDs[steps.count] = fingerIDs.count + 1
        liveSteps.append(
            CropScenario.Step(time: Self.seconds(us), action: .touches([]), path: "$.steps[\(steps.count)]"))
        steps.append(.finger(start: us, samples: []))
    }

    /// One sample of finger step `index`, kept and made the run's input.
    private mutating func record(_ sample: Sample, step index: Int, start: Int) {
        steps[index].append(sample)
        inputs.add(touch(sample, step: index, start: start))
        sampleCount += 1
        sizeBound += 96
    }

    /// The input `TraceSynthesizer` makes of a sample: its time as the text's seconds read back.
    private func touch(_ sample: Sample, step index: Int, start: Int) -> Input {
        Input(
            time: Input.microseconds(Self.seconds(start) + Self.seconds(sample.us)),
            kind: .touch(finger: fingerIDs[index] ?? 0, point: sample.point, phase: sample.phase), step: index)
    }

    /// Adds a system action; returns the first tick it may change.
    mutating func add(_ action: Action, us rawUs: Int) throws(Refusal) -> Int {
        guard SystemStep.isSystem(action) else {
            throw .input("\(action.name): a gesture is recorded as touch samples")
        }
        guard steps.count < Self.maxSteps else { throw .full("the recording is full: \(Self.maxSteps) steps") }
        let us = try clock(rawUs)
        appendSystem(action, us: us)
        return Self.tick(us)
    }

    /// Lifts every finger still down at `us` (before saving, and where a branch begins).
    mutating func liftAll(us rawUs: Int) {
        let us = max(lastUs, min(rawUs, Self.maxMicroseconds))
        for index in openFingers.values.sorted() {
            guard case .finger(let start, let samples) = steps[index], let last = samples.last else { continue }
            record(Sample(us: us - start, point: last.point, phase: .up), step: index, start: start)
        }
        openFingers = [:]
        lastUs = us
    }

    var hasOpenFingers: Bool { !openFingers.isEmpty }

    /// Orders the inputs added since the last call; returns the first tick they may change.
    mutating func settleInputs() -> Int? { inputs.settle() }

    /// The run's inputs, with the lifts at `lift` of fingers still down after them, moved out for
    /// one run (`LiveInputs.take`); `putBack` returns them.
    mutating func takeInputs(liftingAt lift: Int?) -> [Input] {
        let lifts = lift.map { TraceSynthesizer.order(liftInputs(at: $0)) } ?? []
        return inputs.take(appending: lifts)
    }

    mutating func putBack(_ taken: inout [Input]) { inputs.putBack(&taken) }

    /// Appends a finger's samples as they are, at their own times (a branch copies an opened
    /// scenario step by step, in its step order, so ties at one instant keep their order).
    mutating func appendFinger(_ samples: [(us: Int, point: Point, phase: TouchPhase)]) {
        guard let first = samples.first else { return }
        startFinger(at: first.us)
        for sample in samples {
            record(
                Sample(us: sample.us - first.us, point: sample.point, phase: sample.phase), step: steps.count - 1,
                start: first.us)
        }
        if samples.last?.phase == .down || samples.last?.phase == .move {
            openFingers[Int.min + steps.count] = steps.count - 1  // a key no page pointer has
        }
        lastUs = max(lastUs, samples.last!.us)
    }

    mutating func appendSystem(_ action: Action, us: Int) {
        if case .resize(let size) = action { view = size }
        let step = CropScenario.Step(time: Self.seconds(us), action: action, path: "$.steps[\(steps.count)]")
        inputs.add(Input(time: Input.microseconds(step.time), kind: .system, step: steps.count))
        liveSteps.append(step)
        steps.append(.system(at: us, action: action))
        lastUs = max(lastUs, us)
        sizeBound += 256
    }

    /// The inputs of the `up`s that `json(liftOpenFingersAt: lift)` adds to fingers still down.
    func liftInputs(at lift: Int) -> [Input] {
        openFingers.values.sorted().compactMap { index in
            guard case .finger(let start, let samples) = steps[index], let last = samples.last else { return nil }
            return touch(
                Sample(us: max(lift - start, last.us), point: last.point, phase: .up), step: index, start: start)
        }
    }

    /// 1/100 pt: short text that parses back to the same `Double`.
    static func grid(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// The scenario text. `liftOpenFingersAt` closes fingers still down with an `up` at that time
    /// (the format needs every finger to lift): inputs at a later tick change no frame before it.
    func json(name: String, description: String, expect: Expectations = .none, liftOpenFingersAt: Int? = nil) -> String
    {
        var scenario = setup
        scenario.name = name
        scenario.description = description
        scenario.expect = expect
        let open = Set(openFingers.values)
        scenario.steps = steps.enumerated().map { index, step in
            switch step {
            case .system(let at, let action):
                return CropScenario.Step(time: Self.seconds(at), action: action, path: "$.steps[\(index)]")
            case .finger(let start, var samples):
                if open.contains(index), let lift = liftOpenFingersAt, let last = samples.last {
                    samples.append(Sample(us: max(lift - start, last.us), point: last.point, phase: .up))
                }
                let raw = samples.map {
                    RawSample(
                        time: Self.seconds($0.us), point: ViewPoint(x: .points($0.point.x), y: .points($0.point.y)),
                        phase: $0.phase)
                }
                let track = TouchTrack(
                    finger: "F\(index + 1)", body: .samples(raw), path: "$.steps[\(index)].touches[0]")
                return CropScenario.Step(
                    time: Self.seconds(start), action: .touches([track]), path: "$.steps[\(index)]")
            }
        }
        return ScenarioEncoder.text(scenario, schema: "../schema.json", preset: preset)
    }

    /// Microseconds as the seconds the format counts in; the parser reads them back to the same double.
    static func seconds(_ us: Int) -> Double { Double(us) / 1_000_000 }
}
