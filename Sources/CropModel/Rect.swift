/// An axis-aligned rectangle; origin is the top-left corner.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// Whether this rectangle lies inside `0...width × 0...height`, allowing `tolerance` of
    /// floating-point slack on every edge.
    public func isInside(width bound: Double, height boundHeight: Double, tolerance: Double) -> Bool {
        minX >= -tolerance && minY >= -tolerance
            && maxX <= bound + tolerance && maxY <= boundHeight + tolerance
    }

    /// The smallest rectangle holding both corner points.
    init(corner a: Point, corner b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
