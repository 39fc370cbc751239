import CropVocabulary

/// The spec's "Zoom & Pan Math" for one upright photo in one view.
///
/// Translations are offsets of the image center from the mask center, in view points; the mask
/// is centered in the view.
struct CropGeometry: Sendable {
    /// The upright photo in pixels (R9.1: EXIF 5–8 swap the stored width and height).
    let width: Double
    let height: Double
    /// σ, pixels per point.
    let screenScale: Double
    let view: Size
    /// The mask's diameter D in points.
    let mask: Double
    let sMin: Double
    let sMax: Double
    let sQuality: Double
    /// R8.4: the capped maximum is not above s_min, so s_max = s_min.
    let zoomLimited: Bool
    /// σ / s_min under `minPixelPerPoint`: the photo opens with a notice.
    let lowDensity: Bool
    /// R10.2: the quality cap is the one that binds.
    let qualityClampEngaged: Bool
    /// The range is too narrow for the slider to move in.
    let collapsed: Bool

    init(width: Double, height: Double, screenScale σ: Double, view: Size, config: AvatarCropperConfig) {
        self.width = width
        self.height = height
        self.screenScale = σ
        self.view = view
        let d = config.maskDiameterFraction * min(view.width, view.height)
        mask = d
        let cover = max(d / (width / σ), d / (height / σ))
        sMin = cover
        sQuality = (d * σ) / (Double(config.outputSize) * config.qualityMultiplier)
        // Policy densityCap everyZoom: σ / s ≥ minPixelPerPoint caps every zoom, so s_max too.
        let sDensity = σ / config.minPixelPerPoint
        let cap = min(cover * config.maxZoomMultiplier, sQuality, sDensity)
        zoomLimited = cap <= cover
        sMax = zoomLimited ? cover : cap
        lowDensity = σ / cover < config.minPixelPerPoint
        qualityClampEngaged = sQuality < min(cover * config.maxZoomMultiplier, sDensity)
        collapsed = sMax <= cover * (1 + Tuning.collapsedRange)
    }

    /// The mask center in view points.
    var center: Point { view.center }

    /// The largest |tx| and |ty| at zoom s: (disp − D) / 2 per axis, never negative.
    func panLimit(_ s: Double) -> Point {
        Point(x: max(0, (width / screenScale * s - mask) / 2), y: max(0, (height / screenScale * s - mask) / 2))
    }

    func clampScale(_ s: Double) -> Double { clamped(s, sMin, sMax) }

    /// R8.2, R8.3: the zoom into [s_min, s_max], then the translation into the pan limits there.
    func clamp(scale: Double, tx: Double, ty: Double) -> Pose {
        let s = clampScale(scale)
        let limit = panLimit(s)
        return Pose(scale: s, translation: Point(x: clamped(tx, -limit.x, limit.x), y: clamped(ty, -limit.y, limit.y)))
    }

    /// Zoom to s keeping the image point under `anchor` (an offset from the mask center) in
    /// place, then clamp.
    func anchored(_ pose: Pose, to scale: Double, at anchor: Point) -> Pose {
        let s = clampScale(scale)
        let q = (anchor - pose.translation) / pose.scale
        return clamp(scale: s, tx: anchor.x - q.x * s, ty: anchor.y - q.y * s)
    }

    /// The square under the mask in upright source pixels.
    func cropRect(_ pose: Pose) -> Rect {
        let k = screenScale / pose.scale
        let side = mask * k
        return Rect(
            x: width / 2 - pose.translation.x * k - side / 2, y: height / 2 - pose.translation.y * k - side / 2,
            width: side, height: side)
    }

    /// R2.3: the first rung above the current zoom, or back to 1.0× after the top.
    func nextRung(after s: Double) -> Double {
        let rungs = Tuning.ladder.map { clampScale(sMin * $0) } + [sMax]
        return rungs.filter { $0 > s * (1 + Tuning.rungTolerance) }.min() ?? sMin
    }

    // Policy sliderMapping linear: 0–100 % maps linearly onto [s_min, s_max].

    func sliderScale(_ percent: Double) -> Double {
        if collapsed { return percent > 100 ? sMax * 2 : percent < 0 ? sMin / 2 : sMin }
        return sMin + percent / 100 * (sMax - sMin)
    }

    func sliderPercent(_ s: Double) -> Double {
        if collapsed { return 0 }
        return clamped(100 * (s - sMin) / (sMax - sMin), 0, 100)
    }
}
