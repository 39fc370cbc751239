/// Everything the spec's "Zoom & Pan Math" derives from one photo, one view and one config.
///
/// Scale `s` is display points per *upright* source pixel times σ: at `s = 1` a pixel of the photo
/// covers exactly one device pixel. All math uses the upright (oriented) size (R9.1).
public struct ZoomGeometry: Hashable, Sendable, Codable {
    public let source: SourceImage
    public let viewport: Viewport
    public let config: AvatarCropperConfig

    /// Upright size in pixels: stored size with width and height swapped for orientations 5–8.
    public let orientedWidth: Double
    public let orientedHeight: Double
    /// D = maskDiameterFraction × min(view width, view height), in points.
    public let maskDiameter: Double
    /// Cover scale: the smallest zoom at which the image covers the mask.
    public let sMin: Double
    /// The largest zoom at which the visible crop still has outputSize × q pixels per side.
    public let sQuality: Double
    /// The largest zoom at which a point still holds minPixelPerPoint image pixels (σ / s ≥ ρ).
    public let sDensity: Double
    /// min(s_min × maxZoomMultiplier, s_quality, s_density), raised to s_min when below it.
    public let sMax: Double
    /// True when s_max collapsed onto s_min: the "Zoom limited by photo quality" tip shows once.
    public let zoomLimited: Bool
    /// True when even s_min gives fewer than minPixelPerPoint pixels per point: accepted, with a warning.
    public let lowDensity: Bool

    /// Which cap decides s_max; telemetry reports whether the quality clamp engaged (R10.2).
    public enum Cap: String, Hashable, Sendable, Codable {
        case maxZoomMultiplier, quality, density, cover
    }
    public let bindingCap: Cap

    public init(source: SourceImage, viewport: Viewport, config: AvatarCropperConfig) {
        self.source = source
        self.viewport = viewport
        self.config = config
        let oriented = source.orientation.orientedSize(storedWidth: source.storedWidth, storedHeight: source.storedHeight)
        let w = Double(oriented.width), h = Double(oriented.height)
        let sigma = viewport.screenScale
        let d = config.maskDiameterFraction * viewport.size.shortSide
        orientedWidth = w
        orientedHeight = h
        maskDiameter = d
        sMin = max(d / (w / sigma), d / (h / sigma))
        sQuality = (d * sigma) / (Double(config.outputSize) * config.qualityMultiplier)
        sDensity = sigma / config.minPixelPerPoint
        let byMultiplier = sMin * config.maxZoomMultiplier
        let cap = min(byMultiplier, sQuality, sDensity)
        if cap <= sMin {
            sMax = sMin
            zoomLimited = true
            bindingCap = .cover
        } else {
            sMax = cap
            zoomLimited = false
            bindingCap = cap == byMultiplier ? .maxZoomMultiplier : cap == sQuality ? .quality : .density
        }
        lowDensity = sigma / sMin < config.minPixelPerPoint
    }

    /// R10.2's "quality clamp engaged": s_quality is the tightest of the three caps, whether it
    /// sets s_max or pulls it down onto s_min.
    public var qualityClampEngaged: Bool { sQuality <= min(sMin * config.maxZoomMultiplier, sDensity) }

    /// Where the editor opens: s_min × 1.05, never past s_max, centered.
    public var initialPose: Pose { Pose(scale: min(sMin * 1.05, sMax), translation: .zero) }

    /// Displayed image size in points at zoom `s`: (W / σ) × s by (H / σ) × s.
    public func displayedSize(scale s: Double) -> Size {
        Size(width: orientedWidth / viewport.screenScale * s, height: orientedHeight / viewport.screenScale * s)
    }

    /// Image pixels per view point at zoom `s`.
    public func pixelsPerPoint(scale s: Double) -> Double { viewport.screenScale / s }

    /// The largest |tx| and |ty| that keep the mask covered at zoom `s`: (disp − D) / 2, never
    /// negative (at s_min the short side fits exactly, up to rounding).
    public func panLimit(scale s: Double) -> Point {
        let disp = displayedSize(scale: s)
        return Point(x: max(0, (disp.width - maskDiameter) / 2), y: max(0, (disp.height - maskDiameter) / 2))
    }

