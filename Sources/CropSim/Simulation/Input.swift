import CropScenario
import CropVocabulary

/// One timed input of a run: a touch sample or a system/accessibility action.
///
/// Times are integer microseconds so that "due at tick k" is an exact integer comparison:
/// an input at `t` µs is applied at the first tick `k` with `t × 60 ≤ k × 1 000 000`.
public struct Input: Sendable {
    public enum Kind: Sendable {
        case touch(finger: Int, point: Point, phase: TouchPhase)
        /// The action of scenario step `step`. Kept out of line so that an input is a small
        /// plain value: the simulator copies one per touch sample.
        case system
    }

    public var time: Int64
    public var kind: Kind
    /// Index of the scenario step that produced it; ties in time keep step order.
    public var step: Int

    public init(time: Int64, kind: Kind, step: Int) {
        self.time = time
        self.kind = kind
        self.step = step
    }

    /// The tick an input at `time` µs is applied at.
    public static func tick(forMicroseconds time: Int64) -> Int {
        let perSecond = Int64(TickClock.ticksPerSecond)
        return Int((time * perSecond + 999_999) / 1_000_000)
    }

    public var tick: Int { Self.tick(forMicroseconds: time) }

    /// Order among inputs at the same instant: moves and system events, then lifts, then landings.
    var rank: Int {
        switch kind {
        case .touch(_, _, .down): 2
        case .touch(_, _, .up), .touch(_, _, .cancel): 1
        default: 0
        }
    }

    /// A touch's finger and instant, to find a finger with several samples at one instant.
    var fingerInstant: FingerInstant? {
        guard case .touch(let finger, _, _) = kind else { return nil }
        return FingerInstant(finger: finger, time: time)
    }

    struct FingerInstant: Hashable {
        var finger: Int
        var time: Int64
    }

    public static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
}
