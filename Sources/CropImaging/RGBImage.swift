import CropModel
import CropVocabulary

/// An opaque 8-bit sRGB image, 3 bytes per pixel, rows top to bottom: a decoded photo, a display
/// thumbnail or an avatar before encoding.
public struct RGBImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixels must hold width × height × 3 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 3))
    }

    public subscript(x: Int, y: Int) -> SIMD3<UInt8> {
        let i = (y * width + x) * 3
        return SIMD3(pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// This image, taken as the stored grid of a photo with `orientation`, turned upright (R9.1).
    /// Uses the model's own mapping, so pixels land where the editor's crop math expects them.
    public func upright(from orientation: Orientation) -> RGBImage {
        guard orientation != .up else { return self }
        let size = orientation.orientedSize(storedWidth: width, storedHeight: height)
        var result = RGBImage(width: size.width, height: size.height)
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in stride(from: 0, to: size.height, by: Self.uprightBlock) {
                let rows = y..<min(y + Self.uprightBlock, size.height)
                uprightRows(rows, from: orientation, into: pixels.baseAddress! + y * size.width * 3)
            }
        }
        return result
    }

    /// How many upright rows `uprightRows` is best asked for at once: a turned photo's rows are
    /// its stored columns, and 16 of them read 48 contiguous bytes of every stored row they pass,
    /// while the 16 rows written stay in cache (16 × 3 bytes × 4000 px is 192 KB).
    static let uprightBlock = 16

    /// Rows `rows` of `upright(from: orientation)`, one after another into `target` (`rows.count`
    /// × its width × 3 bytes), so an upright copy can be streamed instead of held. Along an
    /// upright row the stored pixel moves by one fixed step, and from one upright row to the next
    /// by another, so only the first pixel and the two steps are mapped: a step of one pixel is a
    /// stored row copied (or reversed), a step of one row is a stored column, walked for all of
    /// `rows` at once (`columnRuns`).
    func uprightRows(_ rows: Range<Int>, from orientation: Orientation, into target: UnsafeMutablePointer<UInt8>) {
        let size = orientation.orientedSize(storedWidth: width, storedHeight: height)
        precondition(rows.lowerBound >= 0 && rows.upperBound <= size.height, "rows outside the upright image")
        let (w, h) = (Double(width), Double(height))
        func stored(_ x: Double, _ y: Double) -> Point {
            orientation.storedPoint(fromOriented: Point(x: x + 0.5, y: y + 0.5), storedWidth: w, storedHeight: h)
        }
        let origin = stored(0, Double(rows.lowerBound))
        let (right, down) = (stored(1, Double(rows.lowerBound)), stored(0, Double(rows.lowerBound) + 1))
        // In pixels: exact differences of the mapping (±1 or 0 on each axis), not of the indices:
        // one pixel past a 1-pixel edge, `Int` would truncate −0.5 to the first pixel's 0.
        let step = Int(right.y - origin.y) * width + Int(right.x - origin.x)
        let next = Int(down.y - origin.y) * width + Int(down.x - origin.x)
        pixels.withUnsafeBufferPointer { pixels in
            let first = pixels.baseAddress! + (Int(origin.y) * width + Int(origin.x)) * 3
            if abs(step) == 1 {
                for k in 0..<rows.count {
                    Self.copyRow(
                        from: first + 3 * k * next, step: step, count: size.width, into: target + 3 * k * size.width)
                }
            } else {
                Self.columnRuns(from: first, step: step, next: next, size: (size.width, rows.count), into: target)
            }
        }
    }

    /// `count` pixels from `source` on, forwards (`step` 1) or backwards (−1).
    private static func copyRow(
        from source: UnsafePointer<UInt8>, step: Int, count: Int, into target: UnsafeMutablePointer<UInt8>
    ) {
        guard step < 0 else { return target.update(from: source, count: 3 * count) }
        var from = source
        for x in 0..<count {
            (target[3 * x], target[3 * x + 1], target[3 * x + 2]) = (from[0], from[1], from[2])
            from -= 3
        }
    }

    /// `size.height` upright rows of `size.width` pixels whose pixels are `step` (±a stored row)
    /// apart along a row and `next` (±1 pixel) apart from row to row: for each upright column,
    /// one contiguous run of the stored row it comes from.
    private static func columnRuns(
        from first: UnsafePointer<UInt8>, step: Int, next: Int, size: (width: Int, height: Int),
        into target: UnsafeMutablePointer<UInt8>
    ) {
        let stride = 3 * size.width
        for x in 0..<size.width {
            var from = first + 3 * x * step
            var to = target + 3 * x
            for _ in 0..<size.height {
                (to[0], to[1], to[2]) = (from[0], from[1], from[2])
                from += 3 * next
                to += stride
            }
        }
    }
}

/// An in-memory image read row by row, so a crop of the display thumbnail (the memory-pressure
/// fallback) goes through the same resampler as a crop of the file.
struct RGBImageRows: RowDecoder {
    let image: RGBImage
    private var row = 0

    init(_ image: RGBImage) { self.image = image }

    var format: PixelFormat { .rgb8 }
    var columns: Range<Int> { 0..<image.width }

    mutating func skipRows(_ count: Int) throws(ImagingError) { row += count }

    mutating func readRow(into target: UnsafeMutableRawPointer) throws(ImagingError) {
        let bytes = image.width * 3
        image.pixels.withUnsafeBytes { target.copyMemory(from: $0.baseAddress! + row * bytes, byteCount: bytes) }
        row += 1
    }
}
