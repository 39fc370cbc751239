import CropModel
import CropSpec
import CropVocabulary
import Testing

/// `telemetryMatchesTrace`: the telemetry's numbers against the frames the oracle saw. The
/// reference editor passes; the same editor with one number of one record computed from the
/// wrong tick, or naming the wrong reply or delay, fails with that property alone.
@Suite struct TelemetryClockTests {
    let o = OracleTests()

    /// Confirm at frame 1, the crop back 12 ticks later (200 ms), attempt 1 times out after 20
    /// ticks, attempt 2 (30 ticks later) gets a 503 after 10, attempt 3 (60 ticks later) succeeds
    /// after 5 (of 65 ticks). `edit` plants a bug in the records of one event: 0 the crop's, n attempt n's.
    func flow(editing event: Int? = nil, _ edit: @escaping @Sendable (EditorEffect) -> EditorEffect = { $0 }) throws
        -> [Property]
    {
        let tamper = Tamper()
        let request = OpenRequest(
            source: o.source, viewport: o.viewport, reduceMotion: true, user: UserContext(uid: "u1"))
        var m = try #require(CheckedEditor<Tampered>.opened(request, in: tamper))
        let plant = { (n: Int) in if n == event { tamper.effects = { $0.map(edit) } } }
        m.apply(.confirm)
        m.tick(12)
        plant(0)
        m.apply(.cropFinished(succeeded: true))
        m.tick(20)
        plant(1)
        m.apply(.uploadFinished(attempt: 1, outcome: .timeout))
        m.tick(30 + 10)
        plant(2)
        m.apply(.uploadFinished(attempt: 2, outcome: .httpError(status: 503)))
        m.tick(60 + 5)
        plant(3)
        m.apply(.uploadFinished(attempt: 3, outcome: .success))
        return m.properties
    }

    static func crop(_ change: @escaping @Sendable (inout ConfirmTelemetry) -> Void)
        -> @Sendable (EditorEffect) -> EditorEffect
    {
        { effect in
            guard case .telemetry(var t) = effect else { return effect }
            change(&t)
            return .telemetry(t)
        }
    }

    static func attempt(_ change: @escaping @Sendable (inout UploadTelemetry) -> Void)
        -> @Sendable (EditorEffect) -> EditorEffect
    {
        { effect in
            guard case .uploadTelemetry(var t) = effect else { return effect }
            change(&t)
            return .uploadTelemetry(t)
        }
    }

    @Test func theReferenceEditorsNumbersAreTheTraces() throws {
        let clean = try flow()
        #expect(clean == [], "\(clean)")
    }

    @Test func aCropLatencyFromTheWrongTickFails() throws {
        // One tick late (from the frame before confirm), or from the open.
        #expect(try flow(editing: 0, Self.crop { $0.cropLatencyMs += 1000.0 / 60 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 0, Self.crop { $0.cropLatencyMs = 13 * 1000.0 / 60 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 0, Self.crop { $0.cropLatencyMs = 200 }) == [])
    }

    @Test func elapsedTicksFromTheWrongTickFail() throws {
        // Counted from a frame before confirm, or over less than the attempt itself.
        #expect(try flow(editing: 2, Self.attempt { $0.elapsedTicks += 1 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 2, Self.attempt { $0.elapsedTicks = 8 }) == [.telemetryMatchesTrace])
        // The attempt's own ticks pass too: attempt 2 starts at the end of the tick it falls due
        // in, so it runs 9 of the 40 ticks after attempt 1 failed.
        #expect(try flow(editing: 2, Self.attempt { $0.elapsedTicks = 9 }) == [])
        #expect(try flow(editing: 1, Self.attempt { $0.elapsedTicks = 20 }) == [])
    }

    @Test func theReplyAndTheDelayAreTheTraces() throws {
        #expect(try flow(editing: 1, Self.attempt { $0.backoffMs = 1000 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 3, Self.attempt { $0.backoffMs = 2000 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 2, Self.attempt { $0.outcomeCode = 500 }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 2, Self.attempt { $0.retryable = false }) == [.telemetryMatchesTrace])
        #expect(try flow(editing: 3, Self.attempt { $0.retryable = true }) == [.telemetryMatchesTrace])
    }
}
