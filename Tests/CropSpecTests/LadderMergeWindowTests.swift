import CropSpec
import CropVocabulary
import Testing

/// Issue 33: the double-tap ladder where two rungs lie within the 1e-6 merge tolerance of each
/// other. The spec names no merge, so an editor that merges them (the reference editor) and one
/// that does not (the editors in Examples/) read it differently in one narrow window; the oracle
/// judges every zoom outside it, where both agree, and none inside.
@Suite struct LadderMergeWindowTests {
    static let tolerance = SpecGeometry.rungTolerance

    static func geometry(multiplier: Double) -> SpecGeometry {
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = multiplier
        return SpecGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up),
            viewport: Viewport(width: 393, height: 852, screenScale: 3), config: config)
    }

    static func levels(_ g: SpecGeometry) -> [Double] {
        [1, 1.5, 2].map { min(max($0 * g.sMin, g.sMin), g.sMax) }.sorted() + [g.sMax]
    }

    /// docs/editor-model.md: levels within the tolerance of the last one kept are one, then the
    /// first level above the zoom by more than the tolerance, else 1.0×.
    static func merged(_ g: SpecGeometry, after s: Double) -> Double {
        var kept: [Double] = []
        for level in levels(g) where kept.last.map({ level > $0 * (1 + tolerance) }) ?? true { kept.append(level) }
        return kept.first { $0 > s * (1 + tolerance) } ?? g.sMin
    }

    /// Examples/: every level on its own.
    static func separate(_ g: SpecGeometry, after s: Double) -> Double {
        levels(g).first { $0 > s * (1 + tolerance) } ?? g.sMin
    }

    @Test func sMaxJustAboveTwoIsJudgedOutsideTheWindowOnly() throws {
        let g = Self.geometry(multiplier: 2 * (1 + 5e-7))
        // 3 tolerances below 2×: both readings go to 2×.
        #expect(g.nextRung(after: 2 * g.sMin * (1 - 3e-6)) == 2 * g.sMin)
        // 0.7 below: at 2×, s_max 1.2 tolerances above: one reading wraps, the other goes on.
        let inside = 2 * g.sMin * (1 - 7e-7)
        #expect(Self.merged(g, after: inside) == g.sMin)
        #expect(Self.separate(g, after: inside) == g.sMax)
        #expect(g.nextRung(after: inside) == nil)
        // From the top, and from 2× itself, both wrap: judged.
        #expect(g.nextRung(after: g.sMax) == g.sMin)
        #expect(g.nextRung(after: 2 * g.sMin) == g.sMin)
        #expect(g.nextRung(after: 1.05 * g.sMin) == 1.5 * g.sMin)
    }

    @Test func sMaxThreeTolerancesAboveTwoIsAlwaysJudged() {
        let g = Self.geometry(multiplier: 2 * (1 + 3e-6))
        #expect(g.nextRung(after: 2 * g.sMin * (1 - 7e-7)) == g.sMax)
        #expect(g.nextRung(after: 2 * g.sMin) == g.sMax)
    }

    /// Over s_max on, inside, one ulp and a few tolerances off each rung, and zooms from three
    /// tolerances below to one above every level: wherever the oracle judges, both readings give
    /// its answer; wherever they differ, it does not judge; and it judges most of them.
    @Test func theOracleJudgesExactlyWhereBothReadingsAgree() {
        var judged = 0, total = 0, differing = 0
        for rung in [1.0, 1.5, 2] {
            for k in [-3.0, -2, -1, -0.5, 0, 0.25, 0.5, 0.999, 1, 1.001, 1.5, 2, 3] {
                let m = rung * (1 + k * Self.tolerance)
                for multiplier in [m.nextDown, m, m.nextUp] where multiplier >= 1 {
                    let g = Self.geometry(multiplier: multiplier)
                    for level in Self.levels(g) {
                        for j in stride(from: -1.0, through: 3, by: 0.05) {
                            let s = max(g.sMin, level * (1 - j * Self.tolerance))
                            let a = Self.merged(g, after: s), b = Self.separate(g, after: s)
                            total += 1
                            if a != b { differing += 1 }
                            guard let want = g.nextRung(after: s) else { continue }
                            judged += 1
                            #expect(want == a && want == b, "multiplier \(multiplier), zoom \(s / g.sMin) × s_min")
                        }
                    }
                }
            }
        }
        #expect(differing > 100)
        #expect(judged * 10 > total * 8, "\(judged) of \(total) judged")
    }
}
