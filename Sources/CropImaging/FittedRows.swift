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
/// A row is added into column sums, 16 samples at a time (a block's first row replaces them); the
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
        Self.add(row, to: columnSums, count: width * 3, startingBlock: received % block.rows == 0)
        received += 1
        guard received % block.rows == 0 || received == height else { return nil }
        let rows = received % block.rows == 0 ? block.rows : received % block.rows
        // Whole blocks share one scale; the last, partial one has its own.
        let (columns, whole) = (block.columns, width / block.columns)
        let scale = 1 / Float(255 * columns * rows)
        var (column, to) = (UnsafePointer(columnSums), floats)
        for _ in 0..<whole {
            Self.sum(column, count: columns, scale: scale, into: to)
            (column, to) = (column + 3 * columns, to + 3)
        }
        let rest = width - whole * columns
        if rest > 0 { Self.sum(column, count: rest, scale: 1 / Float(255 * rest * rows), into: to) }
        return UnsafePointer(floats)
    }

    /// The R, G and B sums of `count` pixels' column sums from `column` on, times `scale`.
    @inline(__always)
    private static func sum(
        _ column: UnsafePointer<UInt32>, count: Int, scale: Float, into to: UnsafeMutablePointer<Float>
    ) {
        var (r, g, b, column) = (UInt32(0), UInt32(0), UInt32(0), column)
        for _ in 0..<count {
            (r, g, b) = (r &+ column[0], g &+ column[1], b &+ column[2])
            column += 3
        }
        (to[0], to[1], to[2]) = (Float(r) * scale, Float(g) * scale, Float(b) * scale)
    }

    /// `sums[i] += row[i]` for `count` samples, or `sums[i] = row[i]` for a block's first row (so
    /// the sums need no clearing between blocks). 16 samples at a time as vectors, widened to 32
    /// bits on load: the scalar loop, which the optimizer vectorized on its own, took about 4.5
    /// instructions a sample.
    private static func add(
        _ row: UnsafePointer<UInt8>, to sums: UnsafeMutablePointer<UInt32>, count: Int, startingBlock: Bool
    ) {
        let end = row + count / 16 * 16
        var (from, to) = (row, UnsafeMutableRawPointer(sums))
        func widened() -> SIMD16<UInt32> {
            SIMD16(truncatingIfNeeded: UnsafeRawPointer(from).loadUnaligned(as: SIMD16<UInt8>.self))
        }
        if startingBlock {
            while from < end {
                to.storeBytes(of: widened(), as: SIMD16<UInt32>.self)
                (from, to) = (from + 16, to + 64)
            }
        } else {
            while from < end {
                to.storeBytes(of: widened() &+ to.loadUnaligned(as: SIMD16<UInt32>.self), as: SIMD16<UInt32>.self)
                (from, to) = (from + 16, to + 64)
            }
        }
        for j in count / 16 * 16..<count { sums[j] = (startingBlock ? 0 : sums[j]) &+ UInt32(row[j]) }
    }
}
