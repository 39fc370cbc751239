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
    ///
    /// Most pixels lie away from every line and edge, where a pixel is the photo's, dimmed or
    /// not: `RasterRows` draws those from values worked out once a row and once a column, and
    /// hands the rest (and any frame it cannot bound) to `FramePen`'s per-pixel math, so the two
    /// give the same bytes (issue 36: the per-pixel math on every pixel cost more than encoding).
    public static func draw(_ scene: FrameScene, imagePixels: Size, photo: RGBImage?, width: Int) -> RGBImage {
        let w = max(width, 1), h = height(scene, width: w)
        // Every byte is drawn, so the buffer starts uninitialized rather than zero-filled.
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 3) { buffer, count in
            draw(
                scene, imagePixels: imagePixels, photo: photo, width: w, rows: h, into: buffer.baseAddress!,
                rowBytes: w * 3)
            count = w * h * 3
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }

    /// The frame's height in pixels at `width` pixels: the view's aspect ratio.
    public static func height(_ scene: FrameScene, width: Int) -> Int {
        max(1, Int((scene.view.height / (scene.view.width / Double(max(width, 1)))).rounded()))
    }

    /// Draws the frame's first `rows` rows at `width` pixels straight into someone else's
    /// buffer (an animation's canvas, so a frame is not drawn once and then copied): row `py`'s
    /// first byte is at `out + py * rowBytes`, and each row writes `width * 3` bytes, every one.
    public static func draw(
        _ scene: FrameScene, imagePixels: Size, photo: RGBImage?, width: Int, rows: Int,
        into out: UnsafeMutablePointer<UInt8>, rowBytes: Int
    ) {
        let w = max(width, 1)
        let pen = FramePen(scene, imagePixels: imagePixels, photo: photo, k: scene.view.width / Double(w))
        let rasterRows = RasterRows(pen, width: w)
        for py in 0..<max(rows, 0) {
            let row = out + py * rowBytes
            if let rasterRows {
                rasterRows.draw(row: py, into: row)
            } else {
                for px in 0..<w { put(pen.color(at: pen.center(px, py)), at: row + px * 3) }
            }
        }
    }

    /// A channel value as a byte: rounded half away from zero, as `rounded()` rounds, without
    /// libm's `round` (three calls a pixel were a tenth of an animation, issue 36). It differs
    /// from `rounded()` only where adding 0.5 rounds up (0.49999999999999994 gives 1), so by 1 at
    /// most. NaN gives 0.
    @inline(__always) public static func channel(_ v: Double) -> UInt8 {
        let t = v + 0.5
        return t >= 255 ? 255 : t > 0 ? UInt8(truncatingIfNeeded: Int(t)) : 0
    }

    @inline(__always) static func put(_ c: SIMD3<Double>, at p: UnsafeMutablePointer<UInt8>) {
        p[0] = channel(c.x)
        p[1] = channel(c.y)
        p[2] = channel(c.z)
    }

    /// Okabe–Ito orange, the fingertip color in every view of a frame.
    static let touchFill: SIMD3<Double> = [230, 159, 0]
    static let touchRing: SIMD3<Double> = [255, 255, 255]
    /// What shows where the photo does not reach (the editor's black background).
    static let background: SIMD3<Double> = [17, 17, 17]

    static let edgeLight: SIMD3<Double> = [255, 255, 255]
    static let edgeDark: SIMD3<Double> = [0, 0, 0]
}
