import CropFrames
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// The work behind the page's calls, run on a simulation thread (`Studio+Sessions` books it):
/// nothing here touches the actor's state.
extension Studio {
    /// A new recording on the studio's photo and `picked` device (or the command line's).
    nonisolated func newRecording(_ picked: DevicePreset?) throws(Failure) -> (
        StudioSession, StudioProtocol.OpenResponse
    ) {
        let device = Self.device(picked, view: options.view, screenScale: options.screenScale)
        var session = StudioSession(
            id: Self.newID(),
            recording: Recording(setup: Recording.setup(device: device, image: fresh.image), preset: picked),
            name: "Recorded in the studio", description: "", image: fresh.spec,
            photoPath: options.photo.map(Self.absolute),
            model: options.model)
        _ = session.handle(.init(session: session.id, now: 0, inputs: []), fromPage: false)
        // Registered again: the store may have dropped it for scenarios' photos since (then it is encoded again).
        let photo = options.photo.flatMap { photos.register(path: Self.absolute($0)) }
        return (
            session,
            try Self.response(
                session, result: session.result, mode: "record", startUs: 0, photo: photo, device: picked?.name)
        )
    }

    /// A scenario opened to play, or with `branchTick`, to record on from that tick.
    nonisolated func opened(_ id: String, branchTick: Int?) throws(Failure) -> (
        StudioSession, StudioProtocol.OpenResponse
    ) {
        let opened = try openScenario(id)
        // Registered first: the photo is encoded on another thread while the scenario runs here.
        let photo = opened.photo.flatMap(photos.register(path:))
        var runOptions = Simulator.Options()
        runOptions.measureTiming = false
        let played = options.model.run(opened.scenario, options: runOptions)
        var recording = Recording(setup: opened.setup, preset: opened.preset)
        var mode = "play", startUs = 0
        if let tick = branchTick {
            guard (0...max(0, (played.frames.last?.tick ?? 0))).contains(tick) else {
                throw Failure(400, "branchTick \(tick) is outside the run (0...\(played.frames.last?.tick ?? 0))")
            }
            startUs = Self.branch(opened.scenario, at: tick, into: &recording)
            mode = "record"
        }
        var session = StudioSession(
            id: Self.newID(), recording: recording, name: opened.scenario.name,
            description: opened.scenario.description, image: opened.scenario.image, photoPath: opened.photo,
            model: options.model)
        _ = session.handle(.init(session: session.id, now: Double(startUs) / 1000, inputs: []), fromPage: false)
        var response = try Self.response(
            session, result: mode == "play" ? played : session.result, mode: mode, startUs: startUs,
            photo: photo, device: opened.preset?.name)
        response.group = Self.group(of: opened.path, root: options.scenarios.root)
        response.checkpointTicks = opened.scenario.checkpoints.map {
            Int(($0.time * Double(TickClock.ticksPerSecond)).rounded(.up))
        }
        return (session, response)
    }

    /// Save's work: the recording finished (fingers lifted) in `session`, written, read back and
    /// replayed.
    nonisolated func saved(_ session: inout StudioSession, _ request: StudioProtocol.SaveRequest) throws(Failure)
        -> StudioProtocol.SaveResponse
    {
        let path: String
        do throws(ScenarioStore.Failure) {
            path = try options.scenarios.savePath(group: request.group, id: request.id)
        } catch {
            throw Failure(400, error.description)
        }
        guard request.name.count <= 200, request.description.count <= 4000 else {
            throw Failure(400, "name or description too long")
        }
        guard let live = session.finish(nowUs: StudioSession.microseconds(request.now)) else {
            throw Failure(400, "nothing to save: the editor did not open")
        }
        var recording = session.recording
        if let photo = session.photoPath, recording.setup.image.file != nil {
            recording.setup.image.file = Self.relative(
                photo, from: Self.absolute((path as NSString).deletingLastPathComponent))
        }
        let text = recording.json(
            name: request.name.isEmpty ? "Recorded in the studio" : request.name, description: request.description,
            expect: Expectation.observed(live))
        guard text.utf8.count <= ScenarioBudget.maxFileBytes else {
            throw Failure(400, "the recording is larger than a scenario file may be")
        }
        do throws(ScenarioStore.Failure) {
            try options.scenarios.write(text, to: path, overwrite: request.overwrite)
        } catch {
            switch error {
            case .exists(let m): throw Failure(409, m)
            case .refused(let m): throw Failure(400, m)
            case .failed(let m): throw Failure(500, m)
            }
        }
        var runOptions = Simulator.Options()
        runOptions.measureTiming = false
        let replay = options.model.run(try Self.load(text: text, file: path), options: runOptions)
        let pose = live.final?.observation.pose
        return .init(
            path: path, replayIdentical: StudioProtocol.Frame.all(replay) == StudioProtocol.Frame.all(live),
            frames: replay.frames.count,
            finalPose: pose.map { [$0.scale, $0.translation.x, $0.translation.y, $0.angle] } ?? [],
            hapticSequence: live.haptics.map(\.haptic.name), violations: live.violationCount)
    }

    static func response(
        _ s: StudioSession, result: RunResult?, mode: String, startUs: Int, photo: StudioPhotos.Registered?,
        device: String?
    ) throws(Failure) -> StudioProtocol.OpenResponse {
        guard let result, let first = result.frames.first, let points = FrameScene.imagePoints(result),
            let svg = FrameDrawing.frame(first, result: result, photo: "studio-photo", width: 360)
        else {
            throw notOpened(result)
        }
        return .init(
            session: s.id, name: s.name, description: s.description, mode: mode, startMs: Double(startUs) / 1000,
            frames: StudioProtocol.Frame.all(result),
            photoDefinitions: Self.photoDefinitions(photo, result: result), photoURL: photo?.url,
            frameSVG: svg, imagePoints: [points.width, points.height], device: device,
            model: result.model.label, notJudged: result.notJudged.map(\.rawValue))
    }

    /// Why a run drew no frame, with its status: the editor refused the photo (400, its message),
    /// or a model process failed as a program (issue 34: both said "refused the photo: unknown"):
    /// 504 when it did not answer within the deadline, 502 when it exited, closed its output or
    /// broke the protocol; the message says which (`ModelFailure`).
    static func notOpened(_ result: RunResult?) -> Failure {
        if let result, let failure = result.modelFailure {
            return Failure(failure.kind == .hung ? 504 : 502, "the editor \(result.model.label) failed: \(failure)")
        }
        let why = result?.rejection ?? result?.notApplicable ?? "it drew no frame"
        return Failure(400, "the editor refused the photo: \(why)")
    }
}
