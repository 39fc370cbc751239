/// What one scenario may cost, checked when it is parsed — so `validate` reports an overrun with
/// its place, and nothing runs that would exhaust memory or time. Each limit is far above what
/// the suite (at most 7 steps, 6 s, 426 touch samples, 3 fingers, 3 KB) needs, and sized for the
/// longest trace a designer records in the studio: five minutes (issue 36), with a minute to
/// spare. Together they keep a run of the largest scenario within 128 MiB of memory (measured in
/// docs/scenarios.md, which lists them).
public enum ScenarioBudget {
    /// Bytes in one scenario file. Larger files are refused by size, before they are read. Six
    /// minutes of two fingers held down, recorded at 120 Hz, is about 6 MB of canonical JSON.
    public static let maxFileBytes = 8 << 20
    /// Seconds of simulated input: the end of the last step or the last checkpoint. 360 s is
    /// 21,600 ticks at 60 Hz; the run then settles for at most 20 s more. The studio's recording
    /// ends a second before it.
    public static let maxSeconds = 360.0
    public static let maxSteps = 1_000
    /// Fingers in one `touches` step: two hands.
    public static let maxFingers = 10
    /// Touch samples the steps produce, synthesized and recorded together: six minutes of two
    /// fingers at 120 Hz (86,400), with room to spare.
    public static let maxTouchSamples = 100_000
}

extension Action {
    /// How many touch samples the trace synthesizer produces for this action at `rate` samples a
    /// second: a down and an up per finger, and one sample per 1/rate s of movement.
    func touchSamples(rate: Int) -> Int {
        func moves(_ duration: Double) -> Int { max(1, Int((duration * Double(rate)).rounded(.up))) }
        switch self {
        case .drag(let d): return moves(d.duration) + 2
        case .pinch(let p): return 2 * (moves(p.duration) + 2)
        case .twoFingerDrag(let d): return 2 * (moves(d.duration) + 2)
        case .tap, .longTouch: return 2
        case .doubleTap: return 4
        case .touches(let tracks): return tracks.reduce(0) { $0 + $1.touchSamples(rate: rate) }
        case .slider, .increment, .decrement, .recenter, .rotate90, .resize, .reduceMotion, .memoryWarning,
            .cancelTouches,
            .confirm, .cancel, .retry:
            return 0
        }
    }
}

extension TouchTrack {
    func touchSamples(rate: Int) -> Int {
        switch body {
        case .samples(let samples): return samples.count
        case .actions(let actions):
            return actions.reduce(0) { count, action in
                switch action {
                case .move(_, let duration): count + max(1, Int((duration * Double(rate)).rounded(.up)))
                case .pause: count
                case .down, .up, .cancel: count + 1
                }
            }
        }
    }
}
