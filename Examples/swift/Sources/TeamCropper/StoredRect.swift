import CropVocabulary

extension Orientation {
    private enum Side { case top, bottom, left, right }

    /// The sides holding the stored 0th row and 0th column when the photo is shown upright
    /// (TIFF 6.0 / EXIF 2.3, tag 0x0112).
    private var sides: (row: Side, column: Side) {
        switch self {
        case .up: (.top, .left)
        case .upMirrored: (.top, .right)
        case .down: (.bottom, .right)
        case .downMirrored: (.bottom, .left)
        case .leftMirrored: (.left, .top)
        case .right: (.right, .top)
        case .rightMirrored: (.right, .bottom)
        case .left: (.left, .bottom)
        }
    }

    /// Whether the upright photo is the stored one turned a quarter (EXIF 5–8).
    var swapsAxes: Bool { rawValue >= 5 }

    /// A rect of the upright `width` × `height` photo on the stored pixel grid, for the decoder.
    func storedRect(_ r: Rect, uprightWidth width: Double, height: Double) -> Rect {
        let (rowSide, columnSide) = sides
        func distance(_ x: Double, _ y: Double, from side: Side) -> Double {
            switch side {
            case .top: y
            case .bottom: height - y
            case .left: x
            case .right: width - x
            }
        }
        func stored(_ x: Double, _ y: Double) -> Point {
            Point(x: distance(x, y, from: columnSide), y: distance(x, y, from: rowSide))
        }
        let a = stored(r.x, r.y), b = stored(r.x + r.width, r.y + r.height)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
