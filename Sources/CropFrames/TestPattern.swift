/// The stand-in photo when a scenario names no image file: a gradient under a checkerboard with
/// a black "F" on yellow in the top-left cell, so a flipped or rotated frame is obvious at a
/// glance, and a faint finer checkerboard (`subdivisions` a cell) so a frame zoomed in to the
/// limit, where the mask spans about two cells, still shows motion and scale. Defined in the photo's own unit square (u, v in 0...1, origin top-left) so the SVG
/// and the raster draw the same picture at any size.
enum TestPattern {
    /// Checkerboard cells across the photo's long side.
    static let cellsAcrossLongSide = 8.0
    /// Gradient from Okabe–Ito blue (left) to bluish green (right).
    static let left: SIMD3<Double> = [0, 114, 178]
    static let right: SIMD3<Double> = [0, 158, 115]
    static let marker: SIMD3<Double> = [240, 228, 66]
    /// White laid over every other cell.
    static let checkerOpacity = 0.2
    /// Fine squares along a cell's side, and the white laid over every other one.
    static let subdivisions = 4.0
    static let fineOpacity = 0.1
    /// The "F" inside the top-left cell, as rectangles in cell units (x, y, width, height).
    static let glyph: [(Double, Double, Double, Double)] = [
        (0.22, 0.14, 0.18, 0.72), (0.22, 0.14, 0.58, 0.17), (0.22, 0.44, 0.42, 0.15)
    ]

    /// Side of one cell in the photo's pixels.
    static func cell(width: Double, height: Double) -> Double { max(width, height) / cellsAcrossLongSide }

    /// The color at pixel (x, y) of a `width` × `height` photo.
    static func color(x: Double, y: Double, width: Double, height: Double) -> SIMD3<Double> {
        let c = cell(width: width, height: height)
        let i = Int(x / c), j = Int(y / c)
        if i == 0 && j == 0 {
            let cx = x / c, cy = y / c
            let inGlyph = glyph.contains { cx >= $0.0 && cx < $0.0 + $0.2 && cy >= $0.1 && cy < $0.1 + $0.3 }
            return inGlyph ? [0, 0, 0] : marker
        }
        let t = min(max(x / width, 0), 1)
        var rgb = left + (right - left) * t
        if (i + j) % 2 == 0 { rgb += (SIMD3(repeating: 255) - rgb) * checkerOpacity }
        let fine = c / subdivisions
        if (Int(x / fine) + Int(y / fine)) % 2 == 0 { rgb += (SIMD3(repeating: 255) - rgb) * fineOpacity }
        return rgb
    }

    /// `color` down one column (photo pixel `x`) for every cell but the marker's: the four
    /// colors a cell's parity and a fine square's parity give it, each computed as `color`
    /// computes it, so a raster looks them up instead of working them out a pixel at a time.
    struct Column {
        let cell: Int
        let fineSquare: Int
        let plain, checker, fine, both: SIMD3<Double>
        /// The "F"'s rectangles whose columns this column crosses (bit n for `glyph[n]`).
        let glyph: UInt8

        init(x: Double, width: Double, height: Double) {
            let c = TestPattern.cell(width: width, height: height)
            cell = Int(x / c)
            glyph = TestPattern.glyphBits(x / c) { ($0.0, $0.2) }
            fineSquare = Int(x / (c / subdivisions))
            let t = min(max(x / width, 0), 1)
            plain = left + (right - left) * t
            checker = plain + (SIMD3(repeating: 255) - plain) * checkerOpacity
            fine = plain + (SIMD3(repeating: 255) - plain) * fineOpacity
            both = checker + (SIMD3(repeating: 255) - checker) * fineOpacity
        }

        /// The color where this column crosses `row`; nil in the marker's cell.
        func color(_ row: Row) -> SIMD3<Double>? {
            if cell == 0 && row.cell == 0 { return nil }
            let onChecker = (cell + row.cell) % 2 == 0, onFine = (fineSquare + row.fineSquare) % 2 == 0
            return onChecker ? (onFine ? both : checker) : (onFine ? fine : plain)
        }
    }

