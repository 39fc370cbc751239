import CropVocabulary

/// R2.3: double-tap cycles 1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to s_min: the
/// rungs are s_min × 1.0, 1.5 and 2.0, and s_max.
public enum DoubleTapLadder {
    /// Two levels closer than this (relative) are one step: with s_max = 1.8 × s_min the ladder is
    /// 1.0×, 1.5×, s_max, not 1.0×, 1.5×, s_max, s_max.
    static let mergeTolerance = 1e-6

    /// The distinct zoom levels, ascending, each clamped into [s_min, s_max].
    public static func levels(in g: ZoomGeometry) -> [Double] {
        var out: [Double] = []
        forEachLevel(in: g) { out.append($0); return false }
        return out
    }

    /// The level after `scale`: the first one above it, or back to the first after s_max. Working
    /// from the current zoom rather than a remembered index keeps the ladder right after a pinch.
    public static func next(after scale: Double, in g: ZoomGeometry) -> Double {
        var first: Double?, found: Double?
        forEachLevel(in: g) { level in
            if first == nil { first = level }
            if level > scale * (1 + mergeTolerance) { found = level }
            return found != nil
        }
        return found ?? first!
    }

    /// Calls `body` with each distinct level in ascending order until it returns true. The four
    /// rungs live in a tuple sorted by a sorting network, not in arrays: a double-tap built, mapped,
    /// concatenated and sorted three arrays (about 3,500 instructions a tap, 1 % of the checked
    /// tick in `cropsim bench`). For numbers (no NaN: the geometry's limits are finite) the network
    /// orders them as `sorted()` does, so the ladder is the same.
    @inline(__always) static func forEachLevel(in g: ZoomGeometry, _ body: (Double) -> Bool) {
        func clamped(_ s: Double) -> Double { min(max(s, g.sMin), g.sMax) }
        var r = (clamped(g.sMin * 1.0), clamped(g.sMin * 1.5), clamped(g.sMin * 2.0), clamped(g.sMax))
        if r.1 < r.0 { swap(&r.0, &r.1) }
        if r.3 < r.2 { swap(&r.2, &r.3) }
        if r.2 < r.0 { swap(&r.0, &r.2) }
        if r.3 < r.1 { swap(&r.1, &r.3) }
        if r.2 < r.1 { swap(&r.1, &r.2) }
        var last = r.0
        func visit(_ s: Double) -> Bool {
            guard s > last * (1 + mergeTolerance) else { return false }
            last = s
            return body(s)
        }
        if body(r.0) || visit(r.1) || visit(r.2) { return }
        _ = visit(r.3)
    }
}
