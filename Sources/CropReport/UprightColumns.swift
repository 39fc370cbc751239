import CropImaging

/// An upright photo's pixels away from every line, as the bytes `FramePen` would round them to,
/// lit or dimmed: a photo pixel's bytes and a 256-entry table of their dimmed values, or the test
/// pattern's four colors a column (`TestPattern.Column`) worked out once a frame. A pixel then
/// costs a few integer operations and no floating point (issue 36).
struct UprightColumns {
    /// A row of the photo: its pixel row (-1 off the photo) and the test pattern's cell and fine
    /// square there.
    struct Row {
        let y: Int
        let cell: Int
        let fineSquare: Int
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
    private let lit: [SIMD3<UInt8>]
    private let dim: [SIMD3<UInt8>]
    /// A photo byte dimmed.
    private let dimmed: [UInt8]
    private let background: (lit: SIMD3<UInt8>, dim: SIMD3<UInt8>)

    init(_ pen: FramePen, xs: [Double], outside: Double) {
        let rect = pen.scene.photo, photo = pen.photo
        let size = (width: pen.imagePixels.width, height: pen.imagePixels.height)
        self.photo = photo
        imagePixels = size
        top = rect.minY
        height = rect.height
        let u = xs.map { $0 >= rect.minX && $0 < rect.maxX ? ($0 - rect.minX) / rect.width : -1 }
        x = u.map { u in u < 0 ? -1 : photo.map { min(Int(u * Double($0.width)), $0.width - 1) } ?? 0 }
        let pattern = photo != nil ? [] : u.map { TestPattern.Column(x: Swift.max($0, 0) * size.width, width: size.width, height: size.height) }
        cell = pattern.map(\.cell)
        fineSquare = pattern.map(\.fineSquare)
        let colors = pattern.flatMap { [$0.plain, $0.fine, $0.checker, $0.both] }
        lit = colors.map(Self.bytes)
        dim = colors.map { Self.bytes($0 * outside) }
        dimmed = (0...255).map { FrameRaster.channel(Double($0) * outside) }
        background = (Self.bytes(FrameRaster.background), Self.bytes(FrameRaster.background * outside))
    }

    static func bytes(_ c: SIMD3<Double>) -> SIMD3<UInt8> { SIMD3(FrameRaster.channel(c.x), FrameRaster.channel(c.y), FrameRaster.channel(c.z)) }

    /// The row at view height `y` (on the photo when `FramePen.photoColor` says so).
    func row(_ y: Double) -> Row {
        guard y >= top, y < top + height else { return Row(y: -1, cell: 0, fineSquare: 0) }
        let v = (y - top) / height
        if let photo { return Row(y: min(Int(v * Double(photo.height)), photo.height - 1), cell: 0, fineSquare: 0) }
        let r = TestPattern.Row(y: v * imagePixels.height, width: imagePixels.width, height: imagePixels.height)
        return Row(y: 0, cell: r.cell, fineSquare: r.fineSquare)
    }

    /// The bytes of column `px` in `row`, `dimmed` or lit; nil in the test pattern's marker cell,
    /// which `FramePen` draws.
    func pixel(_ px: Int, _ row: Row?, dimmed isDimmed: Bool) -> SIMD3<UInt8>? {
        guard let row else { return nil }
        let ix = x[px]
        guard ix >= 0, row.y >= 0 else { return isDimmed ? background.dim : background.lit }
        guard let photo else {
            let c = cell[px]
            if c == 0 && row.cell == 0 { return nil }
            let variant = ((c + row.cell) % 2 == 0 ? 2 : 0) + ((fineSquare[px] + row.fineSquare) % 2 == 0 ? 1 : 0)
            return isDimmed ? dim[4 * px + variant] : lit[4 * px + variant]
        }
        let i = (row.y * photo.width + ix) * 3
        let s = SIMD3(photo.pixels[i], photo.pixels[i + 1], photo.pixels[i + 2])
        return isDimmed ? SIMD3(dimmed[Int(s.x)], dimmed[Int(s.y)], dimmed[Int(s.z)]) : s
    }
}
