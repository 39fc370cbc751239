import CropVocabulary

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
    /// Cover scale: the smallest zoom at which the image covers the output square, at `angle`.
    public let sMin: Double
    /// The largest zoom at which the visible crop still has outputSize × q pixels per side.
    public let sQuality: Double
    /// The largest zoom at which a point still holds minPixelPerPoint image pixels (σ / s ≥ ρ).
    public let sDensity: Double
    /// min(s_min × maxZoomMultiplier, s_quality, s_density) with s_min at 0°, raised to s_min
    /// (at `angle`) when below it.
    public let sMax: Double
    /// The turn these limits are for (degrees, `Pose.angle`); the editor asks for the geometry at
    /// a pose's angle with `turned(to:)`. Tips and caps (`zoomLimited`, `lowDensity`,
    /// `bindingCap`) describe the photo and stay those of 0°.
    public let angle: Double
    /// s_min and s_max at 0°.
    public let uprightSMin: Double
    public let uprightSMax: Double
    /// How far from a quarter turn the photo may turn, in degrees (45 = any angle): turning
    /// raises s_min by |cos θ| + |sin θ|, and the turn stops where that reaches s_max at 0°, so
    /// rotation never zooms past the quality and density caps (docs/rotation.md).
    public let maxTilt: Double
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
        let oriented = source.orientation.orientedSize(
            storedWidth: source.storedWidth, storedHeight: source.storedHeight)
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
        angle = 0
        uprightSMin = sMin
        uprightSMax = sMax
        maxTilt = config.allowRotation ? Self.maxTilt(zoomRange: sMax / sMin) : 0
    }

    /// The same photo, view and config with the photo turned by `degrees`: s_min grows by
    /// |cos θ| + |sin θ|, s_max stays (raised to s_min where the turn passes it).
    public func turned(to degrees: Double) -> ZoomGeometry {
        degrees == angle ? self : ZoomGeometry(copying: self, angle: degrees)
    }

    private init(copying g: ZoomGeometry, angle degrees: Double) {
        source = g.source; viewport = g.viewport; config = g.config
        orientedWidth = g.orientedWidth; orientedHeight = g.orientedHeight; maskDiameter = g.maskDiameter
        sQuality = g.sQuality; sDensity = g.sDensity; zoomLimited = g.zoomLimited; lowDensity = g.lowDensity
        bindingCap = g.bindingCap; uprightSMin = g.uprightSMin; uprightSMax = g.uprightSMax; maxTilt = g.maxTilt
        angle = degrees
        (sMin, sMax) = g.zoomRange(at: Turn(degrees: degrees))
    }

    /// s_min and s_max at a turn, without building the turned geometry: the clamp asks on every
    /// pose update, and a turned geometry would copy this whole struct each time.
    @inline(__always) func zoomRange(at turn: Turn) -> (sMin: Double, sMax: Double) {
        if turn.degrees == angle { return (sMin, sMax) }
        let low = uprightSMin * turn.coverFactor
        return (low, max(low, uprightSMax))
    }

    /// The largest tilt φ from a quarter turn with √2·sin(φ + 45°) ≤ s_max/s_min: where the
    /// turned square's bounding box needs exactly the zoom range the photo has.
    static func maxTilt(zoomRange r: Double) -> Double {
        guard r < 2.squareRoot() else { return 45 }
        return max(0, Double.asin(r / 2.squareRoot()) * 180 / .pi - 45)
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

    /// The largest |u.x| and |u.y| that keep the output square covered at zoom `s`, where
    /// u = R(−θ)·t is the translation seen along the photo's own axes: (disp − D·(|cos θ| + |sin θ|)) / 2,
    /// never negative (at s_min the short side fits exactly, up to rounding). At 0° u = t.
    public func panLimit(scale s: Double) -> Point { panLimit(scale: s, turn: Turn(degrees: angle)) }

    @inline(__always) func panLimit(scale s: Double, turn: Turn) -> Point {
        let disp = displayedSize(scale: s)
        let box = maskDiameter * turn.coverFactor
        return Point(x: max(0, (disp.width - box) / 2), y: max(0, (disp.height - box) / 2))
    }

    /// Side of the visible crop in upright source pixels at zoom `s`: D·σ / s.
    @inlinable public func cropSide(scale s: Double) -> Double { maskDiameter * viewport.screenScale / s }

    /// The crop under the mask, in upright source pixels: a square of side D·σ/s centered at the
    /// image center minus the translation converted to pixels. Not clamped, so that an invariant
    /// checking "inside the source" tests the pose and not this function.
    /// With a turn, this is the square before the turn; the output is this square turned by −θ
    /// about its center (`CropRequest.angle`).
    @inlinable public func cropRect(for pose: Pose) -> Rect {
        let side = cropSide(scale: pose.scale)
        let pixelsPerPoint = viewport.screenScale / pose.scale
        let u = Turn(degrees: pose.angle).invert(pose.translation)
        let cx = orientedWidth / 2 - u.x * pixelsPerPoint
        let cy = orientedHeight / 2 - u.y * pixelsPerPoint
        return Rect(x: cx - side / 2, y: cy - side / 2, width: side, height: side)
    }

    /// The same crop on the stored, un-oriented grid, which is what a decoder reads.
    @inlinable public func storedCropRect(for pose: Pose) -> Rect { storedRect(of: cropRect(for: pose)) }

    /// An upright rect on the stored grid (the observation has the crop already).
    @inlinable public func storedRect(of uprightRect: Rect) -> Rect {
        source.orientation.storedRect(
            fromOriented: uprightRect, storedWidth: Double(source.storedWidth),
            storedHeight: Double(source.storedHeight))
    }

    /// R5.5 as decided in docs/editor-model.md: the crop must hold outputSize × q pixels per side,
    /// or, for photos too small for that, everything the short side has (which s_min guarantees).
    public func isConfirmable(_ pose: Pose) -> Bool {
        let required = min(Double(config.outputSize) * config.qualityMultiplier, min(orientedWidth, orientedHeight))
        return cropSide(scale: pose.scale) >= required * (1 - Tolerance.relative)
    }

    /// Clamps a requested pose: the turn into its tilt window (around `home`, a quarter turn, or
    /// the nearest one), then zoom into [s_min, s_max] at that turn, then translation into the
    /// pan bounds *at the clamped zoom* — a rectangle along the photo's axes, so for a turned
    /// photo the projection onto it is a clamp in the photo's frame — and reports which limits
    /// cut the request.
    ///
    /// `on` is `limits(at: pose)` for the clamped pose, from the zoom range and pan bounds the
    /// clamp has already worked out. The editor needs it after a push (which engages the sides
    /// it sits on) and after a gesture change or an animation frame (which re-arm by them);
    /// asking `limits(at:)` would work them out again, through a call that copies the whole
    /// geometry first. For callers that ignore it, it is unused code the optimizer may drop.
    ///
    /// Always inlined: the editor calls it from its mutating methods on every pose update, where a
    /// call copies the whole geometry into its argument first.
    @inline(__always) public func clamp(_ requested: Pose, home: Double? = nil) -> (
        pose: Pose, cut: LimitSet, on: LimitSet
    ) {
        var cut = LimitSet()
        var angle = requested.angle
        if angle != 0 {
            angle = Turn.normalized(angle)
        }
        if angle != 0 || home != nil, maxTilt < 45 {
            let quarter = home ?? Turn.nearestQuarter(angle)
            let tilt = Turn.normalized(angle - quarter)
            if abs(tilt) > maxTilt {
                if abs(tilt) > maxTilt + Tolerance.degrees { cut.insert(tilt < 0 ? .tiltMin : .tiltMax) }
                angle = Turn.normalized(quarter + (tilt < 0 ? -maxTilt : maxTilt))
            }
        }
        let turn = Turn(degrees: angle)
        let (sMin, sMax) = zoomRange(at: turn)
        var s = requested.scale
        if s < sMin {
            if s < sMin * (1 - Tolerance.relative) { cut.insert(.zoomMin) }
            s = sMin
        } else if s > sMax {
            if s > sMax * (1 + Tolerance.relative) { cut.insert(.zoomMax) }
            s = sMax
        }
        let limit = panLimit(scale: s, turn: turn)
        let u = turn.invert(requested.translation)
        let x = Self.clamp(u.x, limit.x, low: .panMinX, high: .panMaxX, &cut)
        let y = Self.clamp(u.y, limit.y, low: .panMinY, high: .panMaxY, &cut)
        let panCut = x != u.x || y != u.y
        let t = panCut ? turn.apply(Point(x: x, y: y)) : requested.translation
        // As `limits(at:)` reads the result: its translation along the photo's axes. That is `u`
        // when the pan was not cut; a cut one is turned back, rounding and all.
        let on = sides(scale: s, along: panCut ? turn.invert(t) : u, turn: turn, range: (sMin, sMax), limit: limit)
        return (Pose(scale: s, translation: t, angle: angle), cut, on)
    }

    private static func clamp(_ v: Double, _ limit: Double, low: LimitSet, high: LimitSet, _ cut: inout LimitSet)
        -> Double
    {
        guard abs(v) > limit else { return v }
        if abs(v) > limit + Tolerance.points { cut.insert(v < 0 ? low : high) }
        return v < 0 ? -limit : limit
    }

    /// Which sides a pose sits on (within tolerance), regardless of how it got there. Where an
    /// axis has no range (s_max = s_min, or the short side at s_min) the pose sits on both.
    /// Pan sides are along the photo's axes (u = R(−θ)·t).
    @inline(__always) public func limits(at pose: Pose) -> LimitSet {
        let turn = Turn(degrees: pose.angle)
        return sides(
            scale: pose.scale, along: turn.invert(pose.translation), turn: turn, range: zoomRange(at: turn),
            limit: panLimit(scale: pose.scale, turn: turn))
    }

    /// `limits(at:)` for a pose of zoom `s`, translation `u` along the photo's axes and turn
    /// `turn`, given the zoom range and pan bounds there (`clamp` has them already).
    @inline(__always) func sides(
        scale s: Double, along u: Point, turn: Turn, range: (sMin: Double, sMax: Double),
        limit: Point
    ) -> LimitSet {
        var on = LimitSet()
        if s <= range.sMin * (1 + Tolerance.relative) { on.insert(.zoomMin) }
        if s >= range.sMax * (1 - Tolerance.relative) { on.insert(.zoomMax) }
        if u.x <= -limit.x + Tolerance.points { on.insert(.panMinX) }
        if u.x >= limit.x - Tolerance.points { on.insert(.panMaxX) }
        if u.y <= -limit.y + Tolerance.points { on.insert(.panMinY) }
        if u.y >= limit.y - Tolerance.points { on.insert(.panMaxY) }
        if config.allowRotation, maxTilt < 45 {
            let tilt = Turn.tilt(turn.degrees)
            if tilt <= -maxTilt + Tolerance.degrees { on.insert(.tiltMin) }
            if tilt >= maxTilt - Tolerance.degrees { on.insert(.tiltMax) }
        }
        return on
    }
}

/// Floating-point slack used by clamps and checks alike, so they agree on what "at the limit" is.
public enum Tolerance {
    /// For zoom, relative to the limit.
    public static let relative = 1e-9
    /// For translations, in points.
    public static let points = 1e-7
    /// For the photo's turn, in degrees.
    public static let degrees = 1e-9
}
