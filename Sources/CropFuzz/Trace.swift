import CropScenario
import CropSim
import CropVocabulary

/// A generated session at touch level: what the generator makes, the mirror transforms and the
/// writer turns into a scenario file.
///
/// Times are integer milliseconds and coordinates sit on a quarter-point grid with whole-point
/// views, so the scenario text is short, round-trips exactly, and mirroring (`W − x`) is exact.
public struct Trace: Hashable, Sendable {
    public var view: Size
    public var screenScale: Double
    public var touchRate: Int
    public var reduceMotion: Bool
    public var photo: SourceImage
    public var config: AvatarCropperConfig
    public var steps: [TraceStep]
    /// What happens after confirm (R10–R12): the user and how the crop, each upload attempt and
    /// each profile update end. Nil: nothing is uploaded.
    public var backend: TraceBackend?

    /// Total number of fingers put down, and of touch samples.
    public var fingerCount: Int { steps.reduce(0) { $0 + $1.fingers.count } }
    public var sampleCount: Int { steps.reduce(0) { $0 + $1.fingers.reduce(0) { $0 + $1.samples.count } } }

    /// The view grows from its top-left origin, so mirroring is no symmetry once a resize falls
    /// between touches that belong together (a pinch in progress, the two taps of a double-tap, a
    /// hand-over's fingers; fuzzing found all three). Traces with a resize get every other check
    /// but not the mirror one (`Scenario.mirrored`).
    public var resizes: Bool {
        steps.contains { if case .resize = $0.action { true } else { false } }
    }

    /// Whether the mirror check applies: no resize (above), no 90° button, whose mirror image
    /// would be a counter-clockwise button the editor does not have, and every touch on the
    /// quarter-point grid: W − x is exact there, and off it (the exact gestures that aim at a
    /// limit) an ulp of difference can fall on the other side of the limit.
    public var hasMirrorImage: Bool {
        !steps.contains { step in
            switch step.action {
            case .resize, .rotate90: true
            case .touches(let fingers): fingers.contains { $0.samples.contains { !$0.point.isOnQuarterGrid } }
            default: false
            }
        }
    }

    /// The 60 Hz tick an input at `ms` milliseconds is applied at (as the simulator rounds it).
    static func tick(_ ms: Int) -> Int { Input.tick(forMicroseconds: Int64(ms) * 1000) }
}

public struct TraceStep: Hashable, Sendable {
    /// Milliseconds from the start of the session.
    public var start: Int
    /// What the generator meant (recorded as the step's note, and part of a failure's place).
    public var kind: InputKind
    public var action: TraceAction

    public var fingers: [FingerTrack] {
        if case .touches(let f) = action { f } else { [] }
    }

    public var endMilliseconds: Int { start + (fingers.compactMap { $0.samples.last?.time }.max() ?? 0) }
}

public enum TraceAction: Hashable, Sendable {
    case touches([FingerTrack])
    /// Percent of the zoom range; off whole numbers when aimed at a rung or an ulp from an end.
    case slider(percent: Double, animated: Bool)
    case increment(Int)
    case decrement(Int)
    case recenter
    case rotate90
    case resize(Size)
    case reduceMotion(Bool)
    case memoryWarning
    case cancelTouches
    case confirm
    /// The editor's Cancel button: the session ends without a crop.
    case cancel
    /// The user taps Retry after a failed crop or upload.
    case retry
}

/// A scripted backend for the after-confirm flow, in the scenario format's terms.
public struct TraceBackend: Hashable, Sendable {
    public struct Reply: Hashable, Sendable {
        /// `ok`, `fail`, `timeout`, `dropped` or an HTTP status.
        public var result: String
        public var latencyMs: Int
    }

    public var avatarVersion: Int
    public var crops: [Reply]
    public var uploads: [Reply]
    public var profileUpdates: [Reply]
}

/// One finger's samples: down, moves, then up or cancel.
public struct FingerTrack: Hashable, Sendable {
    public var samples: [TouchSample]
}

public struct TouchSample: Hashable, Sendable {
    /// Milliseconds after the step's start.
    public var time: Int
    public var point: Point
    public var phase: TouchPhase
}

extension Point {
    /// Both coordinates whole multiples of a quarter point.
    var isOnQuarterGrid: Bool { (x * 4).rounded() == x * 4 && (y * 4).rounded() == y * 4 }
}
