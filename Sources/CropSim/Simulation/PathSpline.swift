import CGSL
import CropVocabulary

/// A smooth finger path through key points: a natural cubic spline (GSL) in x and y over the
/// cumulative chord length, so the finger's speed along the path follows the easing alone.
struct PathSpline {
    private let points: [Point]
    private let lengths: [Double]

    init(_ points: [Point]) {
        self.points = points
        var lengths = [0.0]
        for i in 1..<points.count {
            let d = points[i] - points[i - 1]
            lengths.append(lengths[i - 1] + (d.x * d.x + d.y * d.y).squareRoot())
        }
        self.lengths = lengths
    }

    var totalLength: Double { lengths.last ?? 0 }

    /// Positions at the given fractions (0…1) of the path length.
    func sample(at fractions: [Double]) -> [Point] {
        // Two points, or key points that coincide, need no spline (GSL requires increasing x).
        let distinct = zip(lengths, lengths.dropFirst()).allSatisfy { $0 < $1 }
        guard points.count >= 3, distinct else {
            return fractions.map { f in linear(at: f) }
        }
        gsl_set_error_handler_off()
        let n = points.count
        guard let sx = gsl_spline_alloc(cropsim_gsl_interp_cspline(), n),
            let sy = gsl_spline_alloc(cropsim_gsl_interp_cspline(), n)
        else {
            return fractions.map { f in linear(at: f) }
        }
        defer {
            gsl_spline_free(sx)
            gsl_spline_free(sy)
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        guard gsl_spline_init(sx, lengths, xs, n) == 0, gsl_spline_init(sy, lengths, ys, n) == 0 else {
            return fractions.map { f in linear(at: f) }
        }
        return fractions.map { f in
            // The ends are the key points exactly, whatever rounding the spline does.
            if f <= 0 { return points[0] }
            if f >= 1 { return points[n - 1] }
            let u = f * totalLength
            return Point(x: gsl_spline_eval(sx, u, nil), y: gsl_spline_eval(sy, u, nil))
        }
    }

    private func linear(at f: Double) -> Point {
        let u = min(max(f, 0), 1) * totalLength
        guard totalLength > 0, let i = lengths.lastIndex(where: { $0 <= u }), i + 1 < points.count else {
            return f <= 0 ? points[0] : points[points.count - 1]
        }
        let k = (u - lengths[i]) / (lengths[i + 1] - lengths[i])
        return points[i] + (points[i + 1] - points[i]) * k
    }
}
