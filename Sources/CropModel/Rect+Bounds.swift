import CropVocabulary

extension Rect {
    /// Whether this rectangle lies inside `0...width × 0...height`, allowing `tolerance` of
    /// floating-point slack on every edge.
    public func isInside(width bound: Double, height boundHeight: Double, tolerance: Double) -> Bool {
        minX >= -tolerance && minY >= -tolerance
            && maxX <= bound + tolerance && maxY <= boundHeight + tolerance
    }

    /// The smallest rectangle holding both corner points.
    @inlinable init(corner a: Point, corner b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
