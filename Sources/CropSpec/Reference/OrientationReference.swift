import CropVocabulary

/// The EXIF/TIFF Orientation tag (0x0112), restated from its definition rather than from the model.
///
/// TIFF 6.0 (Section 8, the Orientation field) and EXIF 2.3 (tag 0x0112) define value k by where
/// the stored image's 0th row and 0th column lie when the image is shown upright:
///
/// | k | 0th row | 0th column | usual name                 |
/// |---|---------|------------|----------------------------|
/// | 1 | top     | left       | as stored                  |
/// | 2 | top     | right      | mirrored left–right        |
/// | 3 | bottom  | right      | turned 180°                |
/// | 4 | bottom  | left       | flipped top–bottom         |
/// | 5 | left    | top        | transposed                 |
/// | 6 | right   | top        | turn 90° clockwise to show |
/// | 7 | right   | bottom     | transversed                |
/// | 8 | left    | bottom     | turn 90° counter-clockwise |
///
/// The mapping follows directly: a stored pixel's y is its distance from the 0th row and its x its
/// distance from the 0th column, so for an upright point the stored y is its distance from the
/// side where the 0th row lies, and the stored x its distance from the side of the 0th column.
/// Coordinates are continuous pixel coordinates (corners at 0 and the width or height); pixel
/// (i, j) covers `i…i+1 × j…j+1`.
///
/// Values outside 1–8 are reserved by the specification; like the image readers, which treat a
/// missing or invalid tag as "as stored", this reference takes them as 1.
public enum OrientationReference {
    private enum Side { case top, bottom, left, right }

    /// The table above: where the 0th row and the 0th column lie in the upright image.
    private static func sides(_ orientation: Int) -> (row: Side, column: Side) {
        switch orientation {
        case 2: (.top, .right)
        case 3: (.bottom, .right)
        case 4: (.bottom, .left)
        case 5: (.left, .top)
        case 6: (.right, .top)
        case 7: (.right, .bottom)
        case 8: (.left, .bottom)
        default: (.top, .left)
        }
    }

    /// The upright size of a stored `storedWidth × storedHeight` image: when the 0th row lies along
    /// a vertical side, stored rows become upright columns, so width and height swap.
    public static func uprightSize(orientation: Int, storedWidth: Double, storedHeight: Double) -> Size {
        switch sides(orientation).row {
        case .top, .bottom: Size(width: storedWidth, height: storedHeight)
        case .left, .right: Size(width: storedHeight, height: storedWidth)
        }
    }

    /// The stored-image point shown at upright point `point`.
    public static func stored(point: Point, orientation: Int, storedWidth: Double, storedHeight: Double) -> Point {
        let upright = uprightSize(orientation: orientation, storedWidth: storedWidth, storedHeight: storedHeight)
        let (row, column) = sides(orientation)
        func distance(from side: Side) -> Double {
            switch side {
            case .top: point.y
            case .bottom: upright.height - point.y
            case .left: point.x
            case .right: upright.width - point.x
            }
        }
        return Point(x: distance(from: column), y: distance(from: row))
    }

    /// The stored rectangle shown at upright rectangle `rect`: the bounding box of its four mapped
    /// corners (each EXIF transform maps an axis-aligned rectangle onto one).
    public static func stored(rect: Rect, orientation: Int, storedWidth: Double, storedHeight: Double) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)
        ].map { stored(point: $0, orientation: orientation, storedWidth: storedWidth, storedHeight: storedHeight) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
