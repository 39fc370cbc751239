import CropSim
import CropVocabulary

/// What fingers can do on the glass (issue 32). The plausible profiles (every built-in one but
/// `hostile`) draw, and so shrink, only touches within these bounds: a find whose repro has two
/// fingers on one point, a span ×161 in one frame or a finger 5,000 pt off the screen overstates
/// the bug, and an engineer dismisses it. docs/fuzzing.md#plausible-touches says why each is
/// what it is.
public enum TouchBounds {
    /// Two fingers on the glass at once have their contact centres at least this far apart, in
    /// points: about 7 mm on a phone (0.17 mm/pt) and 8 mm on an iPad, below the narrowest pair
    /// of fingertips pressed together (a fingertip's contact is 8–10 mm across).
    public static let fingertip = 40.0

    /// A finger moves at most this fast, in points per millisecond: 8,000 pt/s, Android's
    /// platform maximum fling velocity (8,000 dp/s, `ViewConfiguration`), about 1.4 m/s on a
    /// phone. Per 60 Hz frame that is 133 pt per finger, so a span changes by at most 267 pt a
    /// frame: from the closest fingertips (40 pt) at most ×7.7, never ×161.
    public static let maxSpeed = 8.0

    /// One finger's samples are at least one touch period apart, in whole milliseconds rounded
    /// down: 16 at 60 Hz, 8 at 120 Hz. The hardware reports each finger once per scan.
    public static func samplePeriod(touchRate: Int) -> Int { 1000 / max(1, touchRate) }
}

extension Trace {
    /// The view each step was drawn against: the opening view, changed by every resize listed
    /// before the step. A finger is on the screen when it is inside its step's view.
    public var stepViews: [Size] {
        var view = self.view
        return steps.map { step in
            defer { if case .resize(let size) = step.action { view = size } }
            return view
        }
    }
}
