/// A separable resampler that takes input rows one at a time and finishes output rows as soon as
/// their last input row has arrived.
///
/// Only `vertical.window` horizontally-filtered rows are kept, so a crop of a 12-megapixel photo
/// holds a few hundred kilobytes of intermediate data instead of the decoded image. Pixels are
/// 3 floats (R, G, B); the loops are plain code over pointers, which the optimizer vectorizes
/// and which stays usable in debug builds.
struct Resampler {
    let horizontal: FilterAxis
    let vertical: FilterAxis
    /// `vertical.window` rows of `horizontal.outputCount × 3` floats; input row y lives in slot y % window.
    private var ring: [Float]
    private var sum: [Float]
    private var received = 0
    private var finished = 0
    private(set) var image: RGBImage

    init(horizontal: FilterAxis, vertical: FilterAxis) {
        self.horizontal = horizontal
        self.vertical = vertical
        ring = Array(repeating: 0, count: vertical.window * horizontal.outputCount * 3)
        sum = Array(repeating: 0, count: horizontal.outputCount * 3)
        image = RGBImage(width: horizontal.outputCount, height: vertical.outputCount)
    }

    /// `row` holds the columns `horizontal.inputRange` (3 floats per pixel, then one more float
    /// that may be read but is never used) of input row
    /// `vertical.inputRange.lowerBound + rows received so far`.
    mutating func push(_ row: UnsafePointer<Float>) {
        let y = vertical.inputRange.lowerBound + received
        let width = horizontal.outputCount
        ring.withUnsafeMutableBufferPointer { ring in
            Self.filter(row, horizontal, into: ring.baseAddress! + (y % vertical.window) * width * 3)
        }
        received += 1
        while finished < vertical.outputCount, vertical.readyAfter[finished] <= y + 1 {
            finishRow(finished)
            finished += 1
        }
    }

    /// One input row filtered horizontally into `target` (`horizontal.outputCount × 3` floats).
    ///
    /// R, G, B (and the next pixel's R, ignored) go in one vector, and two outputs are summed side
    /// by side so that neither waits on the other's additions. Each lane still does the scalar
    /// sum's multiplies and adds in the same order, so the result is bit-for-bit the plain loop's.
    private static func filter(_ row: UnsafePointer<Float>, _ h: FilterAxis, into target: UnsafeMutablePointer<Float>) {
        h.weights.withUnsafeBufferPointer { weights in
            h.starts.withUnsafeBufferPointer { starts in
                h.counts.withUnsafeBufferPointer { counts in
                    let first = h.inputRange.lowerBound
                    func taps(_ x: Int) -> UnsafeRawPointer { UnsafeRawPointer(row + 3 * (starts[x] - first)) }
                    func store(_ sum: SIMD4<Float>, _ x: Int) {
                        (target[3 * x], target[3 * x + 1], target[3 * x + 2]) = (sum[0], sum[1], sum[2])
                    }
                    var x = 0
                    while x < h.outputCount {
                        let a = taps(x), wa = weights.baseAddress! + x * h.stride
                        var sa = SIMD4<Float>()
                        guard x + 1 < h.outputCount else {
                            for t in 0..<counts[x] {
                                sa += a.loadUnaligned(fromByteOffset: 12 * t, as: SIMD4<Float>.self) * wa[t]
                            }
                            store(sa, x)
                            break
                        }
                        let b = taps(x + 1), wb = wa + h.stride
                        var sb = SIMD4<Float>()
                        let common = min(counts[x], counts[x + 1])
                        for t in 0..<common {
                            sa += a.loadUnaligned(fromByteOffset: 12 * t, as: SIMD4<Float>.self) * wa[t]
                            sb += b.loadUnaligned(fromByteOffset: 12 * t, as: SIMD4<Float>.self) * wb[t]
                        }
                        for t in common..<counts[x] {
                            sa += a.loadUnaligned(fromByteOffset: 12 * t, as: SIMD4<Float>.self) * wa[t]
                        }
                        for t in common..<counts[x + 1] {
                            sb += b.loadUnaligned(fromByteOffset: 12 * t, as: SIMD4<Float>.self) * wb[t]
                        }
                        store(sa, x)
                        store(sb, x + 1)
                        x += 2
                    }
                }
            }
        }
    }

    private mutating func finishRow(_ y: Int) {
        let count = horizontal.outputCount * 3
        let v = vertical
        let start = v.starts[y]
        sum.withUnsafeMutableBufferPointer { sum in
            let sum = sum.baseAddress!
            ring.withUnsafeBufferPointer { ring in
                sum.update(repeating: 0, count: count)
                for t in 0..<v.counts[y] {
                    let w = v.weights[y * v.stride + t]
                    let source = ring.baseAddress! + ((start + t) % v.window) * count
                    for i in 0..<count { sum[i] += source[i] * w }
                }
            }
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                let out = pixels.baseAddress! + y * count
                for i in 0..<count { out[i] = Self.quantize(sum[i]) }
            }
        }
    }

    /// A 0…1 sample as a byte (clamped: Lanczos overshoots at edges), rounded half away from zero
    /// as `rounded()` does, without its libm call (8 % of a photo batch's instructions): for
    /// 0 ≤ x ≤ 255 both the truncation and `x − Float(whole)` are exact, so this is `roundf(x)`
    /// bit for bit.
    @inline(__always)
    static func quantize(_ value: Float) -> UInt8 {
        let x = min(max(value, 0), 1) * 255
        let whole = UInt8(x)
        return x - Float(whole) >= 0.5 ? whole + 1 : whole
    }
}
