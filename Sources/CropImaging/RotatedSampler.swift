import CropVocabulary
import Foundation

/// Renders a turned crop in two passes.
///
/// 1. The separable, streaming `Resampler` reduces the axis-aligned bounding square of the turned
///    crop (plus the filter's reach) to an upright intermediate image of `density` pixels per
///    output pixel, from the photo's rows (a JPEG DCT-scaled only while every intermediate pixel
///    still has a decoded pixel of its own), clamp-to-edge past the photo's border.
/// 2. Every output pixel is the 2-D Lanczos-3 kernel *in the output's own, turned axes*,
///    stretched over `density` intermediate pixels, applied to the intermediate around the pixel's
///    sampling point and normalized by its discrete weight sum.
///
/// Pass 2 is the antialiasing filter for the turned grid, at any angle: with the intermediate at
/// 1.5 times the output density, pass 1's band limit sits half again above the output's Nyquist
/// frequency, so it barely touches what the output keeps (docs/imaging.md has the trade-off).
/// Only pass 2 needs the intermediate whole (a turned output row crosses many upright rows); its
/// size is checked against `DecodeLimits.maxBufferedBytes` before it exists.
struct RotatedSampler {
    /// The most intermediate pixels per output pixel: headroom above the output's band limit
    /// for pass 1's own filter. Pass 2 costs (6 × density)² taps per output pixel, so a density
    /// of 2 costs 1.5× the time for a difference under ΔE 0.05 (docs/imaging.md). Less when the
    /// crop has fewer source pixels per output pixel than that.
    static let maxDensity = 1.5

    let outputSize: Int
    let turn: CropTurn
    /// Intermediate pixels per output pixel.
    let density: Double
    /// The intermediate's side in pixels; it is centered on the crop.
    let side: Int

    /// Plans the intermediate for a crop of `cropSide` upright pixels into `outputSize`: at
    /// `maxDensity` when that fits `byteLimit`, else at one pixel per output pixel (the caller
    /// refuses the request when even that is over, see `intermediateBytes`).
    init(outputSize: Int, cropSide: Double, turn: CropTurn, byteLimit: Int) {
        self.outputSize = outputSize
        self.turn = turn
        let preferred = min(Self.maxDensity, max(1, cropSide / Double(outputSize)))
        let fits = Self.bytes(side: Self.side(outputSize, turn, preferred)) <= byteLimit
        density = fits ? preferred : 1
        side = Self.side(outputSize, turn, density)
    }

    /// What pass 2 holds whole: the intermediate image and its copy with a spare byte.
    var intermediateBytes: Int { Self.bytes(side: side) }

    private static func bytes(side: Int) -> Int { side * side * 6 + 1 }

    /// What pass 2 reads: the outermost sampling point (half a pixel inside the output's edge)
    /// plus the kernel's reach of 3 output pixels, along both turned axes, projected onto the
    /// upright axes, plus one pixel of rounding margin either side.
    private static func side(_ outputSize: Int, _ turn: CropTurn, _ density: Double) -> Int {
        let reach = (Double(outputSize) / 2 - 0.5 + FilterAxis.lobes) * density
        let extent = reach * (abs(cos(turn.radians)) + abs(sin(turn.radians)))
        return 2 * (Int(extent.rounded(.up)) + 1)
    }

