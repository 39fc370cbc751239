import CropImaging
import CropPhotos
import CropScenario
import CropSim
@testable import CropStudio
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// A designer's hands, as the page would send them: pointer samples at 120 Hz, sent in batches
/// at 60 Hz with the page's clock, the frames merged the way the page merges them.
struct PageDouble {
    var session: String
    var frames: [StudioProtocol.Frame] = []
    var pending: [StudioProtocol.InputItem] = []
    var notices: [String] = []

    mutating func merge(_ r: StudioProtocol.FramesResponse) {
        frames.removeSubrange(min(frames.count, r.from)...)
        frames += r.frames
        if let n = r.notice { notices.append(n) }
    }

    /// Sends what is pending at every 1/60 s up to `ms`.
    mutating func play(_ studio: Studio, until ms: Double, from start: Double) async throws {
        var t = start
        while t <= ms {
            let batch = pending.filter { $0.t <= t }
            pending.removeAll { $0.t <= t }
            merge(try await studio.input(.init(session: session, now: t, inputs: batch)))
            t += 1000.0 / 60
        }
    }

    mutating func finger(
        _ id: Int, from a: (Double, Double), to b: (Double, Double), start: Double, duration: Double, hold: Double = 50
    ) {
        let steps = Int(duration / (1000.0 / 120))
        pending.append(.init(t: start, pointer: id, x: a.0, y: a.1, phase: "down"))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            pending.append(
                .init(
                    t: start + duration * f, pointer: id, x: a.0 + (b.0 - a.0) * f, y: a.1 + (b.1 - a.1) * f,
                    phase: "move"))
        }
        pending.append(.init(t: start + duration + hold, pointer: id, x: b.0, y: b.1, phase: "up"))
    }

    mutating func tap(_ id: Int, at p: (Double, Double), start: Double) {
        pending.append(.init(t: start, pointer: id, x: p.0, y: p.1, phase: "down"))
        pending.append(.init(t: start + 40, pointer: id, x: p.0, y: p.1, phase: "up"))
    }
}

func studio(root: String) throws -> Studio {
    var options = Studio.Options()
    options.scenarios = ScenarioStore(root: root)
    return try Studio(options: options)
}

