import CropSim
import CropSpec
import CropVocabulary

/// The double-tap ladder's merge window (issue 33): two rungs closer than the 1e-6 relative
/// `SpecGeometry.rungTolerance` are one rung to an editor that merges them and two to one that
/// does not, and the zoom one tolerance below a rung is "at" it. A smooth draw never puts two
/// rungs, or the zoom and a rung, that close, so these draws put them there on purpose.
extension Generator {
    /// Rung offsets in merge tolerances: on the edge, inside, outside, and on top.
    static let ladderOffsets: [Double] = [1, 0.5, -0.5, -1, 2, -2, 0.25, 0, 1.5, 3]

    /// s_max set a few merge tolerances off 1.5× or 2.0× s_min (or 1.0×, the collapsed end), by
    /// `maxZoomMultiplier` with the other caps far away, or by `qualityMultiplier` (s_quality on
    /// the point) with the multiplier out of the way; an ulp either side of it sometimes.
    func ladderConfig(_ r: inout ChoiceReader, _ c: inout AvatarCropperConfig, spec: SpecPoints) {
        let tolerance = SpecGeometry.rungTolerance
        var multiple = r.pick([2, 1.5, 1]) * (1 + r.pick(Self.ladderOffsets) * tolerance)
        switch r.draw(below: 4) {
        case 1: multiple = multiple.nextUp
        case 2: multiple = multiple.nextDown
        default: break
        }
        c.minPixelPerPoint = Ranges.minPixelPerPoint.lowerBound
        if r.chance(50) {
            c.qualityMultiplier = Ranges.qualityMultiplier.lowerBound
            c.maxZoomMultiplier = multiple
        } else {
            c.maxZoomMultiplier = Ranges.maxZoomMultiplier.upperBound
            c.qualityMultiplier = spec.qualityMultiplier(landingOn: spec.sMin * multiple, outputSize: c.outputSize)
        }
    }

    /// On a fresh session whose rungs lie within three merge tolerances of each other, most
    /// double-taps come after an exact pinch to a zoom in the merge window (the zoom at the lower
    /// rung, the upper one more than a tolerance above it: where "at a rung" and "one rung"
    /// disagree) or a few tolerances below either rung, then tap again from the rungs they land
    /// on. Nil otherwise: the ordinary double-tap is drawn.
    func ladderTaps(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack]? {
        let tolerance = SpecGeometry.rungTolerance
        guard place.fresh, let pair = place.spec.closeRungs(within: 3 * tolerance), r.chance(70) else { return nil }
        let goal =
            r.chance(50)
            ? (pair.low + r.pick([0.5, 0, 0.25, 0.75, 0.999]) * (pair.high - pair.low)) / (1 + tolerance)
            : r.pick([pair.low, pair.high]) * (1 - r.pick(Self.ladderOffsets) * tolerance)
        guard var fingers = exactPinch(to: goal, &r, place) else { return nil }
        var at = fingers.map { $0.samples[$0.samples.count - 1].time }.max()! + r.pick([400, 150, 1200])
        for _ in 0...r.draw(below: 3) {
            let p = r.chance(50) ? Self.snap(place.view.center) : point(&r, place)
            fingers += [tap(at: p, from: at), tap(at: p, from: at + 150)]
            // A transition settles in 62 ticks (about 1.03 s): the next tap starts from its rung.
            at += r.pick([1200, 600])
        }
        return fingers
    }

    /// One finger down and up again 50 ms later at `p`.
    func tap(at p: Point, from ms: Int) -> FingerTrack {
        FingerTrack(samples: [
            TouchSample(time: ms, point: p, phase: .down), TouchSample(time: ms + 50, point: p, phase: .up)
        ])
    }
}

extension SpecPoints {
    /// The two nearest distinct ladder levels when they lie within `within` (relative) of each
    /// other, lowest pair first; nil when every two are farther apart (or all are one level).
    func closeRungs(within: Double) -> (low: Double, high: Double)? {
        let levels = rungs.sorted()
        return zip(levels, levels.dropFirst()).first { $0 < $1 && $1 <= $0 * (1 + within) }.map { (low: $0, high: $1) }
    }
}
