import CropPipe
import CropScenario
import CropSim
@testable import CropStudio
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// A live recording on a model over a pipe that declares the snapshot messages (issue 36): one
/// process kept between batches, its snapshots as the checkpoints. Every batch must be the
/// recording's text run from tick 0 through the same model in a fresh process, bit for bit, and
/// a model that breaks the snapshots' promises must be a batch's notice and a fallback to those
/// replays, never a hang or a wrong frame.
@Suite(.serialized) struct LiveModelTests {
    static let reference = Binaries.cropsim.deletingLastPathComponent().appendingPathComponent(
        "cropsim-reference-model"
    ).path
    static let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/models/snapshot_model.py").path

    static func session(_ command: String, timeout: Double = 5) throws -> StudioSession {
        let rootFolder = try TemporaryFolder("studio-live-model")
        var options = Studio.Options()
        options.scenarios = ScenarioStore(root: rootFolder.path)
        options.model = .process(try ModelProcessPool(command: command, timeout: timeout))
        return try Studio(options: options).newRecording(nil).0
    }

    /// The snapshot fixture breaking `mode` from its `nth` snapshot message on.
    static func hostile(_ mode: String, _ nth: Int = 1) -> String {
        "REFERENCE_MODEL=\(reference) exec python3 \(fixture) \(mode) \(nth)"
    }

