import CropVocabulary

/// The oracle's tolerances, one set for every property (docs/oracle.md says why each is what it is).
///
/// The model snaps clamps to the exact bound and counts a request as cut only past 1e-9 relative
/// (zoom) or 1e-7 pt (translation). The oracle computes the same quantities by other formulas, so
/// it allows a hundred to a thousand times that before calling a difference a bug: far below
/// anything a user could see (a millionth of a point), far above rounding.
public enum SpecTolerance {
    /// Zoom, relative.
    public static let zoom = 1e-9
    /// Translations, in points (plus `zoom` × the magnitude, for large translations).
    public static let points = 1e-6
    /// Pixel rects, relative to the image's long side.
    public static let pixels = 1e-6
    /// Slider percent.
    public static let percent = 1e-6
    /// A request must pass a limit by this much (points, or relative for zoom) before its light
    /// impact is obligatory: near the bound either answer is right. Ten times the model's own
    /// 1e-7 pt for a pan, a thousand times its 1e-9 for a zoom.
    public static let push = 1e-6
    /// For the photo's turn, in degrees.
    public static let degrees = 1e-7
    /// A target deviation smaller than this many device pixels is *sub-pixel*: reported apart, and
    /// failing only under `--fail-sub-pixel` (docs/oracle.md#sub-pixel). A quarter of a device
    /// pixel: an edge displaced by it changes an anti-aliased pixel's coverage by at most a
    /// quarter, below what a person sees on a retina screen and of the order of the last jump a
    /// settling spring makes onto its end (docs/oracle.md#sub-pixel) — yet 10⁵ times `points`, so
    /// a deviation between the two is a real difference that no one can see. Safety is never
    /// softened by it.
    public static let subPixel = 0.25

    /// Whether two poses are equal within the tolerances.
    @inline(__always) static func same(_ a: Pose, _ b: Pose) -> Bool {
        abs(a.scale - b.scale) <= zoom * max(abs(a.scale), abs(b.scale))
            && abs(a.translation.x - b.translation.x) <= points * (1 + max(abs(a.translation.x), abs(b.translation.x)))
            && abs(a.translation.y - b.translation.y) <= points * (1 + max(abs(a.translation.y), abs(b.translation.y)))
            && abs(SpecGeometry.wrap(a.angle - b.angle)) <= degrees
    }
}

extension Pose {
    /// For messages: scale and translation with enough digits to see a difference.
    var specDescription: String {
        "scale \(scale), t (\(translation.x), \(translation.y))" + (angle == 0 ? "" : ", angle \(angle)°")
    }
}