    /// One row (photo pixel `y`) of the cells and fine squares, for `Column.color`.
    struct Row {
        let cell: Int
        let fineSquare: Int
        /// The "F"'s rectangles whose rows this row crosses: a pixel of the marker's cell is
        /// the glyph's where its column's bits and its row's share one.
        let glyph: UInt8

        init(y: Double, width: Double, height: Double) {
            let c = TestPattern.cell(width: width, height: height)
            cell = Int(y / c)
            glyph = TestPattern.glyphBits(y / c) { ($0.1, $0.3) }
            fineSquare = Int(y / (c / subdivisions))
        }
    }

    /// The rectangles of `glyph` whose span along one axis (`span` gives its start and length in
    /// cell units) holds `t`, as `color` tests it: bit n for `glyph[n]`.
    static func glyphBits(_ t: Double, _ span: ((Double, Double, Double, Double)) -> (Double, Double)) -> UInt8 {
        var bits: UInt8 = 0
        for (n, g) in glyph.enumerated() {
            let (start, length) = span(g)
            if t >= start && t < start + length { bits |= 1 << n }
        }
        return bits
    }

    /// The same picture as an SVG symbol with viewBox `0 0 width height`.
    static func svgSymbol(id: String, width: Double, height: Double) -> String {
        let c = cell(width: width, height: height)
        let w = svgNumber(width), h = svgNumber(height), cs = svgNumber(c)
        func hex(_ v: SIMD3<Double>) -> String { String(format: "#%02X%02X%02X", Int(v.x), Int(v.y), Int(v.z)) }
        var s = "<symbol id=\"\(id)\" viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"none\">"
        s +=
            "<linearGradient id=\"\(id)-g\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\"><stop offset=\"0\" stop-color=\"\(hex(left))\"/>"
        s += "<stop offset=\"1\" stop-color=\"\(hex(right))\"/></linearGradient>"
        s +=
            "<pattern id=\"\(id)-c\" width=\"\(svgNumber(2 * c))\" height=\"\(svgNumber(2 * c))\" patternUnits=\"userSpaceOnUse\">"
        s += "<rect width=\"\(cs)\" height=\"\(cs)\" fill=\"#fff\" fill-opacity=\"\(checkerOpacity)\"/>"
        s +=
            "<rect x=\"\(cs)\" y=\"\(cs)\" width=\"\(cs)\" height=\"\(cs)\" fill=\"#fff\" fill-opacity=\"\(checkerOpacity)\"/></pattern>"
        let f = svgNumber(c / subdivisions), f2 = svgNumber(2 * c / subdivisions)
        s += "<pattern id=\"\(id)-f\" width=\"\(f2)\" height=\"\(f2)\" patternUnits=\"userSpaceOnUse\">"
        s += "<rect width=\"\(f)\" height=\"\(f)\" fill=\"#fff\" fill-opacity=\"\(fineOpacity)\"/>"
        s +=
            "<rect x=\"\(f)\" y=\"\(f)\" width=\"\(f)\" height=\"\(f)\" fill=\"#fff\" fill-opacity=\"\(fineOpacity)\"/></pattern>"
        s +=
            "<rect width=\"\(w)\" height=\"\(h)\" fill=\"url(#\(id)-g)\"/><rect width=\"\(w)\" height=\"\(h)\" fill=\"url(#\(id)-c)\"/>"
        s += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"url(#\(id)-f)\"/>"
        s += "<rect width=\"\(cs)\" height=\"\(cs)\" fill=\"\(hex(marker))\"/>"
        for g in glyph {
            s +=
                "<rect x=\"\(svgNumber(g.0 * c))\" y=\"\(svgNumber(g.1 * c))\" width=\"\(svgNumber(g.2 * c))\" height=\"\(svgNumber(g.3 * c))\" fill=\"#000\"/>"
        }
        return s + "</symbol>"
    }
}
