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
        let w = max(width, 1)
        let k = scene.view.width / Double(w)
        let h = max(1, Int((scene.view.height / k).rounded()))
        let pen = FramePen(scene, imagePixels: imagePixels, photo: photo, k: k)
        let rows = RasterRows(pen, width: w)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for py in 0..<h {
                if let rows { rows.draw(row: py, into: out) } else {
                    for px in 0..<w { put(pen.color(at: pen.center(px, py)), at: (py * w + px) * 3, in: out) }
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }

    /// A channel value as a byte: rounded half away from zero, as `rounded()` rounds, without
    /// libm's `round` (three calls a pixel were a tenth of an animation, issue 36). It differs
    /// from `rounded()` only where adding 0.5 rounds up (0.49999999999999994 gives 1), so by 1 at
    /// most. NaN gives 0.
    @inline(__always) public static func channel(_ v: Double) -> UInt8 {
        let t = v + 0.5
        return t >= 255 ? 255 : t > 0 ? UInt8(truncatingIfNeeded: Int(t)) : 0
    }

    @inline(__always) static func put(_ c: SIMD3<Double>, at i: Int, in out: UnsafeMutableBufferPointer<UInt8>) {
        out[i] = channel(c.x)
        out[i + 1] = channel(c.y)
        out[i + 2] = channel(c.z)
    }

    /// Okabe–Ito orange, the fingertip color in every view of a frame.
    static let touchFill: SIMD3<Double> = [230, 159, 0]
    static let touchRing: SIMD3<Double> = [255, 255, 255]
    /// What shows where the photo does not reach (the editor's black background).
    static let background: SIMD3<Double> = [17, 17, 17]

    static let edgeLight: SIMD3<Double> = [255, 255, 255]
    static let edgeDark: SIMD3<Double> = [0, 0, 0]
}
