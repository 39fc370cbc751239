/// What the user sees: the zoom and the image center's offset from the mask center, in points.
public struct Pose: Hashable, Sendable, Codable {
    public var scale: Double
    public var translation: Point

    public init(scale: Double, translation: Point) {
        self.scale = scale
        self.translation = translation
    }

    public var isFinite: Bool { scale.isFinite && translation.isFinite }

    /// The point of the unscaled image under view offset `p` (measured from the mask center).
    /// Keeping this fixed while zooming is what "anchored at" means throughout the spec.
    public func imagePoint(under p: Point) -> Point { (p - translation) / scale }

    /// The translation that puts unscaled image point `q` under view offset `p` at zoom `scale`.
    public static func translation(placing q: Point, under p: Point, scale: Double) -> Point { p - q * scale }
}
