/// An image shrunk to fit `longEdge` (never enlarged) while its 8-bit sRGB rows stream past, top to
/// bottom: the contact sheet's preview of an inset that is never held whole. The short side is
/// `round(short × longEdge / long)`, at least 1 (`RGBImage.fittedSize`).
///
/// A large reduction is done in two steps, as libvips' thumbnails are: blocks of whole pixels are
/// first averaged (`BoxRows`) down to at least twice the preview's size, then Lanczos-3 (as for
/// the avatar) takes that to the preview. Lanczos alone read every pixel of a 12 MP inset about
/// 117 times a row (its taps span six output pixels); the box average reads it once, in integers.
/// Below a 2× reduction the blocks are single pixels and the result is Lanczos-3's alone.
///
/// Noncopyable because it owns its scratch rows.
struct FittedRows: ~Copyable {
    private let width: Int
    private let height: Int
    /// nil when the image already fits: its rows are then kept as they are.
    private var resampler: Resampler?
    private var kept: [UInt8] = []
    private var boxes: BoxRows
    private var reducedReceived = 0

    init(width: Int, height: Int, longEdge: Int) {
        let (w, h) = RGBImage.fittedSize(width: width, height: height, longEdge: longEdge)
        (self.width, self.height) = (width, height)
        // Whole blocks that leave at least twice the output's pixels on each axis.
        boxes = BoxRows(width: width, height: height, block: (max(1, width / (2 * w)), max(1, height / (2 * h))))
        if (w, h) != (width, height) {
            let (bw, bh) = (boxes.block.columns, boxes.block.rows)
            resampler = Resampler(
                horizontal: FilterAxis(
                    outputCount: w, origin: 0, length: Double(width) / Double(bw), inputCount: boxes.reducedWidth),
                vertical: FilterAxis(
                    outputCount: h, origin: 0, length: Double(height) / Double(bh), inputCount: boxes.reducedHeight))
        }
    }

    /// The next row, `width × 3` bytes.
    mutating func push(_ row: UnsafePointer<UInt8>) {
        guard let horizontal = resampler?.horizontal, let vertical = resampler?.vertical else {
            kept.append(contentsOf: UnsafeBufferPointer(start: row, count: width * 3))
            return
        }
        guard let floats = boxes.push(row) else { return }
        defer { reducedReceived += 1 }
        guard vertical.inputRange.contains(reducedReceived) else { return }
        resampler!.push(floats + 3 * horizontal.inputRange.lowerBound)
    }

    /// The fitted image, once every row was pushed.
    var image: RGBImage {
        resampler?.image ?? RGBImage(width: width, height: height, pixels: kept)
    }
}

/// 8-bit RGB rows averaged over blocks of `block.columns × block.rows` pixels as they stream
/// past, as the 0...1 floats the resampler takes. The last block of a row or column holds what is
/// left (fewer pixels), averaged over its own count. With 1 × 1 blocks a row's floats are
/// `RowConverter`'s for 8-bit sRGB (k × (1 / 255)), so a small reduction is unchanged by it.
///
/// A row is added sample by sample into column sums (a loop the optimizer vectorizes); the
/// columns are summed into blocks once per block of rows. A block leaves at least twice the
/// output's pixels, at least 2 × 160 (`PhotoInsetCrop.previewSide`), so a 100 MP photo's
/// (`DecodeLimits.default`) holds at most 156,250 pixels: 32 bits hold its sum many times over.
///
/// Noncopyable because it owns its sums and output row.
struct BoxRows: ~Copyable {
    let block: (columns: Int, rows: Int)
    let width: Int
    let height: Int
    let reducedWidth: Int
    let reducedHeight: Int
    /// Per sample of a row: its sum over the block's rows so far.
    private let columnSums: UnsafeMutablePointer<UInt32>
    /// One float past the last pixel: the resampler loads pixels as 4-float vectors.
    private let floats: UnsafeMutablePointer<Float>
    private var received = 0

    init(width: Int, height: Int, block: (columns: Int, rows: Int)) {
        (self.width, self.height, self.block) = (width, height, block)
        reducedWidth = (width + block.columns - 1) / block.columns
        reducedHeight = (height + block.rows - 1) / block.rows
        columnSums = .allocate(capacity: width * 3)
        columnSums.initialize(repeating: 0, count: width * 3)
        floats = .allocate(capacity: reducedWidth * 3 + 1)
        floats.initialize(repeating: 0, count: reducedWidth * 3 + 1)
    }

    deinit {
        columnSums.deallocate()
        floats.deallocate()
    }

    /// Adds `row` (`width × 3` bytes); returns the reduced row's floats once its block of rows is
    /// complete (valid until the next call), nil before.
    mutating func push(_ row: UnsafePointer<UInt8>) -> UnsafePointer<Float>? {
        for i in 0..<width * 3 { columnSums[i] &+= UInt32(row[i]) }
        received += 1
        guard received % block.rows == 0 || received == height else { return nil }
        let rows = received % block.rows == 0 ? block.rows : received % block.rows
        let columns = block.columns
        for b in 0..<reducedWidth {
            let start = b * columns, end = min(start + columns, width)
            var sum = SIMD3<UInt32>()
            for x in start..<end { sum &+= SIMD3(columnSums[3 * x], columnSums[3 * x + 1], columnSums[3 * x + 2]) }
            let scale = 1 / Float(255 * (end - start) * rows)
            for c in 0..<3 { floats[3 * b + c] = Float(sum[c]) * scale }
        }
        columnSums.update(repeating: 0, count: width * 3)
        return UnsafePointer(floats)
    }
}
