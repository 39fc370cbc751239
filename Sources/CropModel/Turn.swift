import CropVocabulary
import RealModule

/// The photo's turn under the mask (`allowRotation`): a rotation by `degrees`, clockwise on the
/// y-down screen, with cosine and sine exact at every quarter turn.
///
/// Exact quarter turns matter: `cos(π/2)` in radians is 6e-17, not 0, which would leave a photo
/// turned by the 90° button a hair off square and its crop a hair off the pixel grid.
public struct Turn: Hashable, Sendable {
    public let degrees: Double
    public let cos: Double
    public let sin: Double

    /// Inlinable with the zero turn first: most poses never turn (rotation is off by default),
    /// and then a turn costs a compare where it is made, not a call.
    @inlinable public init(degrees: Double) {
        self = degrees == 0 ? Turn(degrees: degrees, cos: 1, sin: 0) : Turn(turning: degrees)
    }

    @usableFromInline init(degrees: Double, cos: Double, sin: Double) {
        (self.degrees, self.cos, self.sin) = (degrees, cos, sin)
    }

    @usableFromInline init(turning degrees: Double) {
        self.degrees = degrees
        let quarters = (degrees / 90).rounded()
        let rest = (degrees - quarters * 90) * .pi / 180
        let c = rest == 0 ? 1 : Double.cos(rest), s = rest == 0 ? 0 : Double.sin(rest)
        // Pose angles lie in (−180, 180]; only absurd requests need the remainder's division.
        let quarter =
            abs(quarters) < 1e15 ? Int(quarters) & 3 : Int(quarters.truncatingRemainder(dividingBy: 4) + 4) % 4
        switch quarter {
        case 0: (cos, sin) = (c, s)
        case 1: (cos, sin) = (-s, c)
        case 2: (cos, sin) = (-c, -s)
        default: (cos, sin) = (s, -c)
        }
    }

    /// `R(θ)·v`. The zero turn returns `v` itself, so that poses without rotation keep their bits.
    @inline(__always) public func apply(_ v: Point) -> Point {
        degrees == 0 ? v : Point(x: cos * v.x - sin * v.y, y: sin * v.x + cos * v.y)
    }

    /// `R(−θ)·v`.
    @inline(__always) public func invert(_ v: Point) -> Point {
        degrees == 0 ? v : Point(x: cos * v.x + sin * v.y, y: -sin * v.x + cos * v.y)
    }

    /// How much wider the output square's bounding box is than the square: |cos θ| + |sin θ|, in
    /// [1, √2]. The photo must cover that box, so s_min grows by this factor.
    public var coverFactor: Double { degrees == 0 ? 1 : abs(cos) + abs(sin) }

    /// The same angle in (−180, 180].
    public static func normalized(_ degrees: Double) -> Double {
        if degrees > -180 && degrees <= 180 { return degrees }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }

    /// The multiple of 90° nearest to `degrees`, normalized.
    public static func nearestQuarter(_ degrees: Double) -> Double {
        normalized((degrees / 90).rounded() * 90)
    }

    /// Signed distance from the nearest quarter turn, in [−45, 45].
    public static func tilt(_ degrees: Double) -> Double {
        normalized(degrees - nearestQuarter(degrees))
    }

    /// The snap-to-angle window (gesture design: "within 5°" of 0°, 90°, 180°, 270°).
    public static let snapWindow = 5.0
}
