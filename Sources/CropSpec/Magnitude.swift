import CropVocabulary

/// How big a broken geometric property is (issue 32): the distance a person would see on the
/// glass, in device pixels (view points × the device's screen scale), and, when the photo is
/// turned, the same displacement along the photo's own x and y axes — where a turned photo's room
/// is, so that an overshoot along them does not read as covered in the view's axes.
///
/// Data, not only text: a violation carries it (`Violation.magnitude`), logs and finds store it,
/// and the sub-pixel rule (`SpecTolerance.subPixel`) reads it. A property with no size on the
/// glass (a missing haptic, a wrong message) has none.
public struct Magnitude: Hashable, Sendable, Codable {
    /// Device pixels.
    public var devicePixels: Double
    /// Along the photo's x and y axes, in device pixels; nil when the photo is upright (its axes
    /// are the view's).
    public var photoAxes: Point?

    public init(devicePixels: Double, photoAxes: Point? = nil) {
        self.devicePixels = devicePixels
        self.photoAxes = photoAxes
    }

    /// "3.2 device px (2.1, -2.4 px along the photo's x, y)".
    public var text: String {
        let along = photoAxes.map { " (\(Self.format($0.x)), \(Self.format($0.y)) px along the photo's x, y)" } ?? ""
        return "\(Self.format(devicePixels)) device px" + along
    }

    /// Two decimals from a hundredth of a pixel up, else two significant digits down to 10⁻⁸ (a
    /// sub-pixel deviation of 0.0015 px must not print as 0; rounding noise prints as 0.00):
    /// integer arithmetic, so the bytes are the same on every platform.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        let a = abs(x)
        var decimals = 2
        while decimals < 8, a * pow10(decimals) < 10 { decimals += 1 }
        let n = (a * pow10(decimals)).rounded()
        guard n < 9e15 else { return "\(x)" }
        guard n > 0 else { return "0.00" }
        let digits = String(Int64(n)), all = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return (x < 0 ? "-" : "") + all.dropLast(decimals) + "." + all.suffix(decimals)
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { p, _ in p * 10 } }
}

extension Property {
    /// The geometric properties: each of their violations says how big it is (`Magnitude`).
    /// `rotationOnlyWhenAllowed`, `rotate90Target` and `confirmable` also fail in ways with no
    /// size (a guide line shown, a quarter turn animated past the tilt limit, too few pixels) and
    /// carry one only where they have it (a turn, a crop request off the mask's square).
    public static let measured: Set<Property> = [
        .zoomInRange, .density, .maskCovered, .outputSquareCovered, .cropRectInSource, .handOverWithoutJump,
        .editsKeptOnFailure, .angleChangesOnlyByRotation, .tiltWithinLimit, .storedRectMapping, .cropTurnMatchesPose,
        .initialPose, .panFollowsFinger, .focalPointKept, .doubleTapRung, .sliderTarget, .sliderReadsZoom,
        .incrementTarget, .recenterTarget, .resizeKeepsCenter, .twistFollowsFingers, .snapOnRelease
    ]

    /// How a message says its magnitude: "uncovered by 3.2 device px".
    var magnitudeVerb: String {
        switch self {
        case .maskCovered: "uncovered by"
        case .outputSquareCovered, .cropRectInSource: "outside by"
        case .zoomInRange, .density, .tiltWithinLimit: "past the limit by"
        default: "off by"
        }
    }
}

extension Violation {
    /// A target deviation smaller than `SpecTolerance.subPixel`: reported apart, and failing a run
    /// or a campaign only when asked (`--fail-sub-pixel`). Safety, obligation and mapping
    /// properties are never sub-pixel, whatever their size (docs/oracle.md#sub-pixel).
    public var isSubPixel: Bool {
        guard property.kind == .target, let magnitude else { return false }
        return magnitude.devicePixels < SpecTolerance.subPixel
    }
}

