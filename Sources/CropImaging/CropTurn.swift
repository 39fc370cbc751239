import Foundation

/// The photo's turn in a `CropRequest`: degrees, clockwise on a y-down screen.
///
/// A multiple of 90° is a pixel permutation of the unturned avatar, so it is kept apart from the
/// general case: it is rendered exactly, with no second resampling.
public struct CropTurn: Hashable, Sendable {
    /// In (−180, 180].
    public let degrees: Double

    public init(degrees: Double) {
        self.degrees = Self.normalized(degrees)
    }

    /// `degrees` in (−180, 180], the range `Pose.angle` lives in; non-finite values stay as they are.
    public static func normalized(_ degrees: Double) -> Double {
        let a = degrees.truncatingRemainder(dividingBy: 360)
        if a > 180 { return a - 360 }
        if a <= -180 { return a + 360 }
        return a == 0 ? 0 : a  // no −0, so JSON never shows it
    }

    /// 0…3 clockwise quarter turns when the angle is an exact multiple of 90°, else nil.
    public var quarterTurns: Int? {
        guard degrees.truncatingRemainder(dividingBy: 90) == 0 else { return nil }
        return (Int(degrees / 90) + 4) % 4
    }

    var radians: Double { degrees * .pi / 180 }
}

extension RGBImage {
    /// A square image turned `quarterTurns` × 90° clockwise, so that, as the `CropRequest` contract
    /// says, output pixel center `d` (from the center) shows this image at `R(−90°k)·d`. Works on
    /// doubled integer coordinates, so it is an exact permutation.
    func turnedClockwise(quarterTurns: Int) -> RGBImage {
        precondition(width == height, "only a square image keeps its size under a quarter turn")
        let k = ((quarterTurns % 4) + 4) % 4
        guard k != 0 else { return self }
        let (c, s) = [(1, 0), (0, 1), (-1, 0), (0, -1)][k]
        let n = width
        var result = RGBImage(width: n, height: n)
        for y in 0..<n {
            let dy = 2 * y + 1 - n
            for x in 0..<n {
                let dx = 2 * x + 1 - n
                let sx = (c * dx + s * dy + n - 1) / 2, sy = (-s * dx + c * dy + n - 1) / 2
                let from = (sy * n + sx) * 3, to = (y * n + x) * 3
                result.pixels[to] = pixels[from]
                result.pixels[to + 1] = pixels[from + 1]
                result.pixels[to + 2] = pixels[from + 2]
            }
        }
        return result
    }
}
