import CropVocabulary

extension Orientation {
    /// Orientations 5–8 turn the image by a quarter, so the upright width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored `width × height` grid.
    public func orientedSize(storedWidth: Int, storedHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
    }

    /// Maps a point of the upright image (continuous pixel coordinates) onto the stored grid of
    /// `storedWidth × storedHeight`.
    ///
    /// Each case inverts the display transform the EXIF specification names: for `.right` (6) the
    /// stored image is turned 90° clockwise for display, so upright `(x', y')` comes from stored
    /// `(y', H − x')`.
    @inlinable public func storedPoint(fromOriented p: Point, storedWidth w: Double, storedHeight h: Double) -> Point {
        switch self {
        case .up: Point(x: p.x, y: p.y)
        case .upMirrored: Point(x: w - p.x, y: p.y)
        case .down: Point(x: w - p.x, y: h - p.y)
        case .downMirrored: Point(x: p.x, y: h - p.y)
        case .leftMirrored: Point(x: p.y, y: p.x)
        case .right: Point(x: p.y, y: h - p.x)
        case .rightMirrored: Point(x: w - p.y, y: h - p.x)
        case .left: Point(x: w - p.y, y: p.x)
        }
    }

    /// Maps an upright rectangle onto the stored grid. Every EXIF transform maps axis-aligned
    /// rectangles to axis-aligned rectangles, so two opposite corners are enough.
    @inlinable public func storedRect(fromOriented r: Rect, storedWidth w: Double, storedHeight h: Double) -> Rect {
        Rect(
            corner: storedPoint(fromOriented: Point(x: r.minX, y: r.minY), storedWidth: w, storedHeight: h),
            corner: storedPoint(fromOriented: Point(x: r.maxX, y: r.maxY), storedWidth: w, storedHeight: h)
        )
    }
}
