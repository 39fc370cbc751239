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

    /// Equal up to rounding: a move this small is not worth an animation (a double-tap whose
    /// every level is s_min still computes an anchored target a few ulps away).
    public func isClose(to other: Pose) -> Bool {
        abs(scale - other.scale) <= 1e-12 * scale
            && abs(translation.x - other.translation.x) <= 1e-9 && abs(translation.y - other.translation.y) <= 1e-9
    }

    /// The translation that puts unscaled image point `q` under view offset `p` at zoom `scale`.
    public static func translation(placing q: Point, under p: Point, scale: Double) -> Point { p - q * scale }
}
