import CropVocabulary

extension Pose {
    /// The point of the unscaled image under view offset `p` (measured from the mask center).
    /// Keeping this fixed while zooming is what "anchored at" means throughout the spec.
    public func imagePoint(under p: Point) -> Point { Turn(degrees: angle).invert(p - translation) / scale }

    /// Equal up to rounding: a move this small is not worth an animation (a double-tap whose
    /// every level is s_min still computes an anchored target a few ulps away).
    public func isClose(to other: Pose) -> Bool {
        abs(scale - other.scale) <= 1e-12 * scale && abs(Turn.normalized(angle - other.angle)) <= 1e-9
            && abs(translation.x - other.translation.x) <= 1e-9 && abs(translation.y - other.translation.y) <= 1e-9
    }

    /// The translation that puts unscaled image point `q` under view offset `p` at zoom `scale`
    /// and turn `angle`.
    public static func translation(placing q: Point, under p: Point, scale: Double, angle: Double = 0) -> Point {
        p - Turn(degrees: angle).apply(q * scale)
    }
}
