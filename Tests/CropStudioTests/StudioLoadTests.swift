@testable import CropStudio
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Issue 34, the parts a unit can hold: the cap replaces a connection stalled in any phase, the
/// simulation threads are bounded and below the server's priority, the per-session CPU share, and
/// a model's failure said as what happened. The load itself (p99 of `GET /`, peak RSS) is
/// `scripts/check-studio-server --only load`, on the release program.
@Suite struct StudioLoadTests {
    /// A connection waiting for its body, and one not reading the answers to its pipelined
    /// requests, are both replaced when the server is full; the first is told so in one 503.
    @Test func theCapReplacesABodyStarverAndANonReader() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 4
        // On a clock that stands still: however long the steps below take in a full parallel
        // `swift test`, no starver is closed by its own deadline instead of being replaced.
        let server = try StudioServerTests.serveEcho(limits, clock: ManualClock())
        defer { server.stop() }
        let port = server.port
        let starvers = try (0..<2).map { _ in try Client(port: port, waiting: 3) }
        for s in starvers {
            try s.send("POST /in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 1000\r\n\r\n")
        }
        // Two round trips on connections accepted after the heads were sent: once the second is
        // answered, the server has read both heads (a fixed sleep was not enough on a loaded
        // machine: a starver whose head was still unread ranked as idle, after the readers).
        for _ in 0..<2 {
            let probe = try Client(port: port)
            try probe.send("GET /probe HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(try await offPool { try probe.answers(1) }[0].hasPrefix("HTTP/1.1 200"))
        }
        // 300 answers of 7 KiB each: far more than the socket buffers take, so it stalls writing.
        let target = "/" + String(repeating: "p", count: 7000)
        let readers = try (0..<2).map { _ in try Client(port: port) }
        for r in readers {
            try r.send(String(repeating: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", count: 300))
        }
        try await Task.sleep(for: .milliseconds(300))
        let client = try Client(port: port)
        try client.send("GET /in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(try await offPool { try client.answers(1) }[0].hasPrefix("HTTP/1.1 200"))
        // Either starver may be the one replaced: the server saw both heads in one poll, in no set order.
        let told = try await offPool { starvers.compactMap { try? $0.answers(1)[0] } }
        #expect(told.count == 1)
        #expect(
            told.allSatisfy {
                $0.hasPrefix("HTTP/1.1 503")
                    && $0.contains(#"{"error":"the studio is full and this connection had stalled longest"#)
            })
    }

    @Test func theSimulationThreadsAreBoundedAndNiced() async throws {
        let pool = SimulationPool(threads: 1, maxQueued: 1)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        async let first = pool.run { () -> Int32 in
            started.signal()
            gate.wait()
            return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        }
        try await offPool { started.wait() }  // the first has started
        async let second = pool.run { 2 }
        while pool.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }  // and the second waits
        #expect(await pool.run { 3 } == nil, "a third job past maxQueued is refused at once")
        gate.signal()
        #expect(await first?.value == min(19, base + SimulationPool.niceIncrement))
        #expect(await second?.value == 2)
    }

    @Test func aSessionInDebtWaitsForItsShare() {
        let start = ContinuousClock.now
        var budget = CPUBudget()
        #expect(budget.wait(now: start) == 0)
        budget.charge(CPUBudget.burst + 0.5, now: start)
        #expect(abs(budget.wait(now: start) - 0.5 / CPUBudget.rate) < 1e-9)
        #expect(budget.wait(now: start + .seconds(0.5 / CPUBudget.rate)) == 0)
        #expect(budget.balance <= CPUBudget.burst)
    }

    /// A model that fails before its first frame is said as what it did, with the documented
    /// status: 504 for no answer in time, 502 for an exit or a closed output; a refusal stays 400.
    @Test func aModelsFailureIsSaidAsWhatHappened() {
        let scenario = Recording.setup(
            device: Studio.device(nil, view: Size(width: 393, height: 852), screenScale: 3),
            image: ImageSpec(source: SourceImage(storedWidth: 4032, storedHeight: 3024)))
        var result = RunResult(scenario: scenario, model: ModelRunner.reference.identity)
        let cases: [(ModelFailure, Int, String)] = [
            (ModelFailure(kind: .hung, message: "no reply within 5 s"), 504, "hung: no reply within 5 s"),
            (ModelFailure(kind: .crashed, message: "the process ended mid-run (exit status 3)"), 502, "exit status 3"),
            (
                ModelFailure(kind: .closedOutput, message: "it closed its standard output but kept running"), 502,
                "closed its standard output"
            )
        ]
        for (failure, status, words) in cases {
            result.modelFailure = failure
            let said = Studio.notOpened(result)
            #expect(
                said.status == status && said.description.contains(words) && !said.description.contains("unknown"),
                "\(said)")
        }
        result.modelFailure = nil
        result.rejection = "This photo is too small for a profile picture"
        #expect(Studio.notOpened(result).status == 400)
        #expect(
            Studio.notOpened(result).description
                == "the editor refused the photo: This photo is too small for a profile picture")
    }
}

