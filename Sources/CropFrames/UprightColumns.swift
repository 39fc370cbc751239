import CropImaging

/// An upright photo's pixels away from every line, as the bytes `FramePen` would round them to,
/// lit or dimmed: a photo pixel's bytes and a 256-entry table of their dimmed values, or the test
/// pattern's four colors a column (`TestPattern.Column`; in the marker's cell, its yellow or the
/// "F"'s black) worked out once a frame. A pixel then costs a few integer operations and no
/// floating point (issue 36).
struct UprightColumns {
    /// A row of the photo: its pixel row (-1 off the photo) and the test pattern's cell and fine
    /// square there.
    struct Row {
        let y: Int
        let cell: Int
        let fineSquare: Int
        let glyph: UInt8
    }

    private let photo: RGBImage?
    private let imagePixels: (width: Double, height: Double)
    private let top: Double, height: Double
    /// Each column's photo column, -1 off the photo.
    private let x: [Int]
    /// Each column's test-pattern cell and fine square, and its four colors (`variant`) lit and
    /// dimmed.
    private let cell: [Int]
    private let fineSquare: [Int]
    /// Each column's `TestPattern.Column.glyph`, and the marker cell's two colors (the yellow and
    /// the "F"'s black), lit and dimmed.
    private let glyph: [UInt8]
    private let marker: (lit: SIMD3<UInt8>, dim: SIMD3<UInt8>)
    private let ink: (lit: SIMD3<UInt8>, dim: SIMD3<UInt8>)
    private let lit: [SIMD3<UInt8>]
    private let dim: [SIMD3<UInt8>]
    /// A photo byte dimmed.
    private let dimmed: [UInt8]
    private let background: (lit: SIMD3<UInt8>, dim: SIMD3<UInt8>)
    /// The test pattern's whole rows off the marker's cell, lit and dimmed, by the parity of the
    /// row's cell and fine square (`rowKey`): a row is then copied, not worked out a pixel at a
    /// time. Empty for a photo.
    private var patternRows: [(lit: [UInt8], dim: [UInt8])] = []

    init(_ pen: FramePen, xs: [Double], outside: Double) {
        let rect = pen.scene.photo, photo = pen.photo
        let size = (width: pen.imagePixels.width, height: pen.imagePixels.height)
        self.photo = photo
        imagePixels = size
        top = rect.minY
        height = rect.height
        let u = xs.map { $0 >= rect.minX && $0 < rect.maxX ? ($0 - rect.minX) / rect.width : -1 }
        x = u.map { u in u < 0 ? -1 : photo.map { min(Int(u * Double($0.width)), $0.width - 1) } ?? 0 }
        let pattern =
            photo != nil
            ? []
            : u.map { TestPattern.Column(x: Swift.max($0, 0) * size.width, width: size.width, height: size.height) }
        cell = pattern.map(\.cell)
        fineSquare = pattern.map(\.fineSquare)
        glyph = pattern.map(\.glyph)
        marker = (Self.bytes(TestPattern.marker), Self.bytes(TestPattern.marker * outside))
        ink = (Self.bytes([0, 0, 0]), Self.bytes(SIMD3<Double>(0, 0, 0) * outside))
        let colors = pattern.flatMap { [$0.plain, $0.fine, $0.checker, $0.both] }
        lit = colors.map(Self.bytes)
        dim = colors.map { Self.bytes($0 * outside) }
        dimmed = (0...255).map { FrameRaster.channel(Double($0) * outside) }
        background = (Self.bytes(FrameRaster.background), Self.bytes(FrameRaster.background * outside))
        if photo == nil { patternRows = (0..<4).map(patternRow) }
    }

    private static func rowKey(_ row: Row) -> Int { (row.cell & 1) << 1 | row.fineSquare & 1 }

