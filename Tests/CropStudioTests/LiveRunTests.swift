import CropScenario
import CropSim
@testable import CropStudio
import CropTestSupport
import Foundation
import Testing

/// The live run kept between batches (issue 36) against the run `cropsim run` makes from tick 0:
/// after every batch the session's frames, effects, violations and final state must be those of
/// the recording's text run from the start, with the same provisional lift.
@Suite struct LiveRunTests {
    /// The recording's text at this batch, run from tick 0 as a file would be, through the
    /// session's own model (for a model over a pipe, in a process of its own).
    static func fromStart(_ session: StudioSession) throws -> RunResult {
        var options = Simulator.Options()
        options.measureTiming = false
        if session.provisionalLift != nil { options.settleTicks = 1 }
        let text = session.recording.json(
            name: session.name, description: session.description, liftOpenFingersAt: session.provisionalLift)
        return session.model.run(try session.parse(text, file: StudioSession.liveFile), options: options)
    }

    /// The first way the live session differs from the run from tick 0, or nil.
    static func difference(_ session: StudioSession) throws -> String? {
        let live = try #require(session.result), full = try fromStart(session)
        let a = StudioProtocol.Frame.all(live), b = StudioProtocol.Frame.all(full)
        if a.count != b.count { return "\(a.count) frames live, \(b.count) from tick 0" }
        if let k = a.indices.first(where: { a[$0] != b[$0] }) { return "frame \(k) differs" }
        if live.effects.map(\.tick) != full.effects.map(\.tick) || "\(live.effects)" != "\(full.effects)" {
            return "effects differ"
        }
        if "\(live.violations)" != "\(full.violations)" || live.violationCounts != full.violationCounts {
            return "violations differ"
        }
        if "\(String(describing: live.final))" != "\(String(describing: full.final))" || live.ticks != full.ticks {
            return "final state differs"
        }
        return nil
    }

    static func newSession() throws -> StudioSession {
        let rootFolder = try TemporaryFolder("studio-live"), root = rootFolder.path
        return try studio(root: root).newRecording(nil).0
    }

    static func touch(_ t: Double, _ pointer: Int, _ x: Double, _ y: Double, _ phase: String)
        -> StudioProtocol.InputItem
    {
        .init(t: t, pointer: pointer, x: x, y: y, phase: phase)
    }

    /// A drag, a finger held still while the clock runs, late samples that reach behind the live
    /// run, a pinch past s_max, controls between and during gestures, a double-tap, and (in the
    /// tests) a Save's lift: every batch equal to the run from tick 0.
    static var script: [(now: Double, inputs: [StudioProtocol.InputItem])] {
        var script: [(now: Double, inputs: [StudioProtocol.InputItem])] = []
        for k in 0..<90 {  // a circling finger, two samples a batch
            let t = Double(k) * 1000 / 60
            let inputs = [0.0, 1000 / 120].map { dt in
                Self.touch(
                    t + dt, 1, 196.5 + 150 * cos((t + dt) / 300), 426 + 150 * sin((t + dt) / 300),
                    k == 0 && dt == 0 ? "down" : "move")
            }
            script.append((t + 1000 / 60, inputs))
        }
        for k in 0..<40 { script.append((1500 + Double(k) * 1000 / 60, [])) }  // held still: only the clock moves
        script.append((2200, [Self.touch(1600, 1, 300, 300, "move")]))  // late: behind the live run
        script.append((2210, [Self.touch(1700, 1, 320, 300, "move"), .init(t: 1705, action: "recenter")]))
        script.append((2300, [Self.touch(2250, 1, 320, 300, "up")]))
        var pinch: [StudioProtocol.InputItem] = [
            Self.touch(2400, 2, 170, 426, "down"), Self.touch(2400, 3, 223, 426, "down")
        ]
        for i in 1...30 {
            let t = 2400 + Double(i) * 1000 / 120
            pinch += [
                Self.touch(t, 2, 170 - 5 * Double(i), 426, "move"), Self.touch(t, 3, 223 + 5 * Double(i), 426, "move")
            ]
        }
        pinch += [
            .init(t: 2560, action: "slider", value: 40), Self.touch(2700, 2, 20, 426, "up"),
            Self.touch(2700, 3, 373, 426, "up")
        ]
        for chunk in stride(from: 0, to: pinch.count, by: 7) {
            script.append((2400 + Double(chunk) * 5, Array(pinch[chunk..<min(pinch.count, chunk + 7)])))
        }
        script.append(
            (
                3000,
                [
                    Self.touch(2900, 4, 196.5, 426, "down"), Self.touch(2940, 4, 196.5, 426, "up"),
                    Self.touch(3050, 5, 198, 428, "down")
                ]
            ))
        script.append(
            (3100, [Self.touch(3090, 5, 198, 428, "up"), .init(t: 3095, action: "resize", width: 852, height: 393)]))
        script.append((3600, []))
        return script
    }

