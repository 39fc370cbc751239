/// A point or vector in view points, UIKit convention: origin top-left, y grows downwards.
///
/// The editor uses one type for positions and displacements because every formula in the spec
/// mixes them freely (a translation is the vector from the mask center to the image center).
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    @inlinable public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
}
