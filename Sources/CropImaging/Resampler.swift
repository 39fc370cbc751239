/// A separable resampler that takes input rows one at a time and finishes output rows as soon as
/// their last input row has arrived.
///
/// Only `vertical.window` horizontally-filtered rows are kept, so a crop of a 12-megapixel photo
/// holds a few hundred kilobytes of intermediate data instead of the decoded image. Pixels are
/// 3 floats (R, G, B); the loops are plain scalar code over pointers, which the optimizer
/// vectorizes and which stays usable in debug builds.
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

    /// `row` holds the columns `horizontal.inputRange` (3 floats per pixel) of input row
    /// `vertical.inputRange.lowerBound + rows received so far`.
    mutating func push(_ row: UnsafePointer<Float>) {
        let y = vertical.inputRange.lowerBound + received
        let width = horizontal.outputCount
        let h = horizontal
        ring.withUnsafeMutableBufferPointer { ring in
            h.weights.withUnsafeBufferPointer { weights in
                h.starts.withUnsafeBufferPointer { starts in
                    h.counts.withUnsafeBufferPointer { counts in
                        let target = ring.baseAddress! + (y % vertical.window) * width * 3
                        let first = h.inputRange.lowerBound
                        for x in 0..<width {
                            let taps = row + 3 * (starts[x] - first)
                            let w = weights.baseAddress! + x * h.stride
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            for t in 0..<counts[x] {
                                r += taps[3 * t] * w[t]
                                g += taps[3 * t + 1] * w[t]
                                b += taps[3 * t + 2] * w[t]
                            }
                            target[3 * x] = r
                            target[3 * x + 1] = g
                            target[3 * x + 2] = b
                        }
                    }
                }
            }
        }
        received += 1
        while finished < vertical.outputCount, vertical.readyAfter[finished] <= y + 1 {
            finishRow(finished)
            finished += 1
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
                for i in 0..<count { out[i] = UInt8((min(max(sum[i], 0), 1) * 255).rounded()) }
            }
        }
    }
}
