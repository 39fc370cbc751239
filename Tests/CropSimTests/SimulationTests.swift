import CropLogs
import CropScenario
import CropSim
import CropVocabulary
import Foundation
import Testing

@Suite struct SimulationTests {
    func scenario(
        _ steps: String, device: String = #""view": [393, 852], "screenScale": 3, "touchRate": 120"#,
        image: String = #""width": 4032, "height": 3024"#, expect: String = "{}"
    ) throws -> Scenario {
        let text =
            #"{ "name": "t", "device": { \#(device) }, "image": { \#(image) }, "steps": [\#(steps)], "expect": \#(expect) }"#
        return try ScenarioParser.parse(Array(text.utf8), file: "t.json", id: "t")
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let s = try scenario(
            #"""
            { "at": 0.1, "drag": { "path": [["50%", "50%"], ["70%", "40%"], ["60%", "70%"], ["30%", "50%"]], "duration": 0.8 } },
            { "at": 1.0, "pinch": { "from": 90, "to": 500, "duration": 0.5, "drift": [30, -20], "angle": 30 } },
            { "at": 1.8, "doubleTap": ["20%", "30%"] },
            { "at": 2.5, "slider": 10 }
            """#)
        let a = Simulator.run(s), b = Simulator.run(s)
        #expect(a.passed, "\(a.violations) \(a.failures)")
        #expect(FrameLog.frames(a.frames) == FrameLog.frames(b.frames))
        #expect(FrameLog.haptics(a.effects) == FrameLog.haptics(b.effects))
        #expect(FrameLog.effects(a.effects) == FrameLog.effects(b.effects))
        #expect(a.frames.count > 150)
    }

    @Test func inputsAreAppliedAtTheFirstTickAtOrAfterThem() {
        #expect(Input.tick(forMicroseconds: 0) == 0)
        #expect(Input.tick(forMicroseconds: 16_666) == 1)
        #expect(Input.tick(forMicroseconds: 16_667) == 2)
        #expect(Input.tick(forMicroseconds: 1_000_000) == 60)
    }

    @Test func pinchSynthesisSamplesAtTheTouchRateAndEndsOnTheSpan() throws {
        let s = try scenario(
            #"{ "at": 0.5, "pinch": { "center": [200, 400], "from": 100, "to": 300, "duration": 0.25 } }"#)
        let inputs = TraceSynthesizer.inputs(for: s)
        // 2 downs, 30 samples × 2 fingers (0.25 s at 120 Hz), 2 ups.
        #expect(inputs.count == 2 + 60 + 2)
        #expect(inputs.first?.time == 500_000 && inputs.last?.time == 750_000)
        guard case .touch(_, let a, .up) = inputs[inputs.count - 2].kind, case .touch(_, let b, .up) = inputs.last!.kind
        else {
            Issue.record("expected two ups last")
            return
        }
        #expect(abs(b.x - a.x) == 300 && a.y == 400 && (a.x + b.x) / 2 == 200)
    }

    /// Samples sharing one instant: every finger lands before it moves or lifts (a touch-level
    /// editor was sent moves and lifts of fingers not yet down), while other fingers' moves
    /// still come before their lifts and landings.
    @Test func aFingerLandsBeforeItsOwnMovesAtTheSameInstant() throws {
        let s = try scenario(
            #"""
            { "at": 0.1, "touches": [
              { "finger": "A", "samples": [ { "t": 0, "at": [100, 400], "phase": "down" }, { "t": 0, "at": [120, 400], "phase": "move" },
                                            { "t": 0, "at": [120, 400], "phase": "up" } ] },
              { "finger": "B", "samples": [ { "t": 0, "at": [300, 400], "phase": "down" }, { "t": 0.05, "at": [300, 420], "phase": "move" },
                                            { "t": 0.1, "at": [300, 420], "phase": "up" } ] } ] }
            """#)
        var seen: Set<Int> = []
        for input in TraceSynthesizer.inputs(for: s) {
            guard case .touch(let finger, _, let phase) = input.kind else { continue }
            if phase == .down {
                seen.insert(finger)
            } else {
                #expect(seen.contains(finger), "finger \(finger) \(phase) before it landed")
            }
        }
        #expect(seen.count == 2)
    }

    /// `hold` keeps both fingers at the end until they lift, with no move in between, and the
    /// step's input lasts that much longer (the scenario's budget counts it).
    @Test func aTwoFingerDragHoldsBeforeLifting() throws {
        let s = try scenario(
            #"{ "at": 0.5, "twoFingerDrag": { "from": [200, 400], "to": [260, 400], "duration": 0.25, "hold": 0.2 } }"#)
        #expect(s.steps[0].action.duration == 0.45)
        let inputs = TraceSynthesizer.inputs(for: s)
        let ups = inputs.filter { if case .touch(_, _, .up) = $0.kind { true } else { false } }
        let lastMove = inputs.filter { if case .touch(_, _, .move) = $0.kind { true } else { false } }.map(\.time).max()
        #expect(ups.count == 2 && ups.allSatisfy { $0.time == 950_000 })
        #expect(lastMove == 750_000)
        let unheld = try scenario(
            #"{ "at": 0.5, "twoFingerDrag": { "from": [200, 400], "to": [260, 400], "duration": 0.25 } }"#)
        #expect(TraceSynthesizer.inputs(for: unheld).last?.time == 750_000)
    }

    @Test func aSplineDragPassesThroughItsKeyPoints() throws {
        let s = try scenario(
            #"{ "at": 0, "drag": { "path": [[100, 100], [200, 150], [300, 100]], "duration": 1, "easing": "linear" } }"#,
            device: #""view": [393, 852], "screenScale": 3, "touchRate": 60"#)
        let points = TraceSynthesizer.inputs(for: s).compactMap { input -> Point? in
            if case .touch(_, let p, _) = input.kind { p } else { nil }
        }
        #expect(points.first == Point(x: 100, y: 100) && points.last == Point(x: 300, y: 100))
        // The middle key point is passed (by symmetry, exactly at half the arc length).
        #expect(points.contains { abs($0.x - 200) < 1e-9 && abs($0.y - 150) < 1e-9 })
    }

    @Test func percentagesResolveAgainstTheViewAfterAResize() throws {
        let s = try scenario(#"{ "at": 0.1, "resize": [852, 393] }, { "at": 0.2, "tap": ["50%", "50%"] }"#)
        let taps = TraceSynthesizer.inputs(for: s).compactMap { input -> Point? in
            if case .touch(_, let p, .down) = input.kind { p } else { nil }
        }
        #expect(taps == [Point(x: 426, y: 196.5)])
    }

    @Test func aRejectedPhotoPassesOnlyWhenTheScenarioExpectsIt() throws {
        let expected = try scenario(
            "", image: #""width": 300, "height": 4000"#,
            expect: #"{ "rejected": "This photo is too small for a profile picture" }"#)
        #expect(Simulator.run(expected).passed)
        let unexpected = try scenario("", image: #""width": 300, "height": 4000"#)
        #expect(!Simulator.run(unexpected).passed)
    }

    @Test func aWrongExpectationFailsWithItsPath() throws {
        let s = try scenario(
            #"{ "at": 0.1, "pinch": { "from": 100, "to": 900 } }"#,
            expect: #"{ "scale": "sMin", "haptics": { "zoomMax": 2 } }"#)
        let r = Simulator.run(s)
        #expect(r.violations.isEmpty)
        #expect(r.failures.map(\.path) == ["$.expect.scale", "$.expect.haptics.zoomMax"])
    }

    @Test func checkpointsAreEvaluatedMidRun() throws {
        let text = #"""
            { "name": "t", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "steps": [ { "at": 0.1, "pinch": { "from": 100, "to": 200, "duration": 1 } } ],
              "checkpoints": [ { "at": 0.05, "gridVisible": true, "instructionsVisible": true },
                               { "at": 0.5, "gridVisible": true, "phase": "pinch" } ] }
            """#
        let r = Simulator.run(try ScenarioParser.parse(Array(text.utf8), file: "t.json", id: "t"))
        #expect(r.failures.map(\.path) == ["$.checkpoints[1].gridVisible"])
        #expect(r.failures[0].message.hasPrefix("at t=0.500 s:"))
    }
}