    /// The intermediate's square in upright source pixels for `crop` (the request's rect).
    func region(for crop: Rect) -> Rect {
        let pitch = crop.width / (Double(outputSize) * density)
        let half = Double(side) * pitch / 2
        return Rect(
            x: crop.x + crop.width / 2 - half, y: crop.y + crop.height / 2 - half, width: 2 * half, height: 2 * half)
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
        let lastFixed = UInt(Lanczos.last) << 16
        let du = Int((c * step * 65536).rounded()), dv = Int((s * step * 65536).rounded())
        let inverseC = 1 / c, inverseS = 1 / s
        Lanczos.table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            // One spare byte, so every pixel can be read as 4 bytes (its RGB and the next red).
            (intermediate.pixels + [0]).withUnsafeBufferPointer { source in
                result.pixels.withUnsafeMutableBufferPointer { out in
                    // Output rows are independent: bands of them run on every core, each writing
                    // only its own rows, so the result does not depend on the scheduling. Eight
                    // bands per core, so a core that is busy elsewhere does not hold up the end.
                    let bands = min(n, 8 * max(1, ProcessInfo.processInfo.activeProcessorCount))
                    nonisolated(unsafe) let table = table, source = source.baseAddress!, out = out.baseAddress!
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        for j in (band * n / bands)..<((band + 1) * n / bands) {
                            let dy = Double(j) + 0.5 - Double(n) / 2
                            for i in 0..<n {
                                let dx = Double(i) + 0.5 - Double(n) / 2
                                // The sampling point R(−θ)·d in intermediate pixels (centers at +0.5).
                                let qx = Double(k) / 2 + m * (c * dx + s * dy)
                                let qy = Double(k) / 2 + m * (-s * dx + c * dy)
                                var sum = SIMD4<Float>(), total: Float = 0
                                let firstRow = max(0, Self.ceiling(max(-1, qy - 0.5 - rows)))
                                let lastRow = min(k - 1, Self.floor(min(Double(k), qy - 0.5 + rows)))
                                guard firstRow <= lastRow else { continue }
                                for gy in firstRow...lastRow {
                                    let ddy = Double(gy) + 0.5 - qy
                                    let (lower, upper) = Self.columns(
                                        c: c, s: s, inverseC: inverseC, inverseS: inverseS,
                                        dy: ddy, reach: reach)
                                    let firstColumn = max(0, Self.ceiling(max(-1, qx - 0.5 + lower)))
                                    let lastColumn = min(k - 1, Self.floor(min(Double(k), qx - 0.5 + upper)))
                                    guard firstColumn <= lastColumn else { continue }
                                    let ddx = Double(firstColumn) + 0.5 - qx
                                    // Fixed point (16 fraction bits): the column loop is integer adds,
                                    // and the nearest table entry a shift, with nothing that can trap.
                                    var u = Int((c * ddx - s * ddy) * step * 65536)
                                    var v = Int((s * ddx + c * ddy) * step * 65536)
                                    let row = source + 3 * gy * k
                                    for gx in firstColumn...lastColumn {
                                        let w =
                                            table[Int(min(u.magnitude &+ 32768, lastFixed) >> 16)]
                                            * table[Int(min(v.magnitude &+ 32768, lastFixed) >> 16)]
                                        let pixel = UnsafeRawPointer(row + 3 * gx).loadUnaligned(as: SIMD4<UInt8>.self)
                                        sum += w * SIMD4<Float>(pixel)
                                        total += w
                                        u &+= du
                                        v &+= dv
                                    }
                                }
                                let o = 3 * (j * n + i)
                                // The discrete weights of a turned kernel do not sum to exactly 1.
                                let scale = total > 0 ? 1 / total : 0
                                out[o] = Self.byte(sum.x * scale)
                                out[o + 1] = Self.byte(sum.y * scale)
                                out[o + 2] = Self.byte(sum.z * scale)
                            }
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
    private static func columns(c: Double, s: Double, inverseC: Double, inverseS: Double, dy: Double, reach: Double)
        -> (Double, Double)
    {
        // |c·δx − s·δy| < reach and |s·δx + c·δy| < reach; a turn that is not a quarter turn has
        // c ≠ 0 and s ≠ 0, but either may be tiny: the interval is then wide, and the weights zero.
        let a0 = (-reach + s * dy) * inverseC, a1 = (reach + s * dy) * inverseC
        let b0 = (-reach - c * dy) * inverseS, b1 = (reach - c * dy) * inverseS
        let lower = max(min(a0, a1), min(b0, b1)), upper = min(max(a0, a1), max(b0, b1))
        return (lower - 1e-9, upper + 1e-9)
    }

    private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 255) + 0.5) }

    /// ⌈x⌉ and ⌊x⌋ for the small, finite values of the tap ranges, without a libm call per row.
    @inline(__always) private static func ceiling(_ x: Double) -> Int {
        let t = Int(x)
        return Double(t) < x ? t + 1 : t
    }

    @inline(__always) private static func floor(_ x: Double) -> Int {
        let t = Int(x)
        return Double(t) > x ? t - 1 : t
    }
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
