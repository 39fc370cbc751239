import CropModel
import RealModule

/// The spec's "Zoom & Pan Math" and the documented editor decisions written out a second time,
/// from the raw inputs, for the oracle.
///
/// The duplication is deliberate: an oracle that called `ZoomGeometry`, `DoubleTapLadder` or
/// `ZoomSlider` would agree with every bug in them (width and height not swapped for orientations
/// 5–8, a density cap forgotten, a rung skipped). Keep this file a literal transcription of the
/// spec and of docs/editor-model.md, not a refactoring target.
public struct SpecGeometry: Sendable {
    /// Upright size in pixels (R9.1: all math on the image normalized to .up).
    public let width: Double
    public let height: Double
    public let sigma: Double
    /// D in points: maskDiameterFraction × min(view width, view height).
    public let maskDiameter: Double
    public let sMin: Double
    public let sQuality: Double
    public let sDensity: Double
    public let sMax: Double
    /// σ / s_min < minPixelPerPoint: the photo is accepted with a notice (docs/editor-model.md).
    public let lowDensity: Bool
    public let minPixelPerPoint: Double
    /// R5.5 with R1.2: outputSize × q, or the short side when the photo has fewer pixels.
    public let requiredCropSide: Double
    /// View center: gestures arrive in view points, the pose is measured from here.
    public let center: Point

    public init(source: SourceImage, viewport: Viewport, config: AvatarCropperConfig) {
        let turned = source.orientation.rawValue >= 5 // EXIF 5–8 turn the image a quarter
        width = Double(turned ? source.storedHeight : source.storedWidth)
        height = Double(turned ? source.storedWidth : source.storedHeight)
        sigma = viewport.screenScale
        let dpt = config.maskDiameterFraction * min(viewport.size.width, viewport.size.height)
        maskDiameter = dpt
        let cover = max(dpt / (width / sigma), dpt / (height / sigma))
        sMin = cover
        sQuality = (dpt * sigma) / (Double(config.outputSize) * config.qualityMultiplier)
        sDensity = sigma / config.minPixelPerPoint
        sMax = max(cover, min(cover * config.maxZoomMultiplier, sQuality, sDensity))
        minPixelPerPoint = config.minPixelPerPoint
        lowDensity = sigma / cover < config.minPixelPerPoint
        requiredCropSide = min(Double(config.outputSize) * config.qualityMultiplier, min(width, height))
        center = Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
    }

    /// s_max = s_min: the range collapsed (R8.4; "≤" because maxZoomMultiplier 1 gives equality).
    public var zoomLimited: Bool { sMax <= sMin }

    /// The largest |tx|, |ty| at zoom `s`: (disp − D)/2 with disp = (W/σ)·s, never negative.
    public func panLimit(_ s: Double) -> (x: Double, y: Double) {
        (max(0, (width / sigma * s - maskDiameter) / 2), max(0, (height / sigma * s - maskDiameter) / 2))
    }

    /// The crop square under the mask in upright source pixels: side D·σ/s, centered where the
    /// mask center falls on the image.
    public func crop(_ pose: Pose) -> Rect {
        let k = sigma / pose.scale
        let side = maskDiameter * k
        return Rect(x: width / 2 - pose.translation.x * k - side / 2,
                    y: height / 2 - pose.translation.y * k - side / 2, width: side, height: side)
    }

    /// The zoom clamped into [s_min, s_max].
    public func clampScale(_ s: Double) -> Double { min(max(s, sMin), sMax) }

    /// The pose with its zoom clamped, then its translation clamped at that zoom.
    public func clamp(_ pose: Pose) -> Pose {
        let s = clampScale(pose.scale)
        let l = panLimit(s)
        return Pose(scale: s, translation: Point(x: min(max(pose.translation.x, -l.x), l.x),
                                                 y: min(max(pose.translation.y, -l.y), l.y)))
    }

    /// The unscaled image point under view offset `p` (from the mask center) at `pose`: "anchored
    /// at" throughout the spec means this point stays under `p`.
    public static func imagePoint(_ pose: Pose, under p: Point) -> Point {
        Point(x: (p.x - pose.translation.x) / pose.scale, y: (p.y - pose.translation.y) / pose.scale)
    }

    /// The translation that shows unscaled image point `q` under view offset `p` at zoom `s`.
    public static func translation(showing q: Point, at p: Point, scale s: Double) -> Point {
        Point(x: p.x - q.x * s, y: p.y - q.y * s)
    }

    /// A zoom to `scale` from `pose` keeping the image point under offset `anchor`, then clamped:
    /// where every anchored discrete action (double-tap, slider, increment) must land.
    public func anchoredTarget(from pose: Pose, scale: Double, anchor: Point) -> Pose {
        let s = clampScale(scale)
        let q = Self.imagePoint(pose, under: anchor)
        return clamp(Pose(scale: s, translation: Self.translation(showing: q, at: anchor, scale: s)))
    }

    // MARK: Double-tap (R2.3)

    /// R2.3 / notes: "1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to s_min", from the
    /// current zoom: the first rung above it (levels within `rungTolerance` of each other or of the
    /// current zoom count as one), else back to 1.0×. Returns nil when the current zoom is within
    /// rounding of a rung boundary, where either answer is right.
    public func nextRung(after s: Double) -> Double? {
        let rungs = (sMin * 1.0, sMin * 1.5, sMin * 2.0, sMax)
        var best = Double.infinity
        var ambiguous = false
        for r in [rungs.0, rungs.1, rungs.2, rungs.3] {
            let level = clampScale(r)
            let above = level > s * (1 + Self.rungTolerance)
            if abs(level / s - 1 - Self.rungTolerance) < 1e-9 { ambiguous = true }
            if above { best = min(best, level) }
        }
        if ambiguous { return nil }
        return best.isFinite ? best : sMin
    }

    /// Two zoom levels closer than this (relative) are the same rung (docs/editor-model.md).
    public static let rungTolerance = 1e-6

    // MARK: Slider (R4.2)

    /// docs/editor-model.md decides the 0–100 % slider is logarithmic: s = s_min·(s_max/s_min)^(p/100).
    public func sliderScale(_ percent: Double) -> Double {
        guard sMax > sMin else { return percent > 100 ? sMax * 2 : percent < 0 ? sMin / 2 : sMin }
        return sMin * Double.exp(percent / 100 * Double.log(sMax / sMin))
    }

    /// The inverse: the percent the slider shows at zoom `s`, 0 when the range is collapsed.
    public func sliderPercent(_ s: Double) -> Double {
        guard sMax > sMin else { return 0 }
        return min(max(100 * Double.log(s / sMin) / Double.log(sMax / sMin), 0), 100)
    }

    /// One VoiceOver increment or decrement: one slider step of 10 % (notes: "one slider step").
    public static let sliderStep = 10.0

    // MARK: Where the pose sits

    /// Whether `pose` is on limit `side` within `slack` (relative × 1e-3 for zoom, points for pan).
    public func isOn(_ side: LimitSet, _ pose: Pose, slack: Double) -> Bool {
        switch side {
        case .zoomMin: return pose.scale <= sMin * (1 + slack * 1e-3)
        case .zoomMax: return pose.scale >= sMax * (1 - slack * 1e-3)
        case .panMinX: return pose.translation.x <= -panLimit(pose.scale).x + slack
        case .panMaxX: return pose.translation.x >= panLimit(pose.scale).x - slack
        case .panMinY: return pose.translation.y <= -panLimit(pose.scale).y + slack
        default: return pose.translation.y >= panLimit(pose.scale).y - slack
        }
    }
}
