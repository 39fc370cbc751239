import CropModel
import Foundation

/// Renders a turned crop in two passes.
///
/// 1. The separable, streaming `Resampler` reduces the axis-aligned bounding square of the turned
///    crop (plus the filter's reach) to an upright intermediate image of `density` pixels per
///    output pixel, from the full-resolution rows (clamp-to-edge past the photo's border, like
///    every other tap).
/// 2. Every output pixel is the 2-D Lanczos-3 kernel *in the output's own, turned axes*,
///    stretched over `density` intermediate pixels, applied to the intermediate around the pixel's
///    sampling point and normalized by its discrete weight sum.
///
/// Pass 2 is the antialiasing filter for the turned grid: with the intermediate at twice the
/// output density, pass 1's band limit sits an octave above the output's Nyquist frequency, so
/// the result is the ideal turned Lanczos reduction up to that small prefilter, at any angle.
/// Only pass 2 needs the intermediate whole (a turned output row crosses many upright rows); its
/// size is checked against `DecodeLimits.maxBufferedBytes` before it exists.
struct RotatedSampler {
    /// The most intermediate pixels per output pixel: an octave of headroom above the output's
    /// band limit. Below 2 when the crop has fewer source pixels per output pixel than that.
    static let maxDensity = 2.0

    let outputSize: Int
    let turn: Turn
    /// Intermediate pixels per output pixel.
    let density: Double
    /// The intermediate's side in pixels; it is centered on the crop.
    let side: Int

    /// Plans the intermediate for a crop of `cropSide` upright pixels into `outputSize`: at
    /// `maxDensity` when that fits `byteLimit`, else at one pixel per output pixel (the caller
    /// refuses the request when even that is over, see `intermediateBytes`).
    init(outputSize: Int, cropSide: Double, turn: Turn, byteLimit: Int) {
        self.outputSize = outputSize
        self.turn = turn
        let preferred = min(Self.maxDensity, max(1, cropSide / Double(outputSize)))
        let fits = Self.side(outputSize, turn, preferred) * Self.side(outputSize, turn, preferred) * 3 <= byteLimit
        density = fits ? preferred : 1
        side = Self.side(outputSize, turn, density)
    }

    /// The intermediate image's size: pass 2 needs it whole.
    var intermediateBytes: Int { side * side * 3 }

    /// What pass 2 reads: the outermost sampling point (half a pixel inside the output's edge)
    /// plus the kernel's reach of 3 output pixels, along both turned axes, projected onto the
    /// upright axes, plus one pixel of rounding margin either side.
    private static func side(_ outputSize: Int, _ turn: Turn, _ density: Double) -> Int {
        let reach = (Double(outputSize) / 2 - 0.5 + FilterAxis.lobes) * density
        let extent = reach * (abs(cos(turn.radians)) + abs(sin(turn.radians)))
        return 2 * (Int(extent.rounded(.up)) + 1)
    }

    /// The intermediate's square in upright source pixels for `crop` (the request's rect).
    func region(for crop: Rect) -> Rect {
        let pitch = crop.width / (Double(outputSize) * density)
        let half = Double(side) * pitch / 2
        return Rect(x: crop.x + crop.width / 2 - half, y: crop.y + crop.height / 2 - half, width: 2 * half, height: 2 * half)
    }