    @Test func everyBatchIsTheRunFromTickZero() throws {
        var session = try Self.newSession()
        for (k, batch) in Self.script.enumerated() {
            let answer = session.handle(.init(session: session.id, now: batch.now, inputs: batch.inputs))
            #expect(answer.notice == nil, "batch \(k): \(answer.notice ?? "")")
            let difference = try Self.difference(session)
            #expect(difference == nil, "batch \(k) (now \(batch.now)): \(difference ?? "")")
            if difference != nil { return }
        }
        #expect(session.checkpoints.runs.count <= LiveCheckpoints.capacity)
        #expect(try #require(session.result).haptics.contains { $0.haptic.name == "zoomMax" })
        _ = session.finish(nowUs: 3_700_000)
        #expect(try Self.difference(session) == nil, "after Save's lift")
    }

    /// A late sample reaches behind the live run and replays from a checkpoint; more batches than
    /// the checkpoints' cap keep at most `capacity` of them, and a change before all of them (the
    /// provisional lift moved back by an earlier clock) replays from tick 0. All equal.
    @Test func checkpointsAreBoundedAndRewindsStayIdentical() throws {
        var session = try Self.newSession()
        _ = session.handle(.init(session: session.id, now: 10, inputs: [Self.touch(0, 1, 100, 400, "down")]))
        for k in 1...600 {  // ten seconds held still, the clock moving
            _ = session.handle(.init(session: session.id, now: 10 + Double(k) * 1000 / 60, inputs: []))
            #expect(session.checkpoints.runs.count <= LiveCheckpoints.capacity)
        }
        #expect(session.checkpoints.runs.count == LiveCheckpoints.capacity)
        #expect(try Self.difference(session) == nil)
        _ = session.handle(.init(session: session.id, now: 10_020, inputs: [Self.touch(9_000, 1, 120, 380, "move")]))
        #expect(try Self.difference(session) == nil, "late by a second")
        _ = session.handle(.init(session: session.id, now: 9_500, inputs: []))  // an earlier clock: the lift moves back
        #expect(try Self.difference(session) == nil, "the clock gone back")
        _ = session.handle(.init(session: session.id, now: 12_000, inputs: [Self.touch(9_100, 1, 150, 380, "move")]))
        #expect(try Self.difference(session) == nil, "late again")
        #expect(session.checkpoints.runs.allSatisfy { $0.tick >= session.checkpoints.runs[0].tick })
    }

    /// A hostile batch: 20,000 samples at once, at one instant and out of order, many fingers.
    @Test func aHugeDisorderedBatchIsTheRunFromTickZero() throws {
        var session = try Self.newSession()
        var inputs: [StudioProtocol.InputItem] = []
        for i in 0..<20_000 {
            let pointer = i % 12
            let phase = i < 12 ? "down" : (i % 97 == 0 ? "up" : (i % 89 == 0 ? "down" : "move"))
            inputs.append(
                Self.touch(Double((i * 7919) % 5000), pointer, Double(i % 393), Double((i * 31) % 852), phase))
        }
        _ = session.handle(.init(session: session.id, now: 5000, inputs: inputs))
        #expect(try Self.difference(session) == nil)
        _ = session.handle(.init(session: session.id, now: 5100, inputs: Array(inputs.prefix(50))))
        #expect(try Self.difference(session) == nil)
        #expect(session.checkpoints.runs.count <= LiveCheckpoints.capacity)
    }

    /// A finger held past the recording's end: frames stop at 359 s, later batches run nothing
    /// and say nothing (before, every batch re-read the text and was refused twice).
    @Test func aFingerHeldPastTheEndStopsTheFrames() throws {
        var session = try Self.newSession()
        let endMs = Double(Recording.maxMicroseconds / 1000)
        _ = session.handle(.init(session: session.id, now: 10, inputs: [Self.touch(0, 1, 100, 400, "down")]))
        let end = session.handle(.init(session: session.id, now: endMs + 500, inputs: []))
        #expect(end.notice == nil)
        let lastTick = Recording.tick(Recording.maxMicroseconds) + 1
        let pages = (lastTick + 2 + StudioSession.maxFramesPerAnswer - 1) / StudioSession.maxFramesPerAnswer
        for k in 0..<(pages + 5) {  // the rest of the frames in pages of 1,200, then none
            let later = session.handle(.init(session: session.id, now: endMs + 6_000 + Double(k) * 20_000, inputs: []))
            #expect(
                later.notice == nil && later.frames.allSatisfy { $0.tick <= lastTick },
                "\(later.from) \(later.frames.count)")
            if k >= pages { #expect(later.frames.isEmpty) }
        }
        #expect(session.frames.last?.tick == lastTick + 1)
        #expect(try Self.difference(session) == nil)
    }

    @Test func checkpointsKeepTheFloorAndTheNewest() {
        #expect(LiveCheckpoints.next(after: 0, floor: 100) == 30)
        #expect(LiveCheckpoints.next(after: 29, floor: 40) == 30)
        #expect(LiveCheckpoints.next(after: 31, floor: 40) == 40)
        #expect(LiveCheckpoints.next(after: 40, floor: 40) == 60)
        #expect(LiveCheckpoints.next(after: 45, floor: 40) == 60)
    }
}
