import CropVocabulary

/// R2.3: double-tap cycles 1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to s_min.
public enum DoubleTapLadder {
    public static let multipliers: [Double] = [1.0, 1.5, 2.0]

    /// Two levels closer than this (relative) are one step: with s_max = 1.8 × s_min the ladder is
    /// 1.0×, 1.5×, s_max, not 1.0×, 1.5×, s_max, s_max.
    static let mergeTolerance = 1e-6

    /// The distinct zoom levels, ascending, each clamped into [s_min, s_max].
    public static func levels(in g: ZoomGeometry) -> [Double] {
        var out: [Double] = []
        for s in (multipliers.map { g.sMin * $0 } + [g.sMax]).map({ min(max($0, g.sMin), g.sMax) }).sorted()
        where out.last.map({ s > $0 * (1 + mergeTolerance) }) ?? true {
            out.append(s)
        }
        return out
    }

    /// The level after `scale`: the first one above it, or back to the first after s_max. Working
    /// from the current zoom rather than a remembered index keeps the ladder right after a pinch.
    public static func next(after scale: Double, in g: ZoomGeometry) -> Double {
        let all = levels(in: g)
        return all.first { $0 > scale * (1 + mergeTolerance) } ?? all[0]
    }
}