/// A session's answer with its frames encoded a slice at a time is the JSON `JSONEncoder` writes
/// for it (key order aside, which that encoder does not fix), also with a notice that spells the
/// key it looks for.
@Suite struct FramesJSONTests {
    static func sameJSON(_ a: [UInt8], _ b: Data) throws -> Bool {
        let x = try JSONSerialization.jsonObject(with: Data(a)) as? NSDictionary
        let y = try JSONSerialization.jsonObject(with: b) as? NSDictionary
        return x != nil && x == y
    }

    /// One finger from down to up, `samples` + 1 samples at `hertz`.
    static func drag(samples: Int, hertz: Double) -> [StudioProtocol.InputItem] {
        (0...samples).map { (k: Int) -> StudioProtocol.InputItem in
            let phase = k == 0 ? "down" : k == samples ? "up" : "move"
            let t = Double(k) * 1000 / hertz
            return StudioProtocol.InputItem(t: t, pointer: 1, x: 150 + Double(k % 90), y: 400, phase: phase)
        }
    }

    @Test func slicedFramesAreTheEncodersBytes() async throws {
        let rootFolder = try TemporaryFolder("studio-frames-json"), root = rootFolder.path
        let studio = try studio(root: root)
        let open = try await studio.open(.init())
        #expect(open.frames.count >= 1)
        #expect(try Self.sameJSON(FramesJSON.encode(open), JSONEncoder().encode(open)))
        let samples = Self.drag(samples: 1100, hertz: 120)
        var frames = try await studio.input(.init(session: open.session, now: 10_000, inputs: samples))
        #expect(frames.frames.count > FramesJSON.slice * 2)
        #expect(try Self.sameJSON(FramesJSON.encode(frames), JSONEncoder().encode(frames)))
        frames.notice = #"a "frames":[] inside"#
        #expect(try Self.sameJSON(FramesJSON.encode(frames), JSONEncoder().encode(frames)))
    }

    /// A long recording's frames come a slice of `maxFramesPerAnswer` per answer, the page asking
    /// on until one says settled; together they are the whole run.
    @Test func aLongRecordingsFramesComeInPages() async throws {
        let rootFolder = try TemporaryFolder("studio-frames-pages"), root = rootFolder.path
        let studio = try studio(root: root)
        let open = try await studio.open(.init())
        let samples = Self.drag(samples: 3000, hertz: 60)
        var answer = try await studio.input(.init(session: open.session, now: 51_000, inputs: samples))
        var got = answer.frames
        var answers = 1
        while !answer.settled && answers < 20 {
            #expect(answer.frames.count <= StudioSession.maxFramesPerAnswer)
            answer = try await studio.input(.init(session: open.session, now: 51_000, inputs: []))
            #expect(answer.from == (got.last?.tick ?? -1) + 1)
            got += answer.frames
            answers += 1
        }
        #expect(answer.settled && answers >= 3)
        let first = try #require(got.first?.tick)
        let ticks: [Int] = got.map { $0.tick }
        #expect(ticks == Array(first...(ticks.last ?? first)))
    }
}