    /// Pass 2 over the `side × side` intermediate made from `region(for:)`.
    func render(_ intermediate: RGBImage) -> RGBImage {
        precondition(intermediate.width == side && intermediate.height == side, "intermediate of the planned size")
        let n = outputSize, k = side, m = density
        let c = cos(turn.radians), s = sin(turn.radians)
        // u = (c·δx − s·δy)/m and v = (s·δx + c·δy)/m are a tap's offsets in output pixels along
        // the output's axes; in table steps they advance by these per intermediate column.
        let step = Double(Lanczos.stepsPerUnit) / m
        let reach = FilterAxis.lobes * m
        let rows = reach * (abs(c) + abs(s))
        var result = RGBImage(width: n, height: n)
        let last = Lanczos.last
        Lanczos.table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            intermediate.pixels.withUnsafeBufferPointer { source in
                result.pixels.withUnsafeMutableBufferPointer { out in
                    for j in 0..<n {
                        let dy = Double(j) + 0.5 - Double(n) / 2
                        for i in 0..<n {
                            let dx = Double(i) + 0.5 - Double(n) / 2
                            // The sampling point R(−θ)·d in intermediate pixels (centers at +0.5).
                            let qx = Double(k) / 2 + m * (c * dx + s * dy)
                            let qy = Double(k) / 2 + m * (-s * dx + c * dy)
                            var r: Float = 0, g: Float = 0, b: Float = 0, total: Float = 0
                            let firstRow = max(0, Int((qy - 0.5 - rows).rounded(.up)))
                            let lastRow = min(k - 1, Int((qy - 0.5 + rows).rounded(.down)))
                            guard firstRow <= lastRow else { continue }
                            for gy in firstRow...lastRow {
                                let ddy = Double(gy) + 0.5 - qy
                                let (lower, upper) = Self.columns(c: c, s: s, dy: ddy, reach: reach)
                                let firstColumn = max(0, Int(max(-1, qx - 0.5 + lower).rounded(.up)))
                                let lastColumn = min(k - 1, Int(min(Double(k), qx - 0.5 + upper).rounded(.down)))
                                guard firstColumn <= lastColumn else { continue }
                                let ddx = Double(firstColumn) + 0.5 - qx
                                var u = (c * ddx - s * ddy) * step, v = (s * ddx + c * ddy) * step
                                let du = c * step, dv = s * step
                                let row = source.baseAddress! + 3 * gy * k
                                for gx in firstColumn...lastColumn {
                                    let w = table[min(Int(abs(u) + 0.5), last)] * table[min(Int(abs(v) + 0.5), last)]
                                    let p = row + 3 * gx
                                    r += w * Float(p[0])
                                    g += w * Float(p[1])
                                    b += w * Float(p[2])
                                    total += w
                                    u += du
                                    v += dv
                                }
                            }
                            let o = 3 * (j * n + i)
                            // The discrete weights of a turned kernel do not sum to exactly 1.
                            let scale = total > 0 ? 1 / total : 0
                            out[o] = Self.byte(r * scale)
                            out[o + 1] = Self.byte(g * scale)
                            out[o + 2] = Self.byte(b * scale)
                        }
                    }
                }
            }
        }
        return result
    }

    /// The δx interval of one intermediate row where both |u| and |v| stay under `reach`
    /// (the turned kernel's square support), widened by a hair for rounding.
    @inline(__always)
    private static func columns(c: Double, s: Double, dy: Double, reach: Double) -> (Double, Double) {
        // |c·δx − s·δy| < reach and |s·δx + c·δy| < reach; a turn that is not a quarter turn has
        // c ≠ 0 and s ≠ 0, but either may be tiny: the interval is then wide, and the weights zero.
        let a0 = (-reach + s * dy) / c, a1 = (reach + s * dy) / c
        let b0 = (-reach - c * dy) / s, b1 = (reach - c * dy) / s
        let lower = max(min(a0, a1), min(b0, b1)), upper = min(max(a0, a1), max(b0, b1))
        return (lower - 1e-9, upper + 1e-9)
    }

    private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 255).rounded()) }
}

/// Lanczos-3 tabulated at 1/1024 steps over [0, 3], with a zero past the end, for pass 2's
/// per-tap weights: the nearest entry, two lookups instead of four sines (the weights are
/// normalized afterwards). The entry past the support is zero.
enum Lanczos {
    static let stepsPerUnit = 1024
    static let last = Int(FilterAxis.lobes) * stepsPerUnit + 1
    static let table: [Float] = (0...last).map { i in
        Float(FilterAxis.lanczos(Double(i) / Double(stepsPerUnit)))
    }
}
