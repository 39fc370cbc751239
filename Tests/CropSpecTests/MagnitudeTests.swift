import CropModel
import CropSpec
import CropVocabulary
import Foundation
import Testing

/// Magnitudes (issue 32): how far a broken geometric property is, in device pixels and along the
/// photo's axes, as data and in the message.
@Suite struct MagnitudeTests {
    let geometry = SpecGeometry(
        source: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up),
        viewport: Viewport(width: 393, height: 852, screenScale: 3), config: AvatarCropperConfig(),
        policies: Policies())

    /// The largest displacement of a point the target shows inside the mask, found by sampling the
    /// disc: what `deviation` works out in closed form.
    func sampled(_ got: Pose, from want: Pose) -> Double {
        let r = geometry.maskDiameter / 2
        var worst = 0.0
        for ring in 0...20 {
            for step in 0..<720 {
                let a = Double(step) / 720 * 2 * Double.pi, rho = r * Double(ring) / 20
                let p = Point(x: rho * cos(a), y: rho * sin(a))
                let q = SpecGeometry.imagePoint(want, under: p)
                let v = SpecGeometry.turn(Point(x: q.x * got.scale, y: q.y * got.scale), by: got.angle)
                let moved = Point(x: got.translation.x + v.x - p.x, y: got.translation.y + v.y - p.y)
                worst = max(worst, (moved.x * moved.x + moved.y * moved.y).squareRoot())
            }
        }
        return worst * geometry.sigma
    }

    @Test(arguments: [
        (Pose(scale: 1, translation: Point(x: 3, y: -4)), Pose(scale: 1, translation: .zero)),
        (Pose(scale: 1.02, translation: .zero), Pose(scale: 1, translation: .zero)),
        (
            Pose(scale: 1.3, translation: Point(x: 12, y: 5), angle: 2),
            Pose(scale: 1.28, translation: Point(x: 10, y: 9), angle: 0.5)
        ),
        (
            Pose(scale: 0.9, translation: Point(x: -40, y: 7), angle: -31),
            Pose(scale: 0.9, translation: Point(x: -40, y: 7), angle: -30)
        )
    ])
    func theDeviationIsTheLargestDisplacementInsideTheMask(_ got: Pose, _ want: Pose) throws {
        let m = try #require(geometry.deviation(got, from: want))
        let brute = sampled(got, from: want)
        // The sampled maximum is a little under the true one (a finite grid on the rim).
        #expect(
            m.devicePixels >= brute - 1e-9 && m.devicePixels - brute < 1e-4 * max(1, brute),
            "\(m.devicePixels) vs \(brute)")
        let along = m.photoAxes.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
        #expect((got.angle == 0 && want.angle == 0) == (along == nil))
        if let along { #expect(abs(along - m.devicePixels) < 1e-6 * max(1, m.devicePixels)) }
    }

    /// A pure translation miss turned into the photo's axes: at 90° the view's x is the photo's −y.
    @Test func aTurnedPhotosMissIsToldAlongItsOwnAxes() throws {
        let m = try #require(
            geometry.deviation(
                Pose(scale: 1, translation: Point(x: 2, y: 0), angle: 90),
                from: Pose(scale: 1, translation: .zero, angle: 90)))
        let along = try #require(m.photoAxes)
        #expect(abs(m.devicePixels - 6) < 1e-9 && abs(along.x) < 1e-9 && abs(along.y + 6) < 1e-9, "\(m)")
        #expect(m.text == "6.00 device px (0.00, -6.00 px along the photo's x, y)")
    }

    @Test func theTextKeepsTwoDecimalsOrTwoSignificantDigits() {
        #expect(Magnitude(devicePixels: 3).text == "3.00 device px")
        #expect(Magnitude(devicePixels: 123.456).text == "123.46 device px")
        #expect(Magnitude(devicePixels: 0.0015).text == "0.0015 device px")
        #expect(Magnitude(devicePixels: 0.000_000_123_4).text == "0.00000012 device px")
        #expect(Magnitude(devicePixels: 0).text == "0.00 device px")
    }

    /// Logs written before magnitudes existed still decode; new ones round-trip.
    @Test func violationsDecodeWithAndWithoutAMagnitude() throws {
        let old = #"{"invariant":"panFollowsFinger","tick":3,"time":0.05,"message":"m"}"#
        let v = try JSONDecoder().decode(Violation.self, from: Data(old.utf8))
        #expect(v.magnitude == nil && v.property == .panFollowsFinger && !v.isSubPixel)
        var new = v
        new.magnitude = Magnitude(devicePixels: 0.1, photoAxes: Point(x: 0.06, y: 0.08))
        let back = try JSONDecoder().decode(Violation.self, from: JSONEncoder().encode(new))
        #expect(back == new && back.isSubPixel)
    }

    /// Only target deviations are ever sub-pixel: an uncovered mask a thousandth of a pixel deep
    /// is a failure like any other (docs/oracle.md#sub-pixel).
    @Test func safetyIsNeverSubPixel() {
        let tiny = Magnitude(devicePixels: 0.001)
        for property in Property.allCases {
            let v = Violation(property: property, tick: 1, time: 0, message: "", magnitude: tiny)
            #expect(v.isSubPixel == (property.kind == .target), "\(property)")
        }
        #expect(
            !Violation(
                property: .panFollowsFinger, tick: 1, time: 0, message: "", magnitude: Magnitude(devicePixels: 0.25)
            ).isSubPixel)
    }
}
