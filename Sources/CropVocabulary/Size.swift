/// A width and height in view points (for views) or pixels (for images).
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var isFinite: Bool { width.isFinite && height.isFinite }
    public var shortSide: Double { min(width, height) }
    public var center: Point { Point(x: width / 2, y: height / 2) }
}
