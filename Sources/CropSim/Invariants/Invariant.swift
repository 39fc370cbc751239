/// The properties checked on every tick (and, for the event-level ones, after every event).
///
/// To add one: add a case here with its doc comment, check it in `InvariantMonitor`, and give it
/// a scenario or test that breaks it on purpose.
public enum Invariant: String, CaseIterable, Sendable, Codable {
    /// Scale and translation are finite numbers.
    case finiteState
    /// s_min ≤ scale ≤ s_max (R8.2).
    case zoomInRange
    /// σ / scale ≥ minPixelPerPoint, unless the photo was accepted as low-density (R8.5).
    case density
    /// The mask circle lies inside the displayed image (R8.1, R8.3).
    case maskCovered
    /// The output square under the mask lies inside the upright source, in pixels.
    case outputSquareCovered
    /// The model's crop rect equals the one the spec's math gives, and its stored-grid version
    /// lies inside the stored image (orientation mapping, R9.1).
    case cropRectInSource
    /// At confirm the crop holds outputSize × q pixels per side, or all the photo has (R5.5).
    case confirmable
    /// A light impact fires only at its limit and not again before the pose has left it (R3.2).
    case hapticsEdgeTriggered
    /// The grid is hidden while a pan or pinch is active and back when it ends (R6.1–6.2).
    case gridHiddenDuringGestures
    /// "Pinch to zoom, drag to move" shows until the first gesture and never after (R6.4).
    case instructionsHiddenAfterFirstGesture
    /// Each tip or notice shows at most once (R8.4, R11.3).
    case tipsAtMostOnce
    /// Whenever s_max = s_min, the "Zoom limited by photo quality" tip has been shown (R8.4).
    case zoomLimitedTipShown
    /// During a pinch whose translation is not clamped, the image point under the fingers'
    /// centroid stays there, at the clamped scale (R2.2, gesture notes).
    case focalPointKept
    /// Beginning or ending a gesture (a hand-over between drag and pinch) never moves the image.
    case handOverWithoutJump
    /// No animation runs under Reduce Motion, and every animation settles within 10 s.
    case animatedFramesValid
    /// Every telemetry record holds numbers and booleans only: no path, id, URL or pixels (R10.3–10.4).
    case telemetryNumericOnly
    /// Uploads go to `avatars/users/{uid}/avatar_512.png` (or .jpg) with upsert and the right
    /// content type (R12.1–12.2).
    case uploadRequestValid
    /// Retries follow 0.5 s, 1 s, 2 s exactly, only after retryable failures, at most 4 attempts,
    /// one at a time (R12.5).
    case backoffAsSpecified
    /// The profile's path and version change together, the version by exactly one per update (R12.3).
    case profileAtomic
    /// A failed crop or upload leaves the user's crop exactly as confirmed (R11.2, R11.5).
    case editsKeptOnFailure
}

/// One broken invariant, with where and the numbers.
public struct Violation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var invariant: Invariant
    public var tick: Int
    /// Simulated seconds.
    public var time: Double
    public var message: String

    public var description: String {
        "\(invariant.rawValue) at tick \(tick) (t=\(formatSeconds(time)) s): \(message)"
    }
}

func formatSeconds(_ t: Double) -> String {
    let ms = Int((t * 1000).rounded())
    let frac = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
}
