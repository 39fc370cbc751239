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
            for y in 0..<size.height {
                uprightRow(y, from: orientation, into: pixels.baseAddress! + y * size.width * 3)
            }
        }
        return result
    }

    /// Row `y` of `upright(from: orientation)`, written to `row` (its width × 3 bytes), so an
    /// upright copy can be streamed instead of held. Along an upright row the stored pixel moves
    /// by one fixed step (a pixel or a row, either way), so only the first two are mapped.
    func uprightRow(_ y: Int, from orientation: Orientation, into row: UnsafeMutablePointer<UInt8>) {
        let size = orientation.orientedSize(storedWidth: width, storedHeight: height)
        let w = Double(width), h = Double(height)
        func stored(_ x: Int) -> Int {
            let p = orientation.storedPoint(
                fromOriented: Point(x: Double(x) + 0.5, y: Double(y) + 0.5),
                storedWidth: w, storedHeight: h)
            return (Int(p.y) * width + Int(p.x)) * 3
        }
        let first = stored(0), step = size.width > 1 ? stored(1) - first : 0
        pixels.withUnsafeBufferPointer { pixels in
            var from = first
            for x in 0..<size.width {
                (row[3 * x], row[3 * x + 1], row[3 * x + 2]) = (pixels[from], pixels[from + 1], pixels[from + 2])
                from += step
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
