import CropImaging
import CropVocabulary

/// `FrameRaster`'s pixels a row at a time. A pixel farther than a pixel's margin from where the
/// mask's edge and stroke, the grid, the photo's edge or a fingertip can cover it is the photo's
/// color, dimmed outside the circle: exactly what `FramePen` gives it there (its blends add
/// nothing, its coverage is exactly 0 or 1), but from values worked out once a column and once
/// a row, and with squared distances instead of square roots. Every other pixel is `FramePen`'s.
struct RasterRows {
    let pen: FramePen
    let width: Int
    /// Each column's center in view points.
    private let xs: [Double]
    /// The band around the mask's edge where its coverage and stroke are partial, as squared
    /// distances from its center (`inner2` is -1 when the band reaches the center).
    private let inner2: Double
    private let outer2: Double
    /// How far from their lines the grid, the photo's edge and a fingertip can cover a pixel.
    private let gridReach: Double
    private let edgeReach: Double
    private let touchReach: Double
    /// The upright photo's columns; nil when the photo is turned.
    private let columns: UprightColumns?
    /// The factor `FramePen` dims by where the circle's coverage is 0.
    private let outside = 0 + (1 - 0) * (1 - FrameRaster.dimming)

    /// Nil when the frame has a value that is not finite or a photo or mask of no size: then
    /// every pixel is `FramePen`'s.
    init?(_ pen: FramePen, width: Int) {
        let s = pen.scene, k = pen.k, rect = s.photo
        let values = [k, s.maskRadius, s.maskCenter.x, s.maskCenter.y, rect.x, rect.y, rect.width, rect.height, s.angle]
        guard (values + s.touches.flatMap { [$0.x, $0.y] }).allSatisfy(\.isFinite),
            k > 0, rect.width > 0, rect.height > 0, s.maskRadius >= 0
        else { return nil }
        self.pen = pen
        self.width = width
        xs = (0..<width).map { (Double($0) + 0.5) * k }
        let band = pen.strokeHalf + 1.5 * k
        inner2 = s.maskRadius > band ? (s.maskRadius - band) * (s.maskRadius - band) : -1
        outer2 = (s.maskRadius + band) * (s.maskRadius + band)
        gridReach = pen.gridHalf + 1.5 * k
        edgeReach = 0.75 * k + 1.5 * k
        touchReach = FrameScene.touchRadius + max(1.5, k) + 1.5 * k
        columns = pen.turn != nil ? nil : UprightColumns(pen, xs: xs, outside: outside)
    }

    /// Draws row `py` into `out`, the row's first byte.
    func draw(row py: Int, into out: UnsafeMutablePointer<UInt8>) {
        let y = (Double(py) + 0.5) * pen.k
        guard let columns else { return drawTurned(y: y, into: out) }
        let dy = y - pen.scene.maskCenter.y, dy2 = dy * dy
        let row = columns.row(y)
        var px = 0
        for span in exactSpans(y: y, dy2: dy2) {
            drawPlain(px..<span.lowerBound, row: row, dy2: dy2, columns: columns, into: out)
            for p in span { FrameRaster.put(pen.color(at: Point(x: xs[p], y: y)), at: out + 3 * p) }
            px = span.upperBound
        }
        drawPlain(px..<width, row: row, dy2: dy2, columns: columns, into: out)
    }

    /// Columns no line reaches: the photo's bytes, dimmed outside the circle.
    private func drawPlain(
        _ range: Range<Int>, row: UprightColumns.Row, dy2: Double, columns: UprightColumns,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let cx = pen.scene.maskCenter.x, outer2 = outer2
        xs.withUnsafeBufferPointer { xs in
            columns.put(range, row, into: out) { px in
                let dx = xs[px] - cx
                return dx * dx + dy2 >= outer2
            }
        }
    }

    /// The columns of the row at `y` that may lie where a line covers a pixel, as sorted spans
    /// that do not touch, found from where each line crosses the row, a pixel wider each side:
    /// the mask's band (its edge and stroke), the grid inside it, the photo's edge, the
    /// fingertips. A column outside them has `d2` at most `inner2` or at least `outer2` and no
    /// line near it.
    private func exactSpans(y: Double, dy2: Double) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        func mark(_ a: Double, _ b: Double) {
            let lo = Int(max(min(a / pen.k - 0.5, Double(width)), -2).rounded(.down)) - 1
            let hi = Int(max(min(b / pen.k - 0.5, Double(width)), -2).rounded(.up)) + 1
            let from = max(lo, 0), to = min(hi + 1, width)
            if from < to { spans.append(from..<to) }
        }
        let s = pen.scene, cx = s.maskCenter.x
        let inner = inner2 > dy2 ? (inner2 - dy2).squareRoot() : 0
        if outer2 > dy2 {
            let outer = (outer2 - dy2).squareRoot()
            mark(cx - outer, cx - inner)
            mark(cx + inner, cx + outer)
        }
        if s.gridVisible && inner2 > dy2 {
            if abs(y - s.maskCenter.y) < gridReach {
                mark(cx - inner, cx + inner)
            } else {
                mark(cx - gridReach, cx + gridReach)
            }
        }
        let r = s.photo, e = edgeReach
        if y > r.minY - e && y < r.maxY + e {
            mark(r.minX - e, r.minX + e)
            mark(r.maxX - e, r.maxX + e)
        }
        if abs(y - r.minY) < e || abs(y - r.maxY) < e { mark(r.minX - e, r.maxX + e) }
        for t in s.touches where abs(t.y - y) < touchReach { mark(t.x - touchReach, t.x + touchReach) }
        spans.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for span in spans {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// A row of a turned photo: each pixel's point unturned, and the pen's wherever a line
    /// may cover it.
    private func drawTurned(y: Double, into out: UnsafeMutablePointer<UInt8>) {
        let s = pen.scene
        let dy = y - s.maskCenter.y, dy2 = dy * dy
        let gridRow = abs(dy) < gridReach
        let touched = s.touches.contains { abs($0.y - y) < touchReach }
        for px in 0..<width {
            let p = Point(x: xs[px], y: y)
            let dx = p.x - s.maskCenter.x, d2 = dx * dx + dy2
            let q = pen.unturned(p)
            let exact =
                d2 > inner2 && d2 < outer2
                || s.gridVisible && d2 <= inner2 && (gridRow || abs(dx) < gridReach)
                || nearEdge(q)
                || touched
                    && s.touches.contains { t in
                        (p.x - t.x) * (p.x - t.x) + (p.y - t.y) * (p.y - t.y) < touchReach * touchReach
                    }
            var c = exact ? pen.color(at: p) : pen.photoColor(at: q)
            if !exact && d2 >= outer2 { c *= outside }
            FrameRaster.put(c, at: out + 3 * px)
        }
    }

    /// Whether the photo's dashed edge can reach the pixel at `q` (on the unturned photo).
    private func nearEdge(_ q: Point) -> Bool {
        let r = pen.scene.photo, e = edgeReach
        let nearX = abs(q.x - r.minX) < e || abs(q.x - r.maxX) < e
        let nearY = abs(q.y - r.minY) < e || abs(q.y - r.maxY) < e
        return nearX && q.y > r.minY - e && q.y < r.maxY + e || nearY && q.x > r.minX - e && q.x < r.maxX + e
    }
}
