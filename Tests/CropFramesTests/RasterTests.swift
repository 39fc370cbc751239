@testable import CropFrames
import CropImaging
import CropSim
import CropVocabulary
import Testing

@Suite struct RasterTests {
    func firstFrame() throws -> (RunResult, FrameScene) {
        let r = try #require(try Fixture.results(["gestures/pinch-out-to-max"]).first)
        let scene = FrameScene(try #require(r.frames.first), imagePoints: try #require(FrameScene.imagePoints(r)))
        return (r, scene)
    }

    @Test func dimmingDarkensOutsideTheCircleOnly() throws {
        var (_, scene) = try firstFrame()
        scene.photo = Rect(x: 0, y: 0, width: scene.view.width, height: scene.view.height)
        scene.gridVisible = false
        scene.touches = []
        let gray = RGBImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 48))
        let image = FrameRaster.draw(scene, imagePixels: Size(width: 4, height: 4), photo: gray, width: 200)
        let k = scene.view.width / 200
        func pixel(_ p: Point) -> SIMD3<UInt8> { image[Int(p.x / k), Int(p.y / k)] }
        let inside = pixel(scene.maskCenter + Point(x: scene.maskRadius / 3, y: scene.maskRadius / 4))
        let outside = pixel(Point(x: 4, y: 4))
        #expect(inside == SIMD3(repeating: 200))
        // The diagnostic views' 60 % black over 200 leaves 80 (the product's 92 % would leave 16).
        #expect(FrameRaster.dimming == 0.6)
        #expect(outside == SIMD3(repeating: 80))
        // The stroke is white on the circle's edge.
        let edge = pixel(scene.maskCenter + Point(x: 0, y: -scene.maskRadius))
        #expect(edge.x > 150)
    }

    @Test func gridAndTouchesAreDrawnOnlyWhenPresent() throws {
        var (_, scene) = try firstFrame()
        scene.photo = Rect(x: 0, y: 0, width: scene.view.width, height: scene.view.height)
        let black = RGBImage(width: 1, height: 1, pixels: [0, 0, 0])
        let k = scene.view.width / 300
        func at(_ img: RGBImage, _ p: Point) -> SIMD3<UInt8> { img[Int(p.x / k), Int(p.y / k)] }
        let onGridLine = scene.maskCenter + Point(x: 0, y: scene.maskRadius / 2)
        scene.gridVisible = true
        scene.touches = []
        #expect(
            at(FrameRaster.draw(scene, imagePixels: Size(width: 1, height: 1), photo: black, width: 300), onGridLine).x
                > 60)
        scene.gridVisible = false
        #expect(
            at(FrameRaster.draw(scene, imagePixels: Size(width: 1, height: 1), photo: black, width: 300), onGridLine)
                == SIMD3(0, 0, 0))
        scene.touches = [Point(x: 60, y: 60)]
        let touched = at(
            FrameRaster.draw(scene, imagePixels: Size(width: 1, height: 1), photo: black, width: 300),
            Point(x: 60, y: 60))
        #expect(touched.x > touched.z + 50)  // orange
    }

    @Test func thePhotosEdgeIsDashedOutsideTheMask() throws {
        var (_, scene) = try firstFrame()
        scene.photo = Rect(x: 40, y: 100, width: scene.view.width - 80, height: scene.view.height - 200)
        scene.gridVisible = false
        scene.touches = []
        let gray = RGBImage(width: 1, height: 1, pixels: [120, 120, 120])
        let image = FrameRaster.draw(scene, imagePixels: Size(width: 1, height: 1), photo: gray, width: 393)
        // Down the photo's left edge (x = 40 pt = 40 px): white and black dashes, neither the
        // dimmed photo nor the background.
        let column = (0..<40).map { image[40, 120 + $0] }
        #expect(column.contains { $0.x > 190 })
        #expect(column.contains { $0.x < 20 })
        // Away from the edge, the dimmed photo and the background are untouched by it.
        #expect(image[60, 140] == SIMD3(repeating: 48))
        #expect(image[20, 140] == SIMD3(repeating: 7))
    }

    @Test func theTestPatternHasFineSquaresInsideEachCell() {
        // An 800 × 600 pattern: cells of 100 px, fine squares of 25 px.
        let a = TestPattern.color(x: 310, y: 310, width: 800, height: 600)
        let b = TestPattern.color(x: 340, y: 310, width: 800, height: 600)
        #expect(a != b, "neighbouring fine squares of one cell differ")
        #expect(abs(a.x - b.x) < 40 && abs(a.y - b.y) < 40, "faintly")
    }

    @Test func theTestPatternMarksItsTopLeftCorner() {
        let corner = TestPattern.color(x: 1, y: 1, width: 800, height: 600)
        #expect(corner == TestPattern.marker)
        let glyph = TestPattern.color(x: 0.3 * 100, y: 0.5 * 100, width: 800, height: 600)
        #expect(glyph == SIMD3(0, 0, 0))
        #expect(TestPattern.color(x: 799, y: 599, width: 800, height: 600) != TestPattern.marker)
    }

    @Test func selectionKeepsEventTicksWithinTheCap() throws {
        var r = try #require(try Fixture.results(["gestures/pinch-out-to-max"]).first)
        r = try Fixture.failing(r, tick: 17)
        let ticks = FrameSelection.ticks(for: r)
        #expect(ticks == ticks.sorted() && Set(ticks).count == ticks.count)
        #expect(ticks.contains(17) && ticks.first == 0 && ticks.last == r.frames.last?.tick)
        for h in r.haptics where ticks.count < 16 { #expect(ticks.contains(h.tick)) }
        #expect(FrameSelection.ticks(for: r, evenly: 7, cap: 8).count <= 8)
    }

    @Test func shrinkingKeepsTheAspectRatio() {
        let big = RGBImage(width: 1000, height: 500, pixels: [UInt8](repeating: 90, count: 1000 * 500 * 3))
        let small = Thumbnail.shrink(big)
        #expect(small.width == 256 && small.height == 128)
        #expect(small[10, 10] == SIMD3(repeating: 90))
    }
}
