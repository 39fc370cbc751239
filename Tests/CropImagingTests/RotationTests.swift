import CropImaging
import CropVocabulary
import Foundation
import Testing

/// Turned crops (`CropRequest.angle`): quarter turns exact, any other angle where the contract
/// puts it (output pixel center d samples the upright photo at center + R(−angle)·d).
@Suite struct RotationTests {
    static let photo = Pattern.markers(width: 1200, height: 900)
    static let rect = Rect(x: 300.5, y: 150.25, width: 600, height: 600)

    func render(_ path: String, _ request: CropRequest, angle: Double, _ scratch: borrowing ScratchDirectory) throws
        -> RGBImage
    {
        var request = request
        request.angle = angle
        let avatar = try AvatarRenderer().render(path: path, request: request)
        return try ImageFile.decode(path: scratch.write(avatar.bytes, as: "avatar-\(angle).png"))
    }

    /// The contract for a quarter turn, written out per case: where output pixel (x, y) of an
    /// n-pixel avatar comes from in the unturned one.
    static func source(quarterTurnsClockwise k: Int, x: Int, y: Int, n: Int) -> (Int, Int) {
        switch k {
        case 1: (y, n - 1 - x)  // 90°: the output's right edge shows the photo's top
        case 2: (n - 1 - x, n - 1 - y)
        case 3: (n - 1 - y, x)  // −90°
        default: (x, y)
        }
    }

    @Test(arguments: [(90.0, 1), (180, 2), (-90, 3), (270, 3), (-180, 2), (450, 1)])
    func quarterTurnsAreTheUnturnedAvatarPermuted(angle: Double, k: Int) throws {
        let scratch = try ScratchDirectory()
        for (name, bytes) in [("p.png", try Self.photo.png()), ("p.jpg", try Self.photo.jpeg(quality: 90))] {
            let path = try scratch.write(bytes, as: name)
            let request = try CropRequest.make(rect: Self.rect, outputSize: 256)
            let unturned = try render(path, request, angle: 0, scratch)
            let turned = try render(path, request, angle: angle, scratch)
            var mismatches = 0
            for y in 0..<256 {
                for x in 0..<256 {
                    let (sx, sy) = Self.source(quarterTurnsClockwise: k, x: x, y: y, n: 256)
                    if turned[x, y] != unturned[sx, sy] { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(name) at \(angle)°")
        }
    }

    /// The general path and the quarter-turn path agree on the direction: 89.9° is 90° to within
    /// the interpolation's softening.
    @Test(arguments: [89.9, -90.1, 179.9])
    func nearQuarterTurnsMatchTheExactOnes(angle: Double) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Self.photo.png(), as: "p.png")
        let request = try CropRequest.make(rect: Self.rect, outputSize: 128)
        let near = try render(path, request, angle: angle, scratch)
        let exact = try render(path, request, angle: (angle / 90).rounded() * 90, scratch)
        #expect(Compare.psnr(near, exact) > 35)
    }

    /// A linear gradient (red along x, green along y) turns with the crop: every interior output
    /// pixel has the value the contract's sampling point has on the photo.
    @Test(arguments: [17.0, -33, 45, 135, -160.5, 0.01])
    func linearGradientTurnsWithTheAngle(angle: Double) throws {
        let scratch = try ScratchDirectory()
        let (w, h) = (1000, 800)
        let red = { (x: Double) in 20 + 215 * x / Double(w) }, green = { (y: Double) in 20 + 215 * y / Double(h) }
        let photo = Pattern.image(width: w, height: h) { x, y in
            [UInt8(red(Double(x) + 0.5).rounded()), UInt8(green(Double(y) + 0.5).rounded()), 90]
        }
        let path = try scratch.write(photo.png(), as: "gradient.png")
        let rect = Rect(x: 280, y: 180, width: 440, height: 440), n = 120
        let image = try render(path, try CropRequest.make(rect: rect, outputSize: n), angle: angle, scratch)
        let t = angle * .pi / 180, k = rect.width / Double(n)
        var worst = 0.0
        for y in stride(from: 0, to: n, by: 2) {
            for x in stride(from: 0, to: n, by: 2) {
                let dx = (Double(x) + 0.5 - Double(n) / 2) * k, dy = (Double(y) + 0.5 - Double(n) / 2) * k
                let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2)
                let px = cx + cos(t) * dx + sin(t) * dy, py = cy - sin(t) * dx + cos(t) * dy
                let pixel = image[x, y]
                worst = max(
                    worst, abs(Double(pixel.x) - red(px)), abs(Double(pixel.y) - green(py)), abs(Double(pixel.z) - 90))
            }
        }
        // The photo itself is rounded to whole levels: one level, plus half of the avatar's own rounding.
        #expect(worst <= 1.5, "worst error \(worst) levels at \(angle)°")
    }

    /// Four colored quadrants: at 30° clockwise, the point right of the avatar's center shows the
    /// photo above-right of the crop's center, and so on around.
    @Test func quadrantsLandWhereTheTurnPutsThem() throws {
        let scratch = try ScratchDirectory()
        let colors: [SIMD3<UInt8>] = [[220, 30, 30], [30, 200, 30], [30, 30, 220], [230, 230, 40]]  // TL, TR, BL, BR
        let photo = Pattern.image(width: 800, height: 800) { x, y in colors[(y < 400 ? 0 : 2) + (x < 400 ? 0 : 1)] }
        let path = try scratch.write(photo.png(), as: "quadrants.png")
        let image = try render(
            path, try CropRequest.make(rect: Rect(x: 100, y: 100, width: 600, height: 600), outputSize: 120),
            angle: 30, scratch)
        // Output offset d samples R(−30°)·d: right → up-right, down → down-right, left → down-left, up → up-left.
        #expect(image[104, 60] == colors[1])
        #expect(image[60, 104] == colors[3])
        #expect(image[16, 60] == colors[2])
        #expect(image[60, 16] == colors[0])
    }

