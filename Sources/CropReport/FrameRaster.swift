import CropImaging
import CropModel
import CropVocabulary

/// Draws one editor frame into an RGB buffer for the diagnostic raster views (`cropsim render`'s
/// contact sheet and animation): the photo (or the test pattern), `dimming` outside the mask
/// circle, the photo's edge dashed, the thin white stroke, the 2×2 grid when it is visible and the
/// fingertips. No text: the callers letter their own.
public enum FrameRaster {
    /// Lighter than the product's 92 % (`OverlayStyle.dimmingOpacity`, R6's 90–94 %): these views
    /// are for reading what the editor did, and a pan clamp is about where the photo ends, which
    /// 92 % hides. The report's SVG frames keep the product's value (docs/animation.md).
    public static let dimming = 0.6

    /// `width` is the frame's width in pixels; the height follows the view's aspect ratio.
    /// `photo` is the upright thumbnail, or nil for the test pattern.
    public static func draw(_ scene: FrameScene, imagePixels: Size, photo: RGBImage?, width: Int) -> RGBImage {
        let w = max(width, 1)
        let k = scene.view.width / Double(w)
        let h = max(1, Int((scene.view.height / k).rounded()))
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        let r = scene.maskRadius
        let strokeHalf = max(OverlayStyle.strokeWidth, k) / 2
        let gridHalf = max(OverlayStyle.strokeWidth / 2, k) / 2
        let touchRadius = FrameScene.touchRadius
        for py in 0..<h {
            for px in 0..<w {
                let p = Point(x: (Double(px) + 0.5) * k, y: (Double(py) + 0.5) * k)
                var c = photoColor(at: p, scene: scene, imagePixels: imagePixels, photo: photo)
                let dx = p.x - scene.maskCenter.x, dy = p.y - scene.maskCenter.y
                let d = (dx * dx + dy * dy).squareRoot()
                // Coverage of the circle over this pixel, anti-aliased across one pixel.
                let inside = min(max((r - d) / k + 0.5, 0), 1)
                c *= inside + (1 - inside) * (1 - dimming)
                if let dash = edgeDash(at: p, scene: scene, k) { c = blend(c, dash.color, dash.coverage) }
                if scene.gridVisible && d < r {
                    let line = max(coverage(abs(dx), half: gridHalf, k), coverage(abs(dy), half: gridHalf, k))
                    c = blend(c, [255, 255, 255], line * FrameScene.gridOpacity)
                }
                c = blend(c, [255, 255, 255], coverage(abs(d - r), half: strokeHalf, k))
                for t in scene.touches {
                    let td = ((p.x - t.x) * (p.x - t.x) + (p.y - t.y) * (p.y - t.y)).squareRoot()
                    c = blend(c, touchFill, min(max((touchRadius - td) / k + 0.5, 0), 1) * 0.8)
                    c = blend(c, touchRing, coverage(abs(td - touchRadius), half: max(1.5, k), k))
                }
                let i = (py * w + px) * 3
                pixels[i] = UInt8(min(max(c.x.rounded(), 0), 255))
                pixels[i + 1] = UInt8(min(max(c.y.rounded(), 0), 255))
                pixels[i + 2] = UInt8(min(max(c.z.rounded(), 0), 255))
            }
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }

    /// Okabe–Ito orange, the fingertip color in every view of a frame.
    static let touchFill: SIMD3<Double> = [230, 159, 0]
    static let touchRing: SIMD3<Double> = [255, 255, 255]
    /// What shows where the photo does not reach (the editor's black background).
    static let background: SIMD3<Double> = [17, 17, 17]

    private static func photoColor(at p: Point, scene: FrameScene, imagePixels: Size, photo: RGBImage?) -> SIMD3<Double> {
        let rect = scene.photo
        // A turned photo: sample where the view point falls on the unturned photo.
        let p = scene.angle == 0 ? p : FrameScene.unturn(p, scene: scene)
        guard rect.width > 0, rect.height > 0, p.x >= rect.minX, p.x < rect.maxX, p.y >= rect.minY, p.y < rect.maxY else {
            return background
        }
        let u = (p.x - rect.minX) / rect.width, v = (p.y - rect.minY) / rect.height
        guard let photo else {
            return TestPattern.color(x: u * imagePixels.width, y: v * imagePixels.height,
                                     width: imagePixels.width, height: imagePixels.height)
        }
        let x = min(Int(u * Double(photo.width)), photo.width - 1), y = min(Int(v * Double(photo.height)), photo.height - 1)
        let s = photo[x, y]
        return [Double(s.x), Double(s.y), Double(s.z)]
    }

    /// The photo's edge as a dashed line a pixel and a half wide, white and black in turn so it
    /// shows on any photo and on the background: nil away from the edge.
    private static func edgeDash(at p: Point, scene: FrameScene, _ k: Double) -> (color: SIMD3<Double>, coverage: Double)? {
        let rect = scene.photo
        let q = scene.angle == 0 ? p : FrameScene.unturn(p, scene: scene)
        let dx = max(rect.minX - q.x, 0, q.x - rect.maxX), dy = max(rect.minY - q.y, 0, q.y - rect.maxY)
        let inside = min(q.x - rect.minX, rect.maxX - q.x, q.y - rect.minY, rect.maxY - q.y)
        let distance = dx > 0 || dy > 0 ? (dx * dx + dy * dy).squareRoot() : inside
        let cover = coverage(distance, half: 0.75 * k, k)
        guard cover > 0 else { return nil }
        // Dashes of 4 pixels along either edge direction.
        let white = Int(((q.x + q.y) / (4 * k)).rounded(.down)) & 1 == 0
        return (white ? edgeLight : edgeDark, cover)
    }

    static let edgeLight: SIMD3<Double> = [255, 255, 255]
    static let edgeDark: SIMD3<Double> = [0, 0, 0]

    /// How much of a line of half-width `half` (points) covers a pixel whose center is `distance`
    /// points from the line's middle, with one pixel (`k` points) of anti-aliasing.
    private static func coverage(_ distance: Double, half: Double, _ k: Double) -> Double {
        min(max((half - distance) / k + 0.5, 0), 1)
    }

    private static func blend(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ alpha: Double) -> SIMD3<Double> {
        alpha <= 0 ? a : a + (b - a) * alpha
    }
}
