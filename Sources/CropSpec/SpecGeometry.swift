import CropVocabulary
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
    /// `allowRotation`: without it the photo never turns.
    public let rotationAllowed: Bool
    /// The largest tilt from a quarter turn the photo can take (docs/rotation.md): where the turned
    /// square's bounding box, D·(|cos φ| + |sin φ|), needs all the zoom range s_max/s_min there
    /// is. Found from cos(45° − φ) = (s_max/s_min)/√2; 45° when the range allows any angle.
    public let maxTilt: Double

    /// The density gate holds on every frame and caps s_max (policy `densityCap`).
    public let densityEveryZoom: Bool
    /// A photo below the density at s_min gets the low-resolution notice; under policy
    /// `densityCap: collapseWhenLow` it gets no zoom range instead (and R8.4's tip).
    public let lowDensityNoticeOwed: Bool
    /// Policy `densityCap: collapseWhenLow` collapsed a range the Zoom & Pan Math left open:
    /// the user is owed one warning that zoom is limited, R8.4's tip or the low-resolution notice.
    public let densityCollapsed: Bool
    /// The slider's mapping (policy `sliderMapping`).
    public let slider: Policies.SliderMapping

    /// σ / s_min equals minPixelPerPoint within twice the shared tolerance: "below the minimum" is
    /// decided by the last bits of two formulas (or an editor's own tolerance), so an editor may
    /// read the photo as low or not, and both are right.
    public let densityOnKnifeEdge: Bool

    /// The geometry under `policies` (the spec's silences the editor decided: where the density
    /// gate holds, how the slider maps). `lowDensityReading` settles a knife edge (the editor's
    /// reading, seen at open); elsewhere the spec's `<` decides.
    public init(
        source: SourceImage, viewport: Viewport, config: AvatarCropperConfig, policies: Policies = .init(),
        lowDensityReading: Bool? = nil
    ) {
        let turned = source.orientation.rawValue >= 5  // EXIF 5–8 turn the image a quarter
        width = Double(turned ? source.storedHeight : source.storedWidth)
        height = Double(turned ? source.storedWidth : source.storedHeight)
        sigma = viewport.screenScale
        let dpt = config.maskDiameterFraction * min(viewport.size.width, viewport.size.height)
        maskDiameter = dpt
        let cover = max(dpt / (width / sigma), dpt / (height / sigma))
        sMin = cover
        sQuality = (dpt * sigma) / (Double(config.outputSize) * config.qualityMultiplier)
        sDensity = sigma / config.minPixelPerPoint
        densityEveryZoom = policies.densityCap == .everyZoom
        slider = policies.sliderMapping
        // Twice the shared tolerance: an editor comparing within that tolerance reads a value
        // drawn exactly one tolerance away either way, so the band must hold it with room.
        densityOnKnifeEdge =
            abs(sigma / cover - config.minPixelPerPoint) <= 2 * SpecTolerance.zoom * config.minPixelPerPoint
        let low =
            densityOnKnifeEdge
            ? lowDensityReading ?? (sigma / cover < config.minPixelPerPoint)
            : sigma / cover < config.minPixelPerPoint
        lowDensity = low
        let collapses = low && policies.densityCap == .collapseWhenLow
        lowDensityNoticeOwed = low && !collapses
        let open = max(cover, min(cover * config.maxZoomMultiplier, sQuality, densityEveryZoom ? sDensity : .infinity))
        densityCollapsed = collapses && open > cover
        sMax = collapses ? cover : open
        minPixelPerPoint = config.minPixelPerPoint
        requiredCropSide = min(Double(config.outputSize) * config.qualityMultiplier, min(width, height))
        center = Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        rotationAllowed = config.allowRotation
        let range = sMax / sMin
        maxTilt =
            !config.allowRotation
            ? 0 : range >= 2.squareRoot() ? 45 : max(0, 45 - Double.acos(min(1, range / 2.squareRoot())) * 180 / .pi)
    }

    // MARK: Rotation (docs/rotation.md)

    /// cos and sin of a turn in degrees, exact at every multiple of 90°.
    public static func cosSin(_ degrees: Double) -> (cos: Double, sin: Double) {
        // Within a turn either way the remainder is the angle itself: no `fmod` for pose angles.
        var d = abs(degrees) < 360 ? degrees : degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        switch d {
        case 0: return (1, 0)
        case 90: return (0, 1)
        case 180: return (-1, 0)
        case 270: return (0, -1)
        default: return (Double.cos(d * .pi / 180), Double.sin(d * .pi / 180))
        }
    }

    /// R(θ)·v: on the y-down screen, clockwise for positive θ.
    @inline(__always) public static func turn(_ v: Point, by degrees: Double) -> Point {
        Rotation(degrees).apply(v)
    }

    /// R(θ) with its cosine and sine worked out once: a frame's checks of a turned photo turn by
    /// the same angle several times, and each `turn(_:by:)` works them out again.
    public struct Rotation: Sendable {
        public let degrees: Double
        let cos: Double
        let sin: Double

        @inline(__always) public init(_ degrees: Double) {
            self.degrees = degrees
            (cos, sin) = degrees == 0 ? (1, 0) : SpecGeometry.cosSin(degrees)
        }

        /// R(θ)·v; the zero turn returns `v` itself.
        @inline(__always) public func apply(_ v: Point) -> Point {
            degrees == 0 ? v : Point(x: cos * v.x - sin * v.y, y: sin * v.x + cos * v.y)
        }
    }

    /// The angle in (−180, 180].
    @inline(__always) public static func wrap(_ degrees: Double) -> Double {
        if degrees > -180 && degrees <= 180 { return degrees }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// Signed distance from the nearest multiple of 90°.
    @inline(__always) public static func tilt(_ degrees: Double) -> Double {
        let d = wrap(degrees)
        return d - (d / 90).rounded() * 90
    }

    /// The output square's bounding box grows by |cos θ| + |sin θ|: the photo must cover it.
    public static func cover(_ degrees: Double) -> Double {
        let (c, s) = cosSin(degrees)
        return abs(c) + abs(s)
    }

    @inline(__always) public func sMin(_ degrees: Double) -> Double { degrees == 0 ? sMin : sMin * Self.cover(degrees) }
    @inline(__always) public func sMax(_ degrees: Double) -> Double { degrees == 0 ? sMax : max(sMin(degrees), sMax) }

    /// The translation along the photo's own axes: u = R(−θ)·t.
    @inline(__always) public static func photoAxes(_ pose: Pose) -> Point { turn(pose.translation, by: -pose.angle) }

    /// s_max = s_min: the range collapsed (R8.4; "≤" because maxZoomMultiplier 1 gives equality).
    public var zoomLimited: Bool { sMax <= sMin }

    /// The largest |u.x|, |u.y| (u = R(−θ)·t) at zoom `s` and turn θ: (disp − D·(|cos θ| + |sin θ|))/2
    /// with disp = (W/σ)·s, never negative. At 0° u = t and this is the spec's (disp − D)/2.
    @inline(__always) public func panLimit(_ s: Double, angle: Double = 0) -> (x: Double, y: Double) {
        let box = angle == 0 ? maskDiameter : maskDiameter * Self.cover(angle)
        return (max(0, (width / sigma * s - box) / 2), max(0, (height / sigma * s - box) / 2))
    }

    /// The crop square under the mask in upright source pixels: side D·σ/s, centered where the
    /// mask center falls on the image. With a turn this is the square before it is turned by −θ
    /// about its center (`corners`).
    @inline(__always) public func crop(_ pose: Pose) -> Rect { crop(pose, toPhoto: Rotation(-pose.angle)) }

    /// `crop`, given R(−θ) for the pose's turn.
    @inline(__always) public func crop(_ pose: Pose, toPhoto: Rotation) -> Rect {
        let k = sigma / pose.scale
        let side = maskDiameter * k
        let u = toPhoto.apply(pose.translation)
        return Rect(
            x: width / 2 - u.x * k - side / 2,
            y: height / 2 - u.y * k - side / 2, width: side, height: side)
    }

    /// The four corners of the output square in upright pixels: the crop square turned by −θ.
    public func corners(_ pose: Pose) -> [Point] {
        let toPhoto = Rotation(-pose.angle)
        let q = cornerQuad(of: crop(pose, toPhoto: toPhoto), toPhoto: toPhoto)
        return [q.0, q.1, q.2, q.3]
    }

    /// `corners` without an array, from the pose's crop square and R(−θ): every frame of a
    /// turned photo asks.
    @inline(__always) public func cornerQuad(of r: Rect, toPhoto: Rotation) -> (Point, Point, Point, Point) {
        let c = Point(x: r.x + r.width / 2, y: r.y + r.height / 2), h = r.width / 2
        func corner(_ x: Double, _ y: Double) -> Point {
            let d = toPhoto.apply(Point(x: x, y: y))
            return Point(x: c.x + d.x, y: c.y + d.y)
        }
        return (corner(-h, -h), corner(h, -h), corner(h, h), corner(-h, h))
    }

    /// The zoom clamped into [s_min, s_max] at turn θ.
    @inline(__always) public func clampScale(_ s: Double, angle: Double = 0) -> Double {
        min(max(s, sMin(angle)), sMax(angle))
    }

    /// The turn held within `maxTilt` of the quarter turn `home` (the nearest one when nil).
    @inline(__always) public func clampAngle(_ degrees: Double, home: Double? = nil) -> Double {
        guard degrees != 0 || home != nil else { return 0 }
        // A photo that can take any angle has no tilt limit, around any quarter.
        if maxTilt >= 45 { return Self.wrap(degrees) }
        let quarter = home ?? (Self.wrap(degrees) - Self.tilt(degrees))
        let off = Self.wrap(degrees - quarter)
        return Self.wrap(quarter + min(max(off, -maxTilt), maxTilt))
    }

    /// The pose with its turn clamped, then its zoom at that turn, then its translation along the
    /// photo's axes at that zoom.
    @inline(__always) public func clamp(_ pose: Pose, home: Double? = nil) -> Pose {
        let a = clampAngle(pose.angle, home: home)
        let s = clampScale(pose.scale, angle: a)
        let l = panLimit(s, angle: a)
        let u = Self.turn(pose.translation, by: -a)
        let clamped = Point(x: min(max(u.x, -l.x), l.x), y: min(max(u.y, -l.y), l.y))
        return Pose(scale: s, translation: Self.turn(clamped, by: a), angle: a)
    }

    /// The unscaled image point under view offset `p` (from the mask center) at `pose`: "anchored
    /// at" throughout the spec means this point stays under `p`. p = t + s·R(θ)·q.
    @inline(__always) public static func imagePoint(_ pose: Pose, under p: Point) -> Point {
        let v = turn(Point(x: p.x - pose.translation.x, y: p.y - pose.translation.y), by: -pose.angle)
        return Point(x: v.x / pose.scale, y: v.y / pose.scale)
    }

    /// The translation that shows unscaled image point `q` under view offset `p` at zoom `s` and turn θ.
    @inline(__always) public static func translation(showing q: Point, at p: Point, scale s: Double, angle: Double = 0)
        -> Point
    {
        let v = turn(Point(x: q.x * s, y: q.y * s), by: angle)
        return Point(x: p.x - v.x, y: p.y - v.y)
    }

    /// A zoom to `scale` from `pose` keeping the image point under offset `anchor`, then clamped:
    /// where every anchored discrete action (double-tap, slider, increment) must land. The turn stays.
    public func anchoredTarget(from pose: Pose, scale: Double, anchor: Point) -> Pose {
        let s = clampScale(scale, angle: pose.angle)
        let q = Self.imagePoint(pose, under: anchor)
        return clamp(
            Pose(
                scale: s, translation: Self.translation(showing: q, at: anchor, scale: s, angle: pose.angle),
                angle: pose.angle))
    }

    /// `pose` turned to `angle` about the mask center, its zoom brought into the new range:
    /// where the 90° button and a snap on release land.
    public func turnedTarget(from pose: Pose, to angle: Double) -> Pose {
        let s = clampScale(pose.scale, angle: angle)
        let q = Self.imagePoint(pose, under: .zero)
        return clamp(
            Pose(scale: s, translation: Self.translation(showing: q, at: .zero, scale: s, angle: angle), angle: angle))
    }

    // MARK: Double-tap (R2.3)

    /// R2.3 / notes: "1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to s_min", from the
    /// current zoom: the first rung above it by more than `rungTolerance`, else back to 1.0×.
    /// Returns nil where either answer is right: the current zoom within rounding of a rung
    /// boundary, or in the merge window (`inMergeWindow`).
    public func nextRung(after s: Double, angle: Double = 0) -> Double? {
        let lo = sMin(angle), hi = sMax(angle)
        let levels = [lo * 1.0, lo * 1.5, lo * 2.0, hi].map { clampScale($0, angle: angle) }.sorted()
        if levels.contains(where: { abs($0 / s - 1 - Self.rungTolerance) < 1e-9 }) { return nil }
        guard let next = levels.first(where: { $0 > s * (1 + Self.rungTolerance) }) else { return lo }
        return inMergeWindow(levels, next: next, after: s) ? nil : next
    }

    /// The spec names no merge of rungs (docs/oracle.md#targets): a level the zoom is at (within
    /// `rungTolerance`) and the next one above it, when they lie within `rungTolerance` of each
    /// other (plus rounding), are one rung to an editor that merges them (the reference editor,
    /// docs/editor-model.md: it goes on past both) and two to one that does not (every editor in
    /// Examples/: it goes to the upper one). Both read the spec, so neither is judged there.
    func inMergeWindow(_ levels: [Double], next: Double, after s: Double) -> Bool {
        guard let at = levels.last(where: { $0 <= s * (1 + Self.rungTolerance) }) else { return false }
        return next <= at * (1 + Self.rungTolerance + 1e-9)
    }

    /// Two zoom levels closer than this (relative) are the same rung (docs/editor-model.md).
    public static let rungTolerance = 1e-6

    // MARK: Slider (R4.2)

    /// The zoom at slider `percent`, over the range at the photo's turn: logarithmic,
    /// s = s_min·(s_max/s_min)^(p/100) (docs/editor-model.md), or linear, s = s_min + p/100·(s_max − s_min)
    /// (policy `sliderMapping`). Outside 0–100 % it extrapolates (an increment past the end).
    public func sliderScale(_ percent: Double, angle: Double = 0) -> Double {
        let lo = sMin(angle), hi = sMax(angle)
        guard !Self.collapsed(lo, hi) else { return percent > 100 ? hi * 2 : percent < 0 ? lo / 2 : lo }
        switch slider {
        case .logarithmic: return lo * Double.exp(percent / 100 * Double.log(hi / lo))
        case .linear: return lo + percent / 100 * (hi - lo)
        }
    }

    /// The inverse: the percent the slider shows at zoom `s`, 0 when the range is collapsed.
    public func sliderPercent(_ s: Double, angle: Double = 0) -> Double {
        let lo = sMin(angle), hi = sMax(angle)
        guard !Self.collapsed(lo, hi) else { return 0 }
        let p =
            switch slider {
            case .logarithmic: 100 * Double.log(s / lo) / Double.log(hi / lo)
            case .linear: 100 * (s - lo) / (hi - lo)
            }
        return min(max(p, 0), 100)
    }

    /// docs/rotation.md decides that a zoom range narrower than rounding (relative `SpecTolerance.zoom`)
    /// is collapsed: at the tilt limit s_min(θ) meets s_max by construction, and rounding must not
    /// decide whether a decrement moves the photo or presses against the end.
    static func collapsed(_ lo: Double, _ hi: Double) -> Bool { hi <= lo * (1 + SpecTolerance.zoom) }

    // MARK: Where the pose sits

    /// Every side `pose` is on within a `tight` and a `loose` slack (as `isOn`, all at once: the
    /// per-tick path asks both of the same pose). Asked of the geometry, not the oracle: a
    /// non-mutating method of the oracle called from its mutating ones copies the whole oracle.
    @inline(__always) public func sides(_ pose: Pose, tight: Double, loose: Double) -> (
        tight: LimitSet, loose: LimitSet
    ) {
        let a = pose.angle
        let low = sMin(a), high = sMax(a)
        let l = panLimit(pose.scale, angle: a)
        let u = a == 0 ? pose.translation : Self.photoAxes(pose)
        let tilt: Double? = rotationAllowed && maxTilt < 45 ? Self.tilt(a) : nil
        func within(_ slack: Double) -> LimitSet {
            var out = LimitSet()
            if pose.scale <= low * (1 + slack * 1e-3) { out.insert(.zoomMin) }
            if pose.scale >= high * (1 - slack * 1e-3) { out.insert(.zoomMax) }
            if u.x <= -l.x + slack { out.insert(.panMinX) }
            if u.x >= l.x - slack { out.insert(.panMaxX) }
            if u.y <= -l.y + slack { out.insert(.panMinY) }
            if u.y >= l.y - slack { out.insert(.panMaxY) }
            if let tilt {
                if tilt <= -maxTilt + slack * 1e-3 { out.insert(.tiltMin) }
                if tilt >= maxTilt - slack * 1e-3 { out.insert(.tiltMax) }
            }
            return out
        }
        return (within(tight), within(loose))
    }

    /// Whether `pose` is on limit `side` within `slack` (relative × 1e-3 for zoom, points for pan
    /// along the photo's axes, degrees for the tilt).
    public func isOn(_ side: LimitSet, _ pose: Pose, slack: Double) -> Bool {
        sides(pose, tight: slack, loose: slack).tight.isSuperset(of: side)
    }
}
