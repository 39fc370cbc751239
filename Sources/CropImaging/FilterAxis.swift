import Foundation

/// The resampling weights along one axis: which input pixels each output pixel reads, and how much.
///
/// The filter is Lanczos-3, stretched by the reduction factor when shrinking so that it always
/// spans three output pixels either side (a separable filter whose support scales with the
/// reduction: area-averaging for large reductions, sharp interpolation near 1:1). Positions are
/// continuous, so a crop rect at fractional pixels is honored exactly. Taps past the image edge
/// fold onto the edge pixel (clamp-to-edge), which keeps flat areas flat up to the border.
struct FilterAxis {
    static let lobes = 3.0

    let outputCount: Int
    /// Every input index some output reads: the only rows or columns the decoder must produce.
    let inputRange: Range<Int>
    /// Per output: its first input index and tap count; weights at `index × stride`.
    let starts: [Int]
    let counts: [Int]
    let weights: [Float]
    let stride: Int
    /// Per output: how many inputs (from 0) must have arrived before it can be computed; never
    /// decreasing, so outputs can be finished in order as rows stream in.
    let readyAfter: [Int]
    /// The most inputs any output still needs when it becomes ready: the rows to keep in memory.
    let window: Int

    /// `outputCount` pixels covering `[origin, origin + length)` of an axis with `inputCount` pixels.
    init(outputCount: Int, origin: Double, length: Double, inputCount: Int) {
        let scale = length / Double(outputCount)
        let stretch = max(scale, 1)
        let radius = Self.lobes * stretch
        let stride = Int((2 * radius).rounded(.up)) + 2
        var starts = [Int](), counts = [Int](), weights = [Float](repeating: 0, count: outputCount * stride)
        starts.reserveCapacity(outputCount)
        counts.reserveCapacity(outputCount)
        var taps = [Double]()
        for output in 0..<outputCount {
            let center = origin + (Double(output) + 0.5) * scale
            let first = Int((center - radius - 0.5).rounded(.down))
            let last = Int((center + radius - 0.5).rounded(.up))
            taps.removeAll(keepingCapacity: true)
            var tapStart = -1
            for j in first...last {
                let w = Self.lanczos((Double(j) + 0.5 - center) / stretch)
                let index = min(max(j, 0), inputCount - 1)
                if tapStart < 0 { tapStart = index }
                if index - tapStart < taps.count { taps[index - tapStart] += w } else { taps.append(w) }
            }
            // Trim taps that contribute nothing (at 1:1 only the center tap is left).
            var lower = 0, upper = taps.count
            while upper - lower > 1, abs(taps[lower]) < 1e-7 { lower += 1 }
            while upper - lower > 1, abs(taps[upper - 1]) < 1e-7 { upper -= 1 }
            let total = taps[lower..<upper].reduce(0, +)
            for (k, w) in taps[lower..<upper].enumerated() { weights[output * stride + k] = Float(w / total) }
            starts.append(tapStart + lower)
            counts.append(upper - lower)
        }
        var readyAfter = [Int](), window = 1, ready = 0
        for output in 0..<outputCount {
            ready = max(ready, starts[output] + counts[output])
            readyAfter.append(ready)
            window = max(window, ready - starts[output])
        }
        self.outputCount = outputCount
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.stride = stride
        self.readyAfter = readyAfter
        self.window = window
        inputRange = (starts.min() ?? 0)..<(readyAfter.last ?? 0)
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }
}