    /// Side of the visible crop in upright source pixels at zoom `s`: D·σ / s.
    public func cropSide(scale s: Double) -> Double { maskDiameter * viewport.screenScale / s }

    /// The crop under the mask, in upright source pixels: a square of side D·σ/s centered at the
    /// image center minus the translation converted to pixels. Not clamped, so that an invariant
    /// checking "inside the source" tests the pose and not this function.
    public func cropRect(for pose: Pose) -> Rect {
        let side = cropSide(scale: pose.scale)
        let pixelsPerPoint = viewport.screenScale / pose.scale
        let cx = orientedWidth / 2 - pose.translation.x * pixelsPerPoint
        let cy = orientedHeight / 2 - pose.translation.y * pixelsPerPoint
        return Rect(x: cx - side / 2, y: cy - side / 2, width: side, height: side)
    }

    /// The same crop on the stored, un-oriented grid, which is what a decoder reads.
    public func storedCropRect(for pose: Pose) -> Rect {
        source.orientation.storedRect(
            fromOriented: cropRect(for: pose),
            storedWidth: Double(source.storedWidth), storedHeight: Double(source.storedHeight))
    }

    /// R5.5 as decided in docs/editor-model.md: the crop must hold outputSize × q pixels per side,
    /// or, for photos too small for that, everything the short side has (which s_min guarantees).
    public func isConfirmable(_ pose: Pose) -> Bool {
        let required = min(Double(config.outputSize) * config.qualityMultiplier, min(orientedWidth, orientedHeight))
        return cropSide(scale: pose.scale) >= required * (1 - Tolerance.relative)
    }

    /// Clamps a requested pose: zoom into [s_min, s_max], then translation into the pan bounds
    /// *at the clamped zoom*, and reports which limits cut the request.
    public func clamp(_ requested: Pose) -> (pose: Pose, cut: LimitSet) {
        var cut: LimitSet = []
        var s = requested.scale
        if s < sMin {
            if s < sMin * (1 - Tolerance.relative) { cut.insert(.zoomMin) }
            s = sMin
        } else if s > sMax {
            if s > sMax * (1 + Tolerance.relative) { cut.insert(.zoomMax) }
            s = sMax
        }
        let limit = panLimit(scale: s)
        let x = Self.clamp(requested.translation.x, limit.x, low: .panMinX, high: .panMaxX, &cut)
        let y = Self.clamp(requested.translation.y, limit.y, low: .panMinY, high: .panMaxY, &cut)
        return (Pose(scale: s, translation: Point(x: x, y: y)), cut)
    }

    private static func clamp(_ v: Double, _ limit: Double, low: LimitSet, high: LimitSet, _ cut: inout LimitSet) -> Double {
        guard abs(v) > limit else { return v }
        if abs(v) > limit + Tolerance.points { cut.insert(v < 0 ? low : high) }
        return v < 0 ? -limit : limit
    }

    /// Which sides a pose sits on (within tolerance), regardless of how it got there. Where an
    /// axis has no range (s_max = s_min, or the short side at s_min) the pose sits on both.
    public func limits(at pose: Pose) -> LimitSet {
        var on: LimitSet = []
        if pose.scale <= sMin * (1 + Tolerance.relative) { on.insert(.zoomMin) }
        if pose.scale >= sMax * (1 - Tolerance.relative) { on.insert(.zoomMax) }
        let limit = panLimit(scale: pose.scale)
        if pose.translation.x <= -limit.x + Tolerance.points { on.insert(.panMinX) }
        if pose.translation.x >= limit.x - Tolerance.points { on.insert(.panMaxX) }
        if pose.translation.y <= -limit.y + Tolerance.points { on.insert(.panMinY) }
        if pose.translation.y >= limit.y - Tolerance.points { on.insert(.panMaxY) }
        return on
    }
}

/// Floating-point slack used by clamps and checks alike, so they agree on what "at the limit" is.
public enum Tolerance {
    /// For zoom, relative to the limit.
    public static let relative = 1e-9
    /// For translations, in points.
    public static let points = 1e-7
}
