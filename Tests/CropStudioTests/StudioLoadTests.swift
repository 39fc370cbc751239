@testable import CropStudio
import CropScenario
import CropSim
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
        let server = try StudioServerTests.serveEcho(limits)
        defer { server.stop() }
        let port = server.port
        let starvers = try (0..<2).map { _ in try Client(port: port) }
        for s in starvers {
            try s.send("POST /in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 1000\r\n\r\n")
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
        let told = try await offPool { try starvers[0].answers(1) }[0]
        #expect(told.hasPrefix("HTTP/1.1 503") && told.contains(#"{"error":"the studio is full and this connection had stalled longest"#))
        #expect(try await offPool { try starvers[0].closed(within: 2) })
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
        let scenario = Recording.setup(device: Studio.device(nil, view: Size(width: 393, height: 852), screenScale: 3),
                                       image: ImageSpec(source: SourceImage(storedWidth: 4032, storedHeight: 3024)))
        var result = RunResult(scenario: scenario, model: ModelRunner.reference.identity)
        let cases: [(ModelFailure, Int, String)] = [
            (ModelFailure(kind: .hung, message: "no reply within 5 s"), 504, "hung: no reply within 5 s"),
            (ModelFailure(kind: .crashed, message: "the process ended mid-run (exit status 3)"), 502, "exit status 3"),
            (ModelFailure(kind: .closedOutput, message: "it closed its standard output but kept running"), 502, "closed its standard output"),
        ]
        for (failure, status, words) in cases {
            result.modelFailure = failure
            let said = Studio.notOpened(result)
            #expect(said.status == status && said.description.contains(words) && !said.description.contains("unknown"), "\(said)")
        }
        result.modelFailure = nil
        result.rejection = "This photo is too small for a profile picture"
        #expect(Studio.notOpened(result).status == 400)
        #expect(Studio.notOpened(result).description == "the editor refused the photo: This photo is too small for a profile picture")
    }
}