    @Test func everyBatchOnALiveModelIsItsRunFromTickZero() throws {
        var session = try Self.session("\(Self.reference) --snapshots on")
        var rewound = false
        for (k, batch) in LiveRunTests.script.enumerated() {
            let before = session.checkpoints.runs.map(\.tick)
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil, "batch \(k): \(answer.notice ?? "")")
            if let last = before.last, answer.from <= last { rewound = true }
            let difference = try LiveRunTests.difference(session)
            #expect(difference == nil, "batch \(k) (now \(batch.now)): \(difference ?? "")")
            if difference != nil { return }
        }
        #expect(!session.runsFromStart, "the recording ran live, not from tick 0")
        #expect(rewound, "a late sample went back to a snapshot")
        #expect(!session.checkpoints.runs.isEmpty && session.checkpoints.runs.count <= LiveCheckpoints.capacity)
        #expect(try #require(session.result).haptics.contains { $0.haptic.name == "zoomMax" })
        _ = session.finish(nowUs: 3_700_000)
        #expect(try LiveRunTests.difference(session) == nil, "after Save's lift")
        #expect(!session.runsFromStart)
    }

    /// Ten seconds held (the checkpoints at their cap, the model releasing what is dropped), then
    /// late samples and a clock gone back: the provisional lift moved back restores a snapshot.
    @Test func snapshotsAtTheCapAndRewindsStayIdentical() throws {
        var session = try Self.session("\(Self.reference) --snapshots on")
        _ = session.handle(.init(session: session.id, now: 10, inputs: [LiveRunTests.touch(0, 1, 100, 400, "down")]))
        for k in 1...600 {
            let answer = session.handle(.init(session: session.id, now: 10 + Double(k) * 1000 / 60, inputs: []))
            #expect(answer.notice == nil)
        }
        #expect(session.checkpoints.runs.count == LiveCheckpoints.capacity)
        #expect(try LiveRunTests.difference(session) == nil)
        _ = session.handle(
            .init(session: session.id, now: 10_020, inputs: [LiveRunTests.touch(9_000, 1, 120, 380, "move")]))
        #expect(try LiveRunTests.difference(session) == nil, "late by a second")
        _ = session.handle(.init(session: session.id, now: 9_500, inputs: []))
        #expect(try LiveRunTests.difference(session) == nil, "the clock gone back")
        _ = session.handle(
            .init(
                session: session.id, now: 12_000,
                inputs: [
                    LiveRunTests.touch(9_100, 1, 150, 380, "move"),
                    LiveRunTests.touch(11_000, 1, 150, 380, "up")
                ]))
        #expect(try LiveRunTests.difference(session) == nil, "late again, then lifted")
        #expect(!session.runsFromStart)
    }

    /// Confirm mid-gesture, the crop and upload flow the host answers (one tick per request once
    /// it starts), a late sample behind it and a retry: still the run from tick 0.
    @Test func theFlowAfterConfirmStaysIdentical() throws {
        var session = try Self.session("\(Self.reference) --snapshots on")
        var batches: [(Double, [StudioProtocol.InputItem])] = (0..<30).map { k in
            let t = Double(k) * 1000 / 60
            return (t + 17, [LiveRunTests.touch(t, 1, 196.5 + Double(k), 426, k == 0 ? "down" : "move")])
        }
        batches.append((520, [.init(t: 510, action: "confirm")]))
        for k in 0..<60 { batches.append((540 + Double(k) * 1000 / 60, [])) }
        batches.append((1600, [LiveRunTests.touch(700, 1, 250, 426, "up"), .init(t: 1500, action: "retry")]))
        batches.append((2500, []))
        for (k, batch) in batches.enumerated() {
            let answer = session.handle(.init(session: session.id, now: batch.0, inputs: batch.1))
            #expect(answer.notice == nil, "batch \(k): \(answer.notice ?? "")")
            let difference = try LiveRunTests.difference(session)
            #expect(difference == nil, "batch \(k): \(difference ?? "")")
            if difference != nil { return }
        }
        #expect(try #require(session.result).effects.contains { "\($0.effect)".contains("crop") })
        #expect(!session.runsFromStart)
    }

    /// A model that lacks a capability (here `recenter`) runs live until the recording takes a
    /// step it lacks; from then on the file is not applicable before the editor opens, as `cropsim
    /// run` judges it, and the session says so as the replay does: no frames, the same reason.
    @Test func aStepTheModelLacksMakesTheRecordingNotApplicableAsTheFileIs() throws {
        let lacking = "recenter"
        let declared = Capabilities.named.map(\.name).filter { $0 != lacking && $0 != "touches" }.joined(separator: ",")
        var session = try Self.session("\(Self.reference) --snapshots on --capabilities \(declared)")
        var wasLive = false
        for (k, batch) in LiveRunTests.script.enumerated() {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil, "batch \(k): \(answer.notice ?? "")")
            let difference = try LiveRunTests.difference(session)
            #expect(difference == nil, "batch \(k): \(difference ?? "")")
            #expect(session.result?.notApplicable == (try LiveRunTests.fromStart(session).notApplicable), "batch \(k)")
            if difference != nil { return }
            wasLive = wasLive || (!session.runsFromStart && !session.checkpoints.runs.isEmpty)
        }
        #expect(wasLive, "live before the recenter step")
        #expect(session.result?.notApplicable?.contains(lacking) == true, "\(session.result?.notApplicable ?? "")")
    }

    /// A model without the snapshot messages keeps today's replay from tick 0, unchanged.
    @Test func aModelWithoutSnapshotsReplaysFromTickZero() throws {
        var session = try Self.session(Self.reference)
        for batch in LiveRunTests.script.prefix(100) {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil)
        }
        #expect(session.runsFromStart && session.checkpoints.runs.isEmpty)
        #expect(try LiveRunTests.difference(session) == nil)
    }

    /// Each way of breaking the snapshots is said once, in the batch it happened, as what the
    /// model did; the batch's frames are still the run from tick 0 (replayed in a fresh process,
    /// which is never sent a snapshot message), and so are the later batches'.
    @Test(arguments: [
        ("garbage", 1, "malformed: its reply to snapshot"), ("huge", 1, "protocolViolation: its reply to snapshot"),
        ("same", 1, "was given before and not released"), ("wrongtype", 1, "expected snapshotted, got \"restored\""),
        ("toobig", 1, "longer than 16 MiB"), ("late", 1, "hung: no reply within 2 s"),
        ("unknown", 1, "errorReply: it answered restore with an error: no snapshot has handle 12345"),
        ("crash", 1, "crashed: the process ended mid-run (exit status 3)"), ("hang", 1, "hung: no reply within 2 s")
    ])
    func aBrokenSnapshotIsANoticeAndAReplay(mode: String, nth: Int, said: String) throws {
        var session = try Self.session(Self.hostile(mode, nth), timeout: 2)
        var notices: [String] = []
        for batch in LiveRunTests.script.prefix(60) {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            if let notice = answer.notice { notices.append(notice) }
            let difference = try LiveRunTests.difference(session)
            #expect(difference == nil, "\(mode): \(difference ?? "")")
            if difference != nil { return }
        }
        #expect(notices.count == 1, "\(mode): \(notices)")
        let notice = try #require(notices.first)
        #expect(notice.contains("failed in the live run") && notice.contains(said), "\(mode): \(notice)")
        #expect(notice.contains("replays from tick 0 on every batch"))
        #expect(session.runsFromStart)
    }

    /// A well-behaved proxy (the fixture passing everything through) runs live: the hostile
    /// cases above fail because of what they break, not because of the proxy.
    @Test func theFixtureItselfRunsLive() throws {
        var session = try Self.session(Self.hostile("none"), timeout: 5)
        for batch in LiveRunTests.script.prefix(60) {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil)
        }
        #expect(!session.runsFromStart)
        #expect(try LiveRunTests.difference(session) == nil)
    }
}
