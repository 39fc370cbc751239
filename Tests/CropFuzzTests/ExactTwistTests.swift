import CropFuzz
import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Foundation
import Testing

/// Issue 33: exact twists from the initial pose ask for a snap window's edge (±5°), a half turn
/// (±180°) and a turn and a half (±540°) bit for bit, through the recognizer's atan2 reading of
/// the fingers.
@Suite struct ExactTwistTests {
    /// The exact twists among generated traces: a pinch step whose first finger stays put and
    /// whose second lands straight below or above it, 100 pt away, and circles it there.
    static let twists: [(trace: Trace, fingers: [FingerTrack])] = BoundaryGenerationTests.traces(count: 6000).compactMap
    { t in
        guard t.config.allowRotation, let first = t.steps.first, first.kind == .pinch else { return nil }
        let f = first.fingers
        guard f.count == 2, f[0].samples.count == 2, let a = f[0].samples.first?.point,
            let b = f[1].samples.first?.point,
            b.x == a.x, abs(b.y - a.y) == 100,
            f[1].samples.allSatisfy({ abs(hypot($0.point.x - a.x, $0.point.y - a.y) - 100) < 1e-9 })
        else { return nil }
        return (t, f)
    }

    /// How far the fingers turned, read as the recognizer reads it: atan2 of the second finger
    /// from the first, in degrees, each change taken within ±180° and added up.
    static func turned(_ f: [FingerTrack]) -> Double {
        let still = f[0].samples[0].point
        let directions = f[1].samples.map { s -> Double in
            let d = s.point - still
            return atan2(d.y, d.x) * 180 / .pi
        }
        return zip(directions, directions.dropFirst()).reduce(0) { $0 + Turn.normalized($1.1 - $1.0) }
    }

    @Test func theFingersTurnByTheThresholdPlusTheGoalExactly() {
        let totals = Self.twists.map { Self.turned($0.fingers) }
        let goals = [15.0, -15, 190, -190, 550, -550]
        for goal in goals {
            #expect(
                totals.filter { $0 == goal }.count >= 2,
                "\(totals.filter { $0 == goal }.count) twists turn exactly \(goal)°")
        }
        #expect(totals.allSatisfy { goals.contains($0) }, "\(totals)")
    }

    /// Run through the simulator and the reference editor, a twist to the window's edge holds the
    /// photo at exactly ±5° (where the tilt limit allows it), and a half turn or a turn and a half
    /// at exactly 180° (where the zoom range frees the tilt); all pass the oracle.
    @Test func theEditorHoldsTheExactAngle() {
        func exactly(_ angles: Set<Double>) -> ExtraProperty {
            ExtraProperty(name: "exact angle") { run in
                run.frames.first { angles.contains($0.pose.angle) }.map { ($0.tick, "at \($0.pose.angle)°") }
            }
        }
        var seen: [Double: Int] = [:]
        for (trace, fingers) in Self.twists {
            let total = Self.turned(fingers)
            let goal: Set<Double> = abs(total) == 15 ? [5, -5] : [180, -180]
            let verdict = TraceJudge(extra: [exactly(goal)]).check(trace, replay: true, text: true)
            if case .extra? = verdict.failure?.kind { seen[total, default: 0] += 1; continue }
            #expect(verdict.failure == nil, "\(verdict.failure?.message ?? "")")
        }
        #expect(seen[15, default: 0] + seen[-15, default: 0] >= 2, "\(seen)")
        #expect(seen[190, default: 0] + seen[-190, default: 0] >= 1, "\(seen)")
        #expect(seen[550, default: 0] + seen[-550, default: 0] >= 1, "\(seen)")
    }

    /// The scenario text keeps the off-grid finger positions bit for bit.
    @Test func theTextKeepsTheTwist() throws {
        for (trace, _) in Self.twists.prefix(10) {
            let parsed = try ScenarioWriter.scenario(trace, id: "t")
            #expect(ScenarioBuilder.difference(ScenarioBuilder.scenario(trace, id: "t"), parsed) == nil)
            #expect(!trace.hasMirrorImage)
        }
    }
}
