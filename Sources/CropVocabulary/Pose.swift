/// What the user sees: the zoom, the image center's offset from the mask center in points, and
/// (with `allowRotation`) the photo's turn.
///
/// A view offset `p` (from the mask center, y down) shows the unscaled image point `q` (from the
/// image center, in points at s = 1) where `p = t + s·R(θ)·q`, with `R(θ) = [cos −sin; sin cos]`:
/// on a y-down screen a positive `angle` turns the photo clockwise.
public struct Pose: Hashable, Sendable, Codable {
    public var scale: Double
    public var translation: Point
    /// The photo's turn in degrees, clockwise on screen, in (−180, 180]. Always 0 without `allowRotation`.
    public var angle: Double

    @inlinable public init(scale: Double, translation: Point, angle: Double = 0) {
        self.scale = scale
        self.translation = translation
        self.angle = angle
    }

    @inlinable @inline(__always) public var isFinite: Bool { scale.isFinite && translation.isFinite && angle.isFinite }
}

extension Pose {
    private enum CodingKeys: String, CodingKey { case scale, translation, angle }

    /// `angle` is written only when the photo is turned, so output without rotation keeps its bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scale, forKey: .scale)
        try c.encode(translation, forKey: .translation)
        if angle != 0 { try c.encode(angle, forKey: .angle) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scale: try c.decode(Double.self, forKey: .scale),
            translation: try c.decode(Point.self, forKey: .translation),
            angle: try c.decodeIfPresent(Double.self, forKey: .angle) ?? 0)
    }
}
