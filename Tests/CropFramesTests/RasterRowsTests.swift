@testable import CropFrames
import CropImaging
import CropVocabulary
import Testing

/// `RasterRows` draws most of a frame from values worked out once a row and a column (issue 36);
/// every pixel must still be exactly what `FramePen`'s per-pixel math makes of it.
@Suite struct RasterRowsTests {
    /// The scenes: upright and turned, photo and test pattern, touches, grid, a photo partly off
    /// the view and one smaller than a pixel's reach, a mask wider than the view.
    func scenes() throws -> [(String, FrameScene)] {
        let (_, base) = try RasterTests().firstFrame()
        var out: [(String, FrameScene)] = [("first frame", base)]
        var s = base
        s.touches = [base.maskCenter + Point(x: 30, y: -40), Point(x: 5, y: 5)]
        s.gridVisible = true
        out.append(("touches and grid", s))
        for angle in [30.0, 90, -137.5] {
            s.angle = angle
            out.append(("turned \(angle)", s))
        }
        s.angle = 0
        s.photo = Rect(x: -120, y: 200, width: 300, height: 900)
        out.append(("partly off the view", s))
        s.photo = Rect(x: 150, y: 400, width: 3, height: 2)
        out.append(("tiny photo", s))
        s.photo = base.photo
        s.maskRadius = base.view.height
        out.append(("mask wider than the view", s))
        s.maskRadius = 0
        out.append(("no mask", s))
        return out
    }

    func mismatches(_ scene: FrameScene, photo: RGBImage?, width: Int) -> Int {
        let imagePixels = Size(width: 800, height: 600)
        let image = FrameRaster.draw(scene, imagePixels: imagePixels, photo: photo, width: width)
        let pen = FramePen(scene, imagePixels: imagePixels, photo: photo, k: scene.view.width / Double(width))
        var wrong = 0
        for py in 0..<image.height {
            for px in 0..<image.width {
                let c = pen.color(at: pen.center(px, py))
                if image[px, py] != SIMD3(FrameRaster.channel(c.x), FrameRaster.channel(c.y), FrameRaster.channel(c.z))
                {
                    wrong += 1
                }
            }
        }
        return wrong
    }

    @Test func everyPixelIsThePensOwn() throws {
        let photo = RGBImage(
            width: 37, height: 23, pixels: (0..<(37 * 23 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 97) })
        for (name, scene) in try scenes() {
            for width in [1, 17, 240] {
                #expect(mismatches(scene, photo: nil, width: width) == 0, "\(name), test pattern, \(width) px")
                #expect(mismatches(scene, photo: photo, width: width) == 0, "\(name), photo, \(width) px")
            }
        }
    }

    @Test func theRowsDrawOrdinaryFramesAndLeaveOddOnesToThePen() throws {
        let (_, scene) = try RasterTests().firstFrame()
        let pen = { (s: FrameScene) in
            FramePen(s, imagePixels: Size(width: 8, height: 6), photo: nil, k: s.view.width / 240)
        }
        #expect(RasterRows(pen(scene), width: 240) != nil)
        var odd = scene
        odd.photo.width = .nan
        #expect(RasterRows(pen(odd), width: 240) == nil)
        // Not finite: drawn (by the pen) without trapping.
        #expect(FrameRaster.draw(odd, imagePixels: Size(width: 8, height: 6), photo: nil, width: 24).width == 24)
    }

    @Test func aChannelRoundsAsRoundedDoesButAtTheLastBitBelowAHalf() {
        var x: UInt64 = 1
        for _ in 0..<100_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = Double(x >> 11) / Double(1 << 53) * 300 - 20
            let old = UInt8(min(max(v.rounded(), 0), 255))
            #expect(FrameRaster.channel(v) == old, "\(v)")
        }
        #expect(FrameRaster.channel(0.49999999999999994) == 1)  // where adding 0.5 rounds up; `rounded()` gives 0
        #expect(FrameRaster.channel(2.5) == 3 && FrameRaster.channel(-3) == 0 && FrameRaster.channel(300) == 255)
        #expect(FrameRaster.channel(.nan) == 0)
    }
}