/// The run `cropsim run` makes of a file.
func replay(_ path: String) throws -> RunResult {
    let loaded = ScenarioLoader.load([path])
    let photos = ScenarioPhotos.resolve(loaded.scenarios)
    #expect(loaded.errors.isEmpty && photos.errors.isEmpty, "\(loaded.errors) \(photos.errors)")
    var options = Simulator.Options()
    options.measureTiming = false
    return Simulator.run(try #require(photos.scenarios.first), options: options)
}

@Suite struct StudioSessionTests {
    /// The gesture the issue names: a drag to the edge, a pinch past s_max, a double-tap.
    static func perform(_ page: inout PageDouble) {
        page.finger(1, from: (196.5, 426), to: (390, 426), start: 100, duration: 400)  // drag right, past the pan limit
        page.finger(2, from: (170, 426), to: (5, 426), start: 800, duration: 500)  // pinch out, far past s_max
        page.finger(3, from: (223, 426), to: (388, 426), start: 800, duration: 500)
        page.tap(4, at: (196.5, 426), start: 1700)  // double-tap
        page.tap(5, at: (198, 428), start: 1850)
    }

    @Test func recordedStreamSavesAScenarioThatReplaysFrameForFrame() async throws {
        let rootFolder = try TemporaryFolder("studio-roundtrip"), root = rootFolder.path
        let studio = try studio(root: root)
        let opened = try await studio.open(.init())
        var page = PageDouble(session: opened.session, frames: opened.frames)
        Self.perform(&page)
        try await page.play(studio, until: 3500, from: 0)
        #expect(page.notices.isEmpty)

        let saved = try await studio.save(
            .init(
                session: page.session, group: "studio", id: "drag-pinch-double-tap",
                name: "Drag, pinch, double-tap", description: "Recorded in a test.", overwrite: false, now: 3500))
        #expect(saved.path == root + "/studio/drag-pinch-double-tap.json")
        #expect(saved.replayIdentical)
        #expect(
            saved.hapticSequence.contains("panClampX") && saved.hapticSequence.contains("zoomMax"),
            "\(saved.hapticSequence)")

        // Every frame the page was streamed is the frame `cropsim run` computes from the file.
        let result = try replay(saved.path)
        let replayed = StudioProtocol.Frame.all(result)
        #expect(page.frames.count > 150)
        #expect(replayed.count >= page.frames.count)
        let firstDifference = page.frames.indices.first { page.frames[$0] != replayed[$0] }
        #expect(firstDifference == nil, "streamed and replayed frames differ from tick \(firstDifference ?? -1)")
        // The pre-filled expectations hold, and say what happened.
        #expect(result.passed, "\(result.failures) \(result.violations.prefix(3))")
        let text = try String(contentsOfFile: saved.path, encoding: .utf8)
        #expect(text.contains("\"hapticSequence\": [\"panClampX\""))
        #expect(text.contains("\"name\": \"Drag, pinch, double-tap\""))
    }

    /// Every control, on a real photo: the saved file names the photo relative to itself and
    /// replays the live frames exactly.
    @Test func controlsOnARealPhotoReplayFrameForFrame() async throws {
        let rootFolder = try TemporaryFolder("studio-controls"), root = rootFolder.path
        // A 480 × 360 gradient, written at test time (small: decoding stays fast in debug builds).
        let (w, h) = (480, 360)
        let pixels: [UInt8] = (0..<w * h).flatMap { i -> [UInt8] in
            [UInt8(i % w * 255 / w), UInt8(i / w * 255 / h), 128]
        }
        try FileManager.default.createDirectory(atPath: root + "/photos-in", withIntermediateDirectories: true)
        let photo = root + "/photos-in/gradient.png"
        try Data(try ImageEncoder.png(pixels, width: w, height: h, format: .rgb8)).write(
            to: URL(fileURLWithPath: photo))
        var options = Studio.Options()
        options.scenarios = ScenarioStore(root: root)
        options.photo = photo
        options.view = Size(width: 375, height: 667)
        options.screenScale = 2
        let studio = try Studio(options: options)
        let opened = try await studio.open(.init())
        var page = PageDouble(session: opened.session, frames: opened.frames)
        let controls: [(Double, String, Double?, Double?, Double?)] = [
            (100, "slider", 60, nil, nil), (500, "sliderJump", 20, nil, nil), (700, "increment", 2, nil, nil),
            (900, "decrement", nil, nil, nil), (1000, "recenter", nil, nil, nil), (1100, "resize", nil, 667, 375),
            (1300, "reduceMotionOn", nil, nil, nil), (1350, "memoryWarning", nil, nil, nil),
            (1800, "confirm", nil, nil, nil)
        ]
        for (t, action, value, width, height) in controls {
            page.pending.append(.init(t: t, action: action, value: value, width: width, height: height))
        }
        page.finger(1, from: (100, 100), to: (300, 200), start: 1400, duration: 300, hold: 0)
        try await page.play(studio, until: 2500, from: 0)
        #expect(page.notices.isEmpty, "\(page.notices)")
        let saved = try await studio.save(
            .init(
                session: page.session, group: "photos", id: "controls", name: "Controls",
                description: "", overwrite: false, now: 2500))
        #expect(saved.replayIdentical)
        let text = try String(contentsOfFile: saved.path, encoding: .utf8)
        #expect(text.contains("\"file\": \"../photos-in/gradient.png\""))
        #expect(text.contains("\"resize\": [667, 375]") && text.contains("\"session\": \"confirmed\""))
        let result = try replay(saved.path)
        let replayed = StudioProtocol.Frame.all(result)
        #expect(page.frames.count > 100 && page.frames.count <= replayed.count)
        #expect(page.frames.indices.allSatisfy { $0 < replayed.count && page.frames[$0] == replayed[$0] })
        #expect(result.passed, "\(result.failures)")
    }

    @Test func aLateSampleResendsTheFramesItChanges() async throws {
        let rootFolder = try TemporaryFolder("studio-late"), root = rootFolder.path
        let studio = try studio(root: root)
        let s = try await studio.open(.init()).session
        let first = try await studio.input(
            .init(session: s, now: 500, inputs: [.init(t: 0, pointer: 1, x: 100, y: 400, phase: "down")]))
        #expect(first.from == 0 && first.frames.last?.tick == 30)  // a finger is down: frames up to the page's clock
        // A move at 400 ms arrives when the page's clock says 520 ms: tick 24 onwards changes.
        let r = try await studio.input(
            .init(session: s, now: 520, inputs: [.init(t: 400, pointer: 1, x: 100, y: 300, phase: "move")]))
        #expect(r.from == 24)
        #expect(r.frames.first?.touches == [100, 300])
        #expect(r.frames.last?.tick == 32)  // the tick an input now would land on
        #expect(!r.settled)  // a finger is down: later frames depend on what it does
    }

    @Test func openingAScenarioPlaysItAndABranchKeepsItsFramesUpToTheTick() async throws {
        let rootFolder = try TemporaryFolder("studio-branch"), root = rootFolder.path
        let repo = Repository.root.path
        try FileManager.default.createDirectory(atPath: root + "/gestures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repo + "/Scenarios/gestures/hand-over-drag-pinch-drag.json",
            toPath: root + "/gestures/hand-over-drag-pinch-drag.json")
        let studio = try studio(root: root)
        let played = try await studio.open(.init(open: "gestures/hand-over-drag-pinch-drag"))
        #expect(played.mode == "play")
        let original = try replay(root + "/gestures/hand-over-drag-pinch-drag.json")
        #expect(played.frames == StudioProtocol.Frame.all(original))

        for tick in [0, 20, 45] {
            let branch = try await studio.open(.init(open: "gestures/hand-over-drag-pinch-drag", branchTick: tick))
            #expect(branch.mode == "record")
            #expect(Array(branch.frames.prefix(tick + 1)) == Array(played.frames.prefix(tick + 1)), "branch at \(tick)")
            let saved = try await studio.save(
                .init(
                    session: branch.session, group: "branches", id: "at-\(tick)", name: "b",
                    description: "", overwrite: false, now: branch.startMs + 100))
            #expect(saved.replayIdentical)
            let replayed = StudioProtocol.Frame.all(try replay(saved.path))
            #expect(
                Array(replayed.prefix(tick + 1)) == Array(played.frames.prefix(tick + 1)), "saved branch at \(tick)")
        }
    }

    @Test func refusedInputIsReportedAndNothingElseChanges() async throws {
        let rootFolder = try TemporaryFolder("studio-refused"), root = rootFolder.path
        let studio = try studio(root: root)
        let s = try await studio.open(.init()).session
        let bad: [StudioProtocol.InputItem] = [
            .init(t: 10, pointer: 1, x: .nan, y: 3, phase: "down"),
            .init(t: 10, action: "format-disk"),
            .init(t: 10, action: "slider", value: 1e300),
            .init(t: 10, action: "resize", width: 50, height: 1e9),
            .init(t: .infinity, action: "recenter")
        ]
        for item in bad {
            let r = try await studio.input(.init(session: s, now: 20, inputs: [item]))
            #expect(r.notice != nil, "\(item)")
        }
        let full = try await studio.input(
            .init(session: s, now: 20, inputs: [.init(t: ScenarioBudget.maxSeconds * 1000 - 500, action: "recenter")]))
        #expect(full.notice?.contains("recording is full") == true)
        // Moves and lifts of fingers that never landed are ignored; a finger's second down too.
        let odd = try await studio.input(
            .init(
                session: s, now: 100,
                inputs: [
                    .init(t: 30, pointer: 7, x: 10, y: 10, phase: "move"),
                    .init(t: 31, pointer: 7, x: 10, y: 10, phase: "up")
                ]))
        #expect(odd.notice == nil)
        await #expect(throws: Studio.Failure.self) {
            try await studio.input(.init(session: "nope", now: 0, inputs: []))
        }
    }

    @Test func sessionsAreBounded() async throws {
        let rootFolder = try TemporaryFolder("studio-bounded"), root = rootFolder.path
        let studio = try studio(root: root)
        for _ in 0..<Studio.maxSessions { _ = try await studio.open(.init()) }
        let error = await #expect(throws: Studio.Failure.self) { try await studio.open(.init()) }
        #expect(error?.status == 503)
    }
}
