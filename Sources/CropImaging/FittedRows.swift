/// An image shrunk to fit `longEdge` (never enlarged) while its 8-bit sRGB rows stream past, top to
/// bottom: the contact sheet's preview of an inset that is never held whole. Lanczos-3 as for the
/// avatar; the short side is `round(short × longEdge / long)`, at least 1 (`RGBImage.fittedSize`).
///
/// Noncopyable because it owns its converter and scratch row.
struct FittedRows: ~Copyable {
    private let width: Int
    private let height: Int
    /// nil when the image already fits: its rows are then kept as they are.
    private var resampler: Resampler?
    private var kept: [UInt8] = []
    private let converter: RowConverter
    private let floats: UnsafeMutablePointer<Float>
    private var received = 0

    init(width: Int, height: Int, longEdge: Int) {
        let (w, h) = RGBImage.fittedSize(width: width, height: height, longEdge: longEdge)
        (self.width, self.height) = (width, height)
        if (w, h) != (width, height) {
            resampler = Resampler(
                horizontal: FilterAxis(outputCount: w, origin: 0, length: Double(width), inputCount: width),
                vertical: FilterAxis(outputCount: h, origin: 0, length: Double(height), inputCount: height))
        }
        let columns = resampler?.horizontal.inputRange.count ?? 1
        converter = RowConverter(color: .sRGB, format: .rgb8, maxPixels: columns)
        // One float past the last pixel: the resampler loads pixels as 4-float vectors.
        floats = .allocate(capacity: columns * 3 + 1)
        floats.initialize(repeating: 0, count: columns * 3 + 1)
    }

    deinit { floats.deallocate() }

    /// The next row, `width × 3` bytes.
    mutating func push(_ row: UnsafePointer<UInt8>) {
        defer { received += 1 }
        guard let horizontal = resampler?.horizontal, let vertical = resampler?.vertical else {
            kept.append(contentsOf: UnsafeBufferPointer(start: row, count: width * 3))
            return
        }
        guard vertical.inputRange.contains(received) else { return }
        let columns = horizontal.inputRange
        converter.convert(row + 3 * columns.lowerBound, count: columns.count, into: floats)
        resampler!.push(floats)
    }

    /// The fitted image, once every row was pushed.
    var image: RGBImage {
        resampler?.image ?? RGBImage(width: width, height: height, pixels: kept)
    }
}
