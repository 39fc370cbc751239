import CropModel
import CropScenario
import CropVocabulary

/// The metamorphic mirror check, one for the suite (`"metamorphic": ["mirror"]`) and the fuzzer
/// (every trace with a mirror image): a scenario reflected left to right (`Scenario.mirrored`)
/// must end in the reflected pose — the same scale and ty, the negated tx and turn.
public enum MirrorCheck {
    /// Relative tolerance for the two final poses.
    public static let tolerance = 1e-6

    /// The mirrored scenario's run, and what its final pose does not mirror (nil when it does, or
    /// when either run has no final pose).
    public struct Outcome: Sendable {
        public var mirrored: RunResult
        public var difference: String?
    }

    /// Runs `scenario.mirrored` with `run`, without frames or timing (only the final pose is
    /// compared), and compares where it ends with `pose`, where `scenario` ended.
    public static func check(
        _ scenario: Scenario, endedAt pose: Pose?, options: Simulator.Options,
        run: (Scenario, Simulator.Options) -> RunResult
    ) -> Outcome {
        var o = options
        o.recordFrames = false
        o.measureTiming = false
        let mirrored = run(scenario.mirrored, o)
        guard let pose, let end = mirrored.final?.observation.pose else {
            return Outcome(mirrored: mirrored, difference: nil)
        }
        return Outcome(mirrored: mirrored, difference: difference(pose, end))
    }

    /// Nil when `mirrored` is `pose` reflected; otherwise what differs.
    public static func difference(_ pose: Pose, _ mirrored: Pose) -> String? {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        var problems: [String] = []
        if !close(pose.scale, mirrored.scale) { problems.append("scale \(pose.scale) vs \(mirrored.scale)") }
        if !close(pose.translation.x, -mirrored.translation.x) {
            problems.append("tx \(pose.translation.x) vs −(\(mirrored.translation.x))")
        }
        if !close(pose.translation.y, mirrored.translation.y) {
            problems.append("ty \(pose.translation.y) vs \(mirrored.translation.y)")
        }
        if !close(Turn.normalized(pose.angle + mirrored.angle), 0) {
            problems.append("angle \(pose.angle) vs −(\(mirrored.angle))")
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}
