import CropModel
import CropSpec
import CropVocabulary
import Testing

/// A density gate on the knife edge (σ / s_min equal to minPixelPerPoint within rounding) may be
/// read "low" or not. When the editor's open cannot tell which reading it took, because the range
/// collapsed for quality anyway and R8.4's tip shows under both, its crop telemetry may report
/// either; once the open has shown a reading, the telemetry must keep it.
@Suite struct DensityReadingTests {
    /// A 320 px square photo on a 393 pt phone: σ / s_min = 0.99298702910693…, and s_quality is
    /// below s_min, so the range collapses whatever the density says.
    /// `silent`: the editor shows R8.4's tip and no low-resolution notice at open, as one that
    /// reads "not low" does, and as one that reads "low" but collapses the range may.
    static func opened(minPixelPerPoint: Double, silent: Bool = true) throws -> (CheckedEditor<Tampered>, Tamper) {
        var config = AvatarCropperConfig()
        config.minPixelPerPoint = minPixelPerPoint
        let request = OpenRequest(
            source: SourceImage(storedWidth: 320, storedHeight: 320),
            viewport: Viewport(width: 393, height: 852, screenScale: 3),
            config: config, reduceMotion: true)
        let tamper = Tamper()
        tamper.policies.densityCap = .collapseWhenLow
        if silent {
            tamper.opening = { effects in
                let kept = effects.filter { $0 != .show(.lowDensity) }
                return kept.contains(.show(.zoomLimitedByQuality)) ? kept : kept + [.show(.zoomLimitedByQuality)]
            }
        }
        return (try #require(CheckedEditor<Tampered>.opened(request, in: tamper)), tamper)
    }

    static func flipLowDensity(_ effects: [EditorEffect]) -> [EditorEffect] {
        effects.map {
            if case .telemetry(var t) = $0 { t.lowDensity.toggle(); return .telemetry(t) } else { return $0 }
        }
    }

    /// On the knife edge, found by fuzzing Examples/independent: telemetry saying "not low" where
    /// the spec's `<` says low is one of the two right readings.
    @Test(arguments: [false, true])
    func onTheKnifeEdgeTheTelemetryMayReadEitherWay(flipped: Bool) throws {
        var (m, tamper) = try Self.opened(minPixelPerPoint: 0.9929870291069325)
        m.apply(.confirm)
        if flipped { tamper.effects = Self.flipLowDensity }
        m.apply(.cropFinished(succeeded: true))
        #expect(m.violations.isEmpty, "\(m.violations)")
    }

    /// Clear of the edge the flag is exact, and so it is on the edge once the open has shown the
    /// reading (the reference editor's low-resolution notice says "low").
    @Test(arguments: [(0.98, true), (1.0, false), (0.9929870291069325, false)])
    func elsewhereAWrongFlagIsCaught(minimum: Double, silent: Bool) throws {
        var (m, tamper) = try Self.opened(minPixelPerPoint: minimum, silent: silent)
        m.apply(.confirm)
        tamper.effects = Self.flipLowDensity
        m.apply(.cropFinished(succeeded: true))
        #expect(m.properties == [.telemetryReported], "\(m.violations)")
    }
}
