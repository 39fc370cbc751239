@testable import CropPipe
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

    static func session(_ command: String, timeout: Double = 5, snapshotTimeout: Double? = nil) throws
        -> StudioSession
    {
        let rootFolder = try TemporaryFolder("studio-live-model")
        return try studio(command, timeout: timeout, snapshotTimeout: snapshotTimeout, root: rootFolder.path).1
    }

    /// A studio on `command` that saves under `root`, and a new recording in it.
    static func studio(_ command: String, timeout: Double = 5, snapshotTimeout: Double? = nil, root: String) throws
        -> (Studio, StudioSession)
    {
        var options = Studio.Options()
        options.scenarios = ScenarioStore(root: root)
        let pool = try ModelProcessPool(command: command, timeout: timeout, snapshotTimeout: snapshotTimeout)
        options.model = .process(pool)
        let studio = try Studio(options: options)
        return (studio, try studio.newRecording(nil).0)
    }

    /// The deadline of the hostile cases' steps: long enough that an ordinary step through the
    /// Python proxy never misses it on a loaded machine. No mode hangs on a step.
    static let hostileTimeout = 10.0

    /// The deadline of the snapshot exchanges where a mode hangs on one (`late`, `hang`): those are
    /// the cases that wait out a deadline, and they wait this, not a step's. A snapshot reply is a
    /// few dozen bytes the proxy passes on; the ordinary ones before `hang`'s restore meet it.
    static let hangTimeout = 2.0

    /// The frames a page holds after `answer`: those before its `from`, then its own.
    static func apply(_ answer: StudioProtocol.FramesResponse, to page: inout [StudioProtocol.Frame]) {
        page.removeSubrange(min(answer.from, page.count)...)
        page += answer.frames
    }

    /// Whether every frame the page holds is the run's frame at that tick.
    static func agrees(_ page: [StudioProtocol.Frame], with run: RunResult) -> Bool {
        let all = StudioProtocol.Frame.all(run)
        return page.count <= all.count && zip(page, all).allSatisfy { $0 == $1 }
    }

    /// The snapshot fixture breaking `mode` from its `nth` snapshot message on.
    static func hostile(_ mode: String, _ nth: Int = 1) -> String {
        "REFERENCE_MODEL=\(reference) exec \(Binaries.python3) \(fixture) \(mode) \(nth)"
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

    /// Under protocol version 2 the snapshot messages are `json` frames among binary steps: a
    /// live recording is still its run from tick 0, bit for bit.
    @Test func aLiveRecordingUnderVersion2IsItsRunFromTickZero() throws {
        let command = "\(Self.reference) --offer 2 --snapshots on"
        let pool = try ModelProcessPool(command: command, timeout: 5)
        let probe = try #require(pool.checkout())
        #expect(probe.version == 2 && probe.snapshots, "the model speaks version 2 with snapshots")
        pool.checkin(probe)
        pool.shutdown()
        var session = try Self.session(command)
        for (k, batch) in LiveRunTests.script.enumerated() {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil, "batch \(k): \(answer.notice ?? "")")
            let difference = try LiveRunTests.difference(session)
            #expect(difference == nil, "batch \(k): \(difference ?? "")")
            if difference != nil { return }
        }
        #expect(!session.runsFromStart && !session.checkpoints.runs.isEmpty, "the recording ran live")
    }

    /// A model that answers `restored` without restoring tells the one lie the live run cannot
    /// see (docs/model-protocol.md#snapshots): no notice, frames that are not the run from tick 0.
    /// Save's replay check is what says so.
    @Test func aRestoreThatDidNotRestoreIsCaughtBySave() throws {
        let root = try TemporaryFolder("studio-live-lie")
        var (studio, session) = try Self.studio(Self.hostile("lie"), timeout: Self.hostileTimeout, root: root.path)
        var differed = false
        for batch in LiveRunTests.script.prefix(60) {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil, "\(answer.notice ?? "")")
            differed = try differed || LiveRunTests.difference(session) != nil
        }
        #expect(differed, "the lie changed the live frames")
        #expect(!session.runsFromStart, "nothing in the live run saw it")
        let save = StudioProtocol.SaveRequest(
            session: session.id, group: "lies", id: "lie", name: "", description: "", overwrite: false,
            now: LiveRunTests.script[59].now + 100)
        let saved = try studio.saved(&session, save)
        #expect(!saved.replayIdentical, "Save's replay differs from the live frames")
    }

    /// A live run that stops after a lie it could not see: the replay's frames replace every frame
    /// the page holds, from tick 0, not only those after the batch's new input.
    @Test func aFallbackAfterALieResendsFromTickZero() throws {
        // The 20th restore is mid-circle, where the lie moves the frames (an early one does not).
        var session = try Self.session(Self.hostile("liecrash", 20), timeout: Self.hostileTimeout)
        var page: [StudioProtocol.Frame] = [], notices: [String] = [], wrong = false
        for batch in LiveRunTests.script.prefix(60) {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            if let notice = answer.notice { notices.append(notice) }
            Self.apply(answer, to: &page)
            if notices.isEmpty { wrong = try wrong || !Self.agrees(page, with: LiveRunTests.fromStart(session)) }
        }
        #expect(wrong, "frames of the lie reached the page before the crash")
        #expect(notices.count == 1 && notices.first?.contains("exit status 3") == true, "\(notices)")
        #expect(session.runsFromStart)
        #expect(try Self.agrees(page, with: LiveRunTests.fromStart(session)), "the page holds the replay's frames")
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
    /// model did; the batch's frames are still the run from tick 0 (the broken process dropped,
    /// replayed in a fresh one, which is never sent a snapshot message), and so are the later
    /// batches'. Each of these modes fails at once: none waits out a deadline.
    @Test(arguments: [
        ("garbage", "malformed: its reply to snapshot"), ("huge", "protocolViolation: its reply to snapshot"),
        ("same", "was given before and not released"), ("wrongtype", "expected snapshotted, got \"restored\""),
        ("toobig", "longer than 16 MiB"),
        ("unknown", "errorReply: it answered restore with an error: no snapshot has handle 12345"),
        ("crash", "crashed: the process ended mid-run (exit status 3)")
    ])
    func aBrokenSnapshotIsANoticeAndAReplay(mode: String, said: String) throws {
        try Self.brokenSnapshot(mode, said: said, snapshotTimeout: nil)
    }

    /// A snapshot answered after its deadline (`late`) and a restore never answered (`hang`): the
    /// same notice and replay, the model said `hung`. Only these wait out a deadline, the snapshot
    /// exchanges' `hangTimeout`; the steps keep `hostileTimeout`.
    @Test(arguments: ["late", "hang"])
    func aSnapshotExchangePastItsDeadlineIsANoticeAndAReplay(mode: String) throws {
        try Self.brokenSnapshot(
            mode, said: "hung: no reply within \(Int(Self.hangTimeout)) s", snapshotTimeout: Self.hangTimeout)
    }

    /// The fixture breaking `mode` from its first snapshot message on, 60 batches of the script:
    /// one notice saying `said`, every batch the run from tick 0, replays from then on.
    static func brokenSnapshot(_ mode: String, said: String, snapshotTimeout: Double?) throws {
        var session = try Self.session(
            Self.hostile(mode), timeout: Self.hostileTimeout, snapshotTimeout: snapshotTimeout)
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