/// The magnitudes of the oracle's findings, from the spec's own geometry.
extension SpecGeometry {
    /// How far `got` shows the photo from where `want` shows it: the largest displacement, in
    /// device pixels, of any image point that `want` shows inside the mask. Both poses map an
    /// image point q to p = t + s·R(θ)·q, so the displacement of the point `want` shows at view
    /// offset p is c + M·p with M = (s_got/s_want)·R(θ_got − θ_want) − I, a scaled rotation: its
    /// largest length over the mask disc of radius r is |c| + |M|·r, reached on the rim in the
    /// direction of c. Along the photo's axes: that vector turned by −θ_want.
    public func deviation(_ got: Pose, from want: Pose) -> Magnitude? {
        guard got.isFinite, want.isFinite, want.scale != 0 else { return nil }
        let r = maskDiameter / 2
        let k = got.scale / want.scale
        let turn = Self.cosSin(got.angle - want.angle)
        let a = k * turn.cos - 1, b = k * turn.sin
        func m(_ v: Point) -> Point { Point(x: a * v.x - b * v.y, y: b * v.x + a * v.y) }
        let mt = m(want.translation)
        let c = Point(
            x: got.translation.x - want.translation.x - mt.x, y: got.translation.y - want.translation.y - mt.y)
        let cLength = (c.x * c.x + c.y * c.y).squareRoot(), mNorm = (a * a + b * b).squareRoot()
        let rim = cLength > 0 ? Point(x: c.x / cLength * mNorm * r, y: c.y / cLength * mNorm * r) : m(Point(x: r, y: 0))
        let worst = Point(x: c.x + rim.x, y: c.y + rim.y)
        let turned = got.angle != 0 || want.angle != 0
        return pixels(points: cLength + mNorm * r, along: turned ? Self.turn(worst, by: -want.angle) : nil)
    }

    /// A zoom of `scale` where `limit` is the nearest allowed: how far the mask's rim moves between
    /// the two (about the mask centre).
    public func zoomDeviation(_ scale: Double, from limit: Double, angle: Double = 0) -> Magnitude? {
        deviation(
            Pose(scale: scale, translation: .zero, angle: angle),
            from: Pose(scale: limit, translation: .zero, angle: angle))
    }

    /// A turn of `angle` where `want` is right: how far the mask's rim moves (2·r·sin(Δ/2)).
    public func turnDeviation(_ angle: Double, from want: Double) -> Magnitude? {
        deviation(
            Pose(scale: 1, translation: .zero, angle: angle), from: Pose(scale: 1, translation: .zero, angle: want))
    }

    /// A distance in view points (and, for a turned photo, its components along the photo's axes).
    public func pixels(points: Double, along: Point? = nil) -> Magnitude? {
        guard points.isFinite else { return nil }
        return Magnitude(devicePixels: points * sigma, photoAxes: along.map { Point(x: $0.x * sigma, y: $0.y * sigma) })
    }

    /// A distance in the photo's pixels shown at `scale`: one photo pixel spans scale/σ points,
    /// that is `scale` device pixels. `along` is in photo pixels along the upright photo's axes.
    public func pixels(photoPixels: Double, scale: Double, along: Point? = nil) -> Magnitude? {
        guard photoPixels.isFinite, scale.isFinite else { return nil }
        return Magnitude(
            devicePixels: photoPixels * scale, photoAxes: along.map { Point(x: $0.x * scale, y: $0.y * scale) })
    }

    /// How far a rect reaches outside 0…w × 0…h (0 when inside), and by how much along each axis.
    static func overshoot(_ r: Rect, _ w: Double, _ h: Double) -> (distance: Double, along: Point) {
        overshoot([Point(x: r.x, y: r.y), Point(x: r.x + r.width, y: r.y + r.height)], w, h)
    }

    /// How far the farthest of `points` lies outside 0…w × 0…h, and along each axis.
    static func overshoot(_ points: [Point], _ w: Double, _ h: Double) -> (distance: Double, along: Point) {
        var along = Point(x: 0, y: 0)
        for p in points {
            along.x = max(along.x, -p.x, p.x - w)
            along.y = max(along.y, -p.y, p.y - h)
        }
        return ((along.x * along.x + along.y * along.y).squareRoot(), along)
    }

    /// The largest distance between matching corners of two rects, in their pixels.
    static func cornerDistance(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.x + a.width - b.x - b.width), abs(a.y + a.height - b.y - b.height))
    }
}
