import CropScenario
import CropSim
import CropSpec
import CropVocabulary

/// Boundary-aware draws (issue 33): the spec's special points (`SpecPoints`), exactly and one
/// ulp or one shared tolerance (`SpecTolerance`) either side, mixed with the smooth draws.
extension Generator {
    typealias Ranges = ScenarioFormat.Range

    /// One config field at its exact bound, or set so that two of the spec's caps meet: s_quality
    /// on s_min (the range collapses) or on s_min × maxZoomMultiplier, s_density on s_min (the
    /// low-density gate) or on the multiplier's cap, the zoom range exactly √2 (the tilt limit is
    /// 45° from there on) or 1.05 (s_max is the initial pose), or s_max within a few merge
    /// tolerances of a ladder rung (`ladderConfig`); or one field at the scenario format's exact
    /// bound, JPEG quality 1.0 and 0.01 included.
    func boundaryConfig(_ r: inout ChoiceReader, _ c: inout AvatarCropperConfig, spec: SpecPoints) {
        let tolerance = SpecTolerance.zoom
        let byMultiplier = spec.sMin * c.maxZoomMultiplier
        switch r.draw(below: 8) {
        case 0:
            c.qualityMultiplier = r.near(
                spec.qualityMultiplier(landingOn: spec.sMin, outputSize: c.outputSize), relative: tolerance)
        case 1:
            c.qualityMultiplier = r.near(
                spec.qualityMultiplier(landingOn: byMultiplier, outputSize: c.outputSize), relative: tolerance)
        case 2:
            c.minPixelPerPoint = r.near(spec.minPixelPerPoint(landingOn: spec.sMin), relative: tolerance)
        case 3:
            c.minPixelPerPoint = r.near(spec.minPixelPerPoint(landingOn: byMultiplier), relative: tolerance)
        case 4:
            c.maxZoomMultiplier = r.near(r.pick([1, SpecPoints.rootTwo, 1.05]), relative: tolerance)
        case 5:
            // The caps far away, so the multiplier alone sets s_max.
            c.qualityMultiplier = Ranges.qualityMultiplier.lowerBound
            c.minPixelPerPoint = Ranges.minPixelPerPoint.lowerBound
            c.maxZoomMultiplier = r.near(r.pick([SpecPoints.rootTwo, 1.05, 1]), relative: tolerance)
        case 6:
            ladderConfig(&r, &c, spec: spec)
        default:
            switch r.draw(below: 6) {
            case 0:
                c.qualityMultiplier = r.pick([Ranges.qualityMultiplier.upperBound, Ranges.qualityMultiplier.lowerBound])
            case 1:
                c.maxZoomMultiplier = r.pick([Ranges.maxZoomMultiplier.upperBound, Ranges.maxZoomMultiplier.lowerBound])
            case 2:
                c.maskDiameterFraction = r.pick([
                    Ranges.maskDiameterFraction.upperBound, Ranges.maskDiameterFraction.lowerBound
                ])
            case 3:
                c.minPixelPerPoint = r.pick([Ranges.minPixelPerPoint.upperBound, Ranges.minPixelPerPoint.lowerBound])
            case 4: c.outputSize = r.pick([Ranges.outputSize.upperBound, Ranges.outputSize.lowerBound])
            default:
                c.encoding = .jpegSRGB(quality: r.pick([Ranges.jpegQuality.upperBound, Ranges.jpegQuality.lowerBound]))
            }
        }
        c.qualityMultiplier = c.qualityMultiplier.clamped(to: Ranges.qualityMultiplier)
        c.maxZoomMultiplier = c.maxZoomMultiplier.clamped(to: Ranges.maxZoomMultiplier)
        c.minPixelPerPoint = c.minPixelPerPoint.clamped(to: Ranges.minPixelPerPoint)
    }

    /// 0, 100, 50 % (where people leave the slider), any whole percent, or a special point:
    /// either end, a ladder rung's percent or the initial pose's, exactly or an ulp or a tolerance
    /// off (`SpecTolerance.percent`).
    func sliderPercent(_ r: inout ChoiceReader, _ place: Place) -> Double {
        switch r.draw(below: 5) {
        case 0: return 0
        case 1: return 100
        case 2: return 50
        case 3: return Double(r.integer(in: 0...100))
        default:
            let spec = place.spec
            let specials = [0, 100] + spec.rungs.map(spec.sliderPercent) + [spec.sliderPercent(spec.initialScale)]
            return r.special(specials, tolerance: SpecTolerance.percent).clamped(to: Ranges.slider)
        }
    }

    /// Turns of the fingers that put the photo on a rotation boundary: the 10° recognition
    /// threshold, a snap window's edge (5° either side of a quarter turn, reached 10° later) and
    /// the tilt limit of this photo (docs/rotation.md), either way.
    func boundaryTurn(_ r: inout ChoiceReader, _ place: Place) -> Double {
        let threshold = 10.0, window = 5.0
        let tilt = place.spec.tiltLimit
        let turn = r.pick([
            threshold, threshold + window, threshold + 90 - window, threshold + 90 + window,
            threshold + tilt, threshold + tilt + 1
        ])
        return r.chance(50) ? -turn : turn
    }

    /// Resizes to the format's extreme sides, or by one point.
    func boundaryResize(_ r: inout ChoiceReader, _ place: Place) -> Size {
        let side = Ranges.viewSide
        if r.chance(50) {
            return Size(
                width: r.pick([side.lowerBound, side.upperBound]), height: r.pick([side.upperBound, side.lowerBound]))
        }
        let d = r.pick([1.0, -1])
        let w = place.view.width, h = place.view.height
        return r.chance(50)
            ? Size(width: (w + d).clamped(to: side), height: h) : Size(width: w, height: (h + d).clamped(to: side))
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