    /// EXIF orientation 6 is undone first; the turn then applies to the upright photo.
    @Test(arguments: [Orientation.right, .leftMirrored, .down])
    func exifOrientationComposesWithTheTurn(_ orientation: Orientation) throws {
        let scratch = try ScratchDirectory()
        let upright = Pattern.markers(width: 900, height: 700)
        let reference = try scratch.write(upright.png(), as: "up.png")
        let stored = try scratch.write(
            upright.stored(for: orientation).png(exif: Exif.orientation(UInt16(orientation.rawValue))),
            as: "o.png")
        let rect = Rect(x: 200.5, y: 120, width: 460, height: 460)
        for angle in [23.0, -90] {
            let a = try render(reference, try CropRequest.make(rect: rect, outputSize: 160), angle: angle, scratch)
            let b = try render(
                stored, try CropRequest.make(rect: rect, orientation: orientation, outputSize: 160), angle: angle,
                scratch)
            #expect(Compare.maxError(a, b) <= 1, "\(orientation) at \(angle)°")
        }
        // And the red marker (upright top-left) shows where the turn puts it: at 90°, top-right.
        let turned = try render(
            stored,
            try CropRequest.make(
                rect: Rect(x: 0, y: 0, width: 700, height: 700),
                orientation: orientation, outputSize: 100), angle: 90, scratch)
        #expect(turned[95, 5].x > 200 && turned[5, 5].x < 200, "top-right \(turned[95, 5]), top-left \(turned[5, 5])")
    }

    @Test func memoryFallbackTurnsToo() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Pattern.markers(width: 3000, height: 1000).jpeg(quality: 90), as: "big.jpg")
        // Over the red marker's corner, so the turn moves a hard edge.
        let rect = Rect(x: 100, y: 150, width: 700, height: 700)
        let full = try render(path, try CropRequest.make(rect: rect, outputSize: 200), angle: 20, scratch)
        var request = try CropRequest.make(rect: rect, outputSize: 200, fromThumbnail: true)
        request.angle = 20
        let avatar = try AvatarRenderer().render(path: path, request: request)
        #expect(avatar.usedThumbnail)
        let fallback = try ImageFile.decode(path: scratch.write(avatar.bytes, as: "fallback.png"))
        #expect(Compare.psnr(full, fallback) > 32)
        // Much closer to the turned crop than to the unturned one: the fallback turns too.
        let unturned = try render(path, try CropRequest.make(rect: rect, outputSize: 200), angle: 0, scratch)
        #expect(Compare.psnr(full, fallback) > Compare.psnr(unturned, fallback) + 8)
    }

    /// A sampling point past the photo's border (which the model's clamp never asks for) takes
    /// the edge pixel's color.
    @Test func samplesPastTheBorderClampToTheEdge() throws {
        let scratch = try ScratchDirectory()
        let photo = Pattern.image(width: 800, height: 600) { x, _ in x < 400 ? [200, 40, 40] : [40, 40, 200] }
        let path = try scratch.write(photo.png(), as: "halves.png")
        let image = try render(
            path, try CropRequest.make(rect: Rect(x: 0, y: 0, width: 300, height: 300), outputSize: 150),
            angle: 45, scratch)
        // The top-left corner's sampling point lies about 62 px left of the photo: the left edge's red.
        #expect(image[0, 0] == [200, 40, 40] && image[0, 149] == [200, 40, 40])
    }

    @Test func requestsThatCannotBeTurnedAreRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Self.photo.png(), as: "p.png")
        var request = try CropRequest.make(rect: Self.rect)
        request.angle = .nan
        #expect(throws: ImagingError.invalidRequest(path: path, reason: "angle must be finite, got nan")) {
            try AvatarRenderer().render(path: path, request: request)
        }
        request = try CropRequest.make(rect: Rect(x: 100, y: 100, width: 600, height: 500))
        request.angle = 10
        #expect(
            throws: ImagingError.invalidRequest(path: path, reason: "a turned rect must be square, got \(request.rect)")
        ) {
            try AvatarRenderer().render(path: path, request: request)
        }
        // An 8192 px avatar at 45° needs a 11 600² intermediate: over the 40 MiB buffer limit.
        request = try CropRequest.make(rect: Self.rect, outputSize: 8192)
        request.angle = 45
        #expect {
            try AvatarRenderer().render(path: path, request: request)
        } throws: { error in
            guard case .overMemoryLimit(let p, _, let bytes, let limit) = error as? ImagingError else { return false }
            return p == path && bytes > limit
        }
    }

    @Test func anglesAreNormalizedToTheHalfOpenTurn() {
        #expect(CropTurn(degrees: 270).degrees == -90)
        #expect(CropTurn(degrees: -180).degrees == 180)
        #expect(CropTurn(degrees: 180).degrees == 180)
        #expect(CropTurn(degrees: 540).degrees == 180)
        #expect(CropTurn(degrees: -360).degrees.sign == .plus)
        #expect(
            CropTurn(degrees: 17).quarterTurns == nil && CropTurn(degrees: -90).quarterTurns == 3
                && CropTurn(degrees: 0).quarterTurns == 0)
    }
}
