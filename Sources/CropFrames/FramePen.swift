import CropImaging
import CropModel
import CropVocabulary

/// One frame's per-pixel math for `FrameRaster`: every pixel from scratch, at its center `p`
/// in view points: the photo (or the test pattern), `dimming` outside the mask circle,
/// anti-aliased across one pixel, the photo's edge dashed, the 2×2 grid, the white stroke and
/// the fingertips. `RasterRows` calls it only near those lines and edges.
struct FramePen {
    let scene: FrameScene
    let imagePixels: Size
    let photo: RGBImage?
    /// View points per pixel.
    let k: Double
    let strokeHalf: Double
    let gridHalf: Double
    /// The photo's turn undone, its sine and cosine worked out once a frame; nil when upright.
    let turn: FrameScene.Turn?

    init(_ scene: FrameScene, imagePixels: Size, photo: RGBImage?, k: Double) {
        self.scene = scene
        self.imagePixels = imagePixels
        self.photo = photo
        self.k = k
        strokeHalf = max(OverlayStyle.strokeWidth, k) / 2
        gridHalf = max(OverlayStyle.strokeWidth / 2, k) / 2
        turn = scene.angle == 0 ? nil : FrameScene.Turn(scene)
    }

    /// The center of pixel (`px`, `py`) in view points.
    func center(_ px: Int, _ py: Int) -> Point { Point(x: (Double(px) + 0.5) * k, y: (Double(py) + 0.5) * k) }

    /// Where the view point `p` falls on the unturned photo.
    func unturned(_ p: Point) -> Point { turn?.unturn(p) ?? p }

    func color(at p: Point) -> SIMD3<Double> {
        let q = unturned(p)
        var c = photoColor(at: q)
        let r = scene.maskRadius
        let dx = p.x - scene.maskCenter.x, dy = p.y - scene.maskCenter.y
        let d = (dx * dx + dy * dy).squareRoot()
        // Coverage of the circle over this pixel, anti-aliased across one pixel.
        let inside = min(max((r - d) / k + 0.5, 0), 1)
        c *= inside + (1 - inside) * (1 - FrameRaster.dimming)
        if let dash = edgeDash(at: q) { c = Self.blend(c, dash.color, dash.coverage) }
        if scene.gridVisible && d < r {
            let line = max(coverage(abs(dx), half: gridHalf), coverage(abs(dy), half: gridHalf))
            c = Self.blend(c, [255, 255, 255], line * FrameScene.gridOpacity)
        }
        c = Self.blend(c, [255, 255, 255], coverage(abs(d - r), half: strokeHalf))
        let touchRadius = FrameScene.touchRadius
        for t in scene.touches {
            let td = ((p.x - t.x) * (p.x - t.x) + (p.y - t.y) * (p.y - t.y)).squareRoot()
            c = Self.blend(c, FrameRaster.touchFill, min(max((touchRadius - td) / k + 0.5, 0), 1) * 0.8)
            c = Self.blend(c, FrameRaster.touchRing, coverage(abs(td - touchRadius), half: max(1.5, k)))
        }
        return c
    }

    /// The photo's color at `q` on the unturned photo, or the background off it.
    func photoColor(at q: Point) -> SIMD3<Double> {
        let rect = scene.photo
        guard rect.width > 0, rect.height > 0, q.x >= rect.minX, q.x < rect.maxX, q.y >= rect.minY, q.y < rect.maxY
        else {
            return FrameRaster.background
        }
        let u = (q.x - rect.minX) / rect.width, v = (q.y - rect.minY) / rect.height
        guard let photo else {
            return TestPattern.color(
                x: u * imagePixels.width, y: v * imagePixels.height,
                width: imagePixels.width, height: imagePixels.height)
        }
        let x = min(Int(u * Double(photo.width)), photo.width - 1),
            y = min(Int(v * Double(photo.height)), photo.height - 1)
        let s = photo[x, y]
        return [Double(s.x), Double(s.y), Double(s.z)]
    }

    /// The photo's edge as a dashed line a pixel and a half wide, white and black in turn so it
    /// shows on any photo and on the background: nil away from the edge. `q` is on the
    /// unturned photo.
    func edgeDash(at q: Point) -> (color: SIMD3<Double>, coverage: Double)? {
        let rect = scene.photo
        let dx = max(rect.minX - q.x, 0, q.x - rect.maxX), dy = max(rect.minY - q.y, 0, q.y - rect.maxY)
        let inside = min(q.x - rect.minX, rect.maxX - q.x, q.y - rect.minY, rect.maxY - q.y)
        let distance = dx > 0 || dy > 0 ? (dx * dx + dy * dy).squareRoot() : inside
        let cover = coverage(distance, half: 0.75 * k)
        guard cover > 0 else { return nil }
        // Dashes of 4 pixels along either edge direction.
        let white = Int(((q.x + q.y) / (4 * k)).rounded(.down)) & 1 == 0
        return (white ? FrameRaster.edgeLight : FrameRaster.edgeDark, cover)
    }

    /// How much of a line of half-width `half` (points) covers a pixel whose center is `distance`
    /// points from the line's middle, with one pixel (`k` points) of anti-aliasing.
    func coverage(_ distance: Double, half: Double) -> Double {
        min(max((half - distance) / k + 0.5, 0), 1)
    }

    static func blend(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ alpha: Double) -> SIMD3<Double> {
        alpha <= 0 ? a : a + (b - a) * alpha
    }
}
