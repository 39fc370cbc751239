import CropFrames
import CropImaging
import CropPhotos
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// The studio's state: its sessions (a bounded number), the scenarios folder, the default device
/// and photo. Every operation the page can ask for is a method here, so the Swift tests drive the
/// same code the server does, without a socket.
public actor Studio {
    public struct Options: Sendable {
        public var view = Size(width: 393, height: 852)
        public var screenScale = 3.0
        /// A named device: new recordings say `"device": "NAME"` (and use its view and σ) rather
        /// than the explicit `view` and `screenScale` above.
        public var device: DevicePreset?
        /// A PNG or JPEG to record on (else a 4032 × 3024 test pattern).
        public var photo: String?
        public var scenarios = ScenarioStore(root: "Scenarios")
        /// The command line's `--open`: a scenario file (the page may open it even outside the
        /// folder), or an id below `scenarios` (`gestures/pinch-out-to-max`), as the page's menu names them.
        public var open: String?
        /// The editor recordings run against: the reference editor, or a team's own over a pipe.
        public var model = ModelRunner.reference
        /// Threads that run simulations (`SimulationPool`): by default all cores but one (at
        /// least one, at most four), so a core is left for the server; `cropsim studio --model`
        /// uses four, a model's runs mostly waiting on its pipe.
        public var simulationThreads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1))

        public init() {}
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The HTTP status the server answers with.
        public var status: Int
        public var description: String

        init(_ status: Int, _ description: String) {
            self.status = status
            self.description = description
        }
    }

    /// Sessions alive at once: a designer needs one or two tabs; more is a page gone wrong.
    public static let maxSessions = 8
    /// A session unused this long may be replaced by a new one.
    static let idleSeconds = 600.0

    /// Runs waiting for a simulation thread, at most: two per session. One more is refused (503).
    static let maxQueuedRuns = 2 * maxSessions

    /// A session, when it was last used, whether a run of it is under way (its requests run one
    /// at a time), and its share of simulation CPU. While a run is under way the session is the
    /// run's alone (nil here): a second owner would make the run's first change to each of its
    /// arrays (every frame, the samples, the inputs) copy the whole array, a cost growing with the
    /// recording (issue 36).
    struct Entry {
        var session: StudioSession?
        var used = Date()
        var busy = false
        var budget = CPUBudget()
    }

    public let options: Options
    var sessions: [String: Entry] = [:]
    /// Where every simulation runs: never on the concurrency pool that answers requests.
    nonisolated let simulations: SimulationPool
    /// The new recording's photo (as the file names it, and its resolved header), checked once at start.
    let fresh: (image: ImageSpec, spec: ImageSpec?)
    /// The photos the page draws, each served on its own (`GET /photo/<id>.jpg`).
    nonisolated let photos: StudioPhotos
    /// The file `options.open` names, resolved once at start so a wrong `--open` is exit 2, not a page error.
    let commandLineFile: String?

    /// Checks the photo and the device before the server starts (a bad `--photo` is exit 2).
    public init(options: Options) throws(Failure) {
        self.options = options
        let image =
            options.photo.map {
                ImageSpec(source: SourceImage(storedWidth: 0, storedHeight: 0), file: Self.absolute($0))
            }
            ?? ImageSpec(source: SourceImage(storedWidth: 4032, storedHeight: 3024))
        let device = Self.device(options.device, view: options.view, screenScale: options.screenScale)
        let probe = Recording(setup: Recording.setup(device: device, image: image), preset: options.device)
            .json(name: "probe", description: "")
        let scenario = try Self.load(
            text: probe, file: Self.absolute(options.scenarios.root) + "/" + StudioSession.liveFile)
        var preloaded: (photo: StudioPhotos.Registered, encoded: StudioPhotos.Encoded)?
        if let photo = options.photo {
            let encoded: StudioPhotos.Encoded
            do throws(ImagingError) { encoded = try StudioPhotos.encoded(path: photo) } catch {
                throw Failure(400, error.description)
            }
            guard let registered = StudioPhotos.describe(path: Self.absolute(photo)) else {
                throw Failure(400, "\(photo): cannot be read")
            }
            preloaded = (registered, encoded)
        }
        photos = StudioPhotos(preloaded: preloaded)
        fresh = (image, scenario.image)
        commandLineFile = try options.open.map { open throws(Failure) in
            try Self.commandLineFile(open, store: options.scenarios)
        }
        simulations = SimulationPool(threads: options.simulationThreads, maxQueued: Self.maxQueuedRuns)
    }

    deinit { simulations.stop() }

    /// The file for `--open`: the path itself when a file is there, else the scenario with that id
    /// below the scenarios folder. Both spellings the docs show must work: an id
    /// (`gestures/pinch-past-both-limits`, as the page's menu lists it) and a path
    /// (`Scenarios/gestures/pinch-past-both-limits.json`).
    static func commandLineFile(_ open: String, store: ScenarioStore) throws(Failure) -> String {
        var info = stat()
        if stat(open, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return open }
        do throws(ScenarioStore.Failure) { return try store.openPath(open) } catch {
            throw Failure(
                400,
                "--open \(jsonString(String(open.prefix(200)))): neither a scenario file nor an id below \(store.root) (\(error.description))"
            )
        }
    }

    /// A new recording's device: a preset's numbers (the file then names the preset,
    /// `"device": "ipad"`), or an explicit view and σ.
    static func device(_ preset: DevicePreset?, view: Size, screenScale: Double) -> Device {
        Device(
            view: preset?.view ?? view, screenScale: preset?.screenScale ?? screenScale, reduceMotion: false,
            touchRate: 60)
    }

    /// A device the page picked for a new recording: a preset's name, nothing else.
    static func preset(named name: String) throws(Failure) -> DevicePreset {
        guard let preset = DevicePreset.named(name) else { throw Failure(400, DevicePreset.unknown(name)) }
        return preset
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Parses text and reads its photo's header, as `cropsim run` does.
    static func load(text: String, file: String) throws(Failure) -> Scenario {
        let parsed: Scenario
        do throws(ScenarioError) { parsed = try ScenarioParser.parse(Array(text.utf8), file: file, id: "studio") } catch
        {
            throw Failure(400, error.description)
        }
        let photos = ScenarioPhotos.resolve([parsed])
        if let error = photos.errors.first { throw Failure(400, error.description) }
        return photos.scenarios[0]
    }

    // MARK: Sessions

    /// The folder a scenario file is in, as a group Save accepts; nil at the top of the scenarios
    /// folder (which is no group) or for a folder name Save would refuse.
    static func group(of file: String, root: String) -> String? {
        let folder = (absolute(file) as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        guard (folder as NSString).standardizingPath != (absolute(root) as NSString).standardizingPath,
            ScenarioStore.isPlainSegment(name)
        else { return nil }
        return name
    }

    /// The photo symbol (`id="studio-photo"`) the frames use: the display JPEG by its address, or
    /// the test pattern (the report's own drawing) when the scenario has no photo.
    static func photoDefinitions(_ photo: StudioPhotos.Registered?, result: RunResult) -> String {
        guard let photo else {
            return FrameDrawing.photoDefinitions(id: "studio-photo", result: result, thumbnail: nil)
        }
        let (w, h) = (photo.width, photo.height)
        return
            "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs><symbol id=\"studio-photo\" viewBox=\"0 0 \(w) \(h)\" "
            + "preserveAspectRatio=\"none\"><image href=\"\(photo.url)\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\"/></symbol></defs></svg>"
    }

    /// The scenario for an id below the folder (or the file named on the command line), its setup
    /// as the file states it (the photo's path made absolute) and the device preset it names.
    nonisolated func openScenario(_ id: String) throws(Failure)
        -> (scenario: Scenario, setup: Scenario, preset: DevicePreset?, photo: String?, path: String)
    {
        let path: String
        if let cli = options.open, id == cli, let file = commandLineFile {
            path = file
        } else {
            do throws(ScenarioStore.Failure) { path = try options.scenarios.openPath(id) } catch {
                throw Failure(400, error.description)
            }
        }
        let loaded = ScenarioLoader.load([path])
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        if let error = (loaded.errors + photos.errors).first { throw Failure(400, error.description) }
        guard let scenario = photos.scenarios.first else { throw Failure(400, "\(path): no scenario in the file") }
        let photo = ScenarioPhotos.path(of: scenario).map(Self.absolute)
        var setup = Recording.setup(device: scenario.device, image: loaded.documents[0].scenario.image)
        setup.image.file = photo
        setup.config = scenario.config
        setup.backend = scenario.backend
        return (scenario, setup, loaded.documents[0].preset, photo, path)
    }

    /// Copies the opened scenario's inputs up to `tick` into the recording, step by step in the
    /// scenario's own order (so inputs at one instant keep their order), lifts fingers still down
    /// just after it, and returns the time the new recording continues from.
    static func branch(_ s: Scenario, at tick: Int, into recording: inout Recording) -> Int {
        let startUs = tick * 1_000_000 / TickClock.ticksPerSecond + 1
        let kept = TraceSynthesizer.inputs(for: s).filter { $0.tick <= tick }
        for (index, step) in s.steps.enumerated() {
            let inputs = kept.filter { $0.step == index }
            if SystemStep.isSystem(step.action) {
                if let first = inputs.first { recording.appendSystem(step.action, us: Int(first.time)) }
                continue
            }
            var fingers: [Int] = []
            var tracks: [Int: [(us: Int, point: Point, phase: TouchPhase)]] = [:]
            for input in inputs {
                guard case .touch(let finger, let point, let phase) = input.kind else { continue }
                if tracks[finger] == nil { fingers.append(finger) }
                tracks[finger, default: []].append((Int(input.time), point, phase))
            }
            for finger in fingers { recording.appendFinger(tracks[finger]!) }
        }
        recording.liftAll(us: startUs)
        return startUs
    }

    /// `path` relative to the folder `from` (both absolute).
    static func relative(_ path: String, from folder: String) -> String {
        let a = (path as NSString).standardizingPath.split(separator: "/"),
            b = (folder as NSString).standardizingPath.split(separator: "/")
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + a[common...].map(String.init)).joined(separator: "/")
    }

    public func list() -> [String] { options.scenarios.list() }
}