    /// The lit and dimmed bytes of every column in a test-pattern row off the marker's cell
    /// whose `rowKey` is `key`.
    private func patternRow(_ key: Int) -> (lit: [UInt8], dim: [UInt8]) {
        let row = Row(y: 0, cell: key >> 1 | 2, fineSquare: key & 1, glyph: 0)
        var lit = [UInt8](repeating: 0, count: x.count * 3), dim = lit
        lit.withUnsafeMutableBufferPointer { l in
            dim.withUnsafeMutableBufferPointer { d in
                for px in 0..<x.count {
                    put(px, row, dimmed: false, at: l.baseAddress! + 3 * px)
                    put(px, row, dimmed: true, at: d.baseAddress! + 3 * px)
                }
            }
        }
        return (lit, dim)
    }

    /// Writes columns `range` of `row` into `out` (the row's first byte), each dimmed where
    /// `dimmed` says.
    @inline(__always) func put(
        _ range: Range<Int>, _ row: Row, into out: UnsafeMutablePointer<UInt8>, dimmed: (Int) -> Bool
    ) {
        guard photo == nil, row.y >= 0, row.cell != 0 else {
            for px in range { put(px, row, dimmed: dimmed(px), at: out + 3 * px) }
            return
        }
        let bytes = patternRows[Self.rowKey(row)]
        bytes.lit.withUnsafeBufferPointer { l in
            bytes.dim.withUnsafeBufferPointer { d in
                let lit = l.baseAddress!, dim = d.baseAddress!
                for px in range {
                    let from = (dimmed(px) ? dim : lit) + 3 * px, to = out + 3 * px
                    to[0] = from[0]
                    to[1] = from[1]
                    to[2] = from[2]
                }
            }
        }
    }

    static func bytes(_ c: SIMD3<Double>) -> SIMD3<UInt8> {
        SIMD3(FrameRaster.channel(c.x), FrameRaster.channel(c.y), FrameRaster.channel(c.z))
    }

    /// The row at view height `y` (on the photo when `FramePen.photoColor` says so).
    func row(_ y: Double) -> Row {
        guard y >= top, y < top + height else { return Row(y: -1, cell: 0, fineSquare: 0, glyph: 0) }
        let v = (y - top) / height
        if let photo {
            return Row(y: min(Int(v * Double(photo.height)), photo.height - 1), cell: 0, fineSquare: 0, glyph: 0)
        }
        let r = TestPattern.Row(y: v * imagePixels.height, width: imagePixels.width, height: imagePixels.height)
        return Row(y: 0, cell: r.cell, fineSquare: r.fineSquare, glyph: r.glyph)
    }

    /// Writes the bytes of column `px` in `row`, `dimmed` or lit, at `p`.
    @inline(__always) func put(_ px: Int, _ row: Row, dimmed isDimmed: Bool, at p: UnsafeMutablePointer<UInt8>) {
        let ix = x[px]
        guard ix >= 0, row.y >= 0 else {
            Self.write(isDimmed ? background.dim : background.lit, at: p)
            return
        }
        guard let photo else {
            let c = cell[px]
            if c == 0 && row.cell == 0 {
                let color = glyph[px] & row.glyph != 0 ? ink : marker
                Self.write(isDimmed ? color.dim : color.lit, at: p)
                return
            }
            let variant = ((c + row.cell) & 1 == 0 ? 2 : 0) + ((fineSquare[px] + row.fineSquare) & 1 == 0 ? 1 : 0)
            Self.write(isDimmed ? dim[4 * px + variant] : lit[4 * px + variant], at: p)
            return
        }
        let i = (row.y * photo.width + ix) * 3
        photo.pixels.withUnsafeBufferPointer { s in
            if isDimmed {
                dimmed.withUnsafeBufferPointer { d in
                    p[0] = d[Int(s[i])]
                    p[1] = d[Int(s[i + 1])]
                    p[2] = d[Int(s[i + 2])]
                }
            } else {
                p[0] = s[i]
                p[1] = s[i + 1]
                p[2] = s[i + 2]
            }
        }
    }

    @inline(__always) private static func write(_ c: SIMD3<UInt8>, at p: UnsafeMutablePointer<UInt8>) {
        p[0] = c.x
        p[1] = c.y
        p[2] = c.z
    }
}
