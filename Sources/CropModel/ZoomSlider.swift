import CropVocabulary
import RealModule

/// The accessibility zoom slider (R4.2): 0–100 % onto [s_min, s_max], logarithmically.
///
/// Equal slider steps then multiply the zoom by equal factors, which is how zoom is perceived;
/// a linear mapping would spend most of the slider's travel on the last doubling.
public enum ZoomSlider {
    /// One VoiceOver increment or decrement.
    public static let step = 10.0

    /// A range narrower than the shared tolerance is collapsed: at the tilt limit s_min(θ) meets
    /// s_max by construction, and which side of it rounding lands on must not decide whether an
    /// increment moves the photo or presses against the end (docs/rotation.md).
    static func isCollapsed(_ g: ZoomGeometry) -> Bool { g.sMax <= g.sMin * (1 + Tolerance.relative) }

    public static func percent(for scale: Double, in g: ZoomGeometry) -> Double {
        guard !isCollapsed(g) else { return 0 }
        let p = 100 * Double.log(scale / g.sMin) / Double.log(g.sMax / g.sMin)
        return min(max(p, 0), 100)
    }

    /// The zoom at `percent`, which may lie outside 0–100 (an increment past the end); the
    /// caller clamps.
    public static func scale(for percent: Double, in g: ZoomGeometry) -> Double {
        guard !isCollapsed(g) else { return percent > 100 ? g.sMax * 2 : percent < 0 ? g.sMin / 2 : g.sMin }
        return g.sMin * Double.exp(percent / 100 * Double.log(g.sMax / g.sMin))
    }
}
