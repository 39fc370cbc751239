import CropSim
import CropVocabulary
import RealModule

/// The spec's special points for one session, computed by the generator from the formulas in
/// docs/spec (Zoom & Pan Math) and docs/editor-model.md's table — never from `CropModel`, so a
/// model whose geometry is wrong is still pushed at the points the spec names, not at its own.
///
/// Boundary draws (`ChoiceReader.nasty`) mix these with the smooth distribution: bugs live at
/// s_min, s_quality, s_max, the ladder rungs, the pan limits and the tilt limit, and at one ulp
/// and one tolerance either side of them.
struct SpecPoints {
    /// Upright photo size in pixels (EXIF 5–8 swap the stored sides, R9.1).
    var width: Double
    var height: Double
    var sigma: Double
    /// D = maskDiameterFraction × the view's short side, in points.
    var mask: Double
    var sMin: Double
    var sQuality: Double
    /// σ / minPixelPerPoint: pixels per point at zoom s are σ/s (docs/editor-model.md).
    var sDensity: Double
    var sMax: Double

    init(view: Size, sigma: Double, photo: SourceImage, config: AvatarCropperConfig) {
        let swaps = photo.orientation.swapsAxes
        width = Double(swaps ? photo.storedHeight : photo.storedWidth)
        height = Double(swaps ? photo.storedWidth : photo.storedHeight)
        self.sigma = sigma
        mask = config.maskDiameterFraction * min(view.width, view.height)
        sMin = max(mask / (width / sigma), mask / (height / sigma))
        sQuality = mask * sigma / (Double(config.outputSize) * config.qualityMultiplier)
        sDensity = sigma / config.minPixelPerPoint
        let cap = min(sMin * config.maxZoomMultiplier, sQuality, sDensity)
        sMax = cap <= sMin ? sMin : cap
    }

    /// √2: the zoom range from which the tilt limit is 45°, any angle.
    static let rootTwo = (2 as Double).squareRoot()

    /// min(1.05 s_min, s_max), centered.
    var initialScale: Double { min(1.05 * sMin, sMax) }

    /// The displayed image at zoom `s`, in points.
    func displayed(_ s: Double) -> Size { Size(width: width / sigma * s, height: height / sigma * s) }

    /// The pan limit on each axis at zoom `s`: ±(W/σ·s − D)/2, never negative.
    func panLimit(_ s: Double) -> (x: Double, y: Double) {
        let d = displayed(s)
        return (max(0, (d.width - mask) / 2), max(0, (d.height - mask) / 2))
    }

    /// The double-tap ladder: 1.0×, 1.5×, 2.0× s_min and s_max, each clamped to the range.
    var rungs: [Double] { [1, 1.5, 2].map { min(max($0 * sMin, sMin), sMax) } + [sMax] }

    /// The slider percent that lands on zoom `s`: s = s_min·(s_max/s_min)^(p/100), inverted.
    func sliderPercent(_ s: Double) -> Double {
        guard sMax > sMin else { return 0 }
        return 100 * Double.log(s / sMin) / Double.log(sMax / sMin)
    }

    /// The tilt limit in degrees (docs/rotation.md, ROT-limit): the largest φ with
    /// √2·sin(φ + 45°) ≤ s_max/s_min; 45° when the range is at least √2.
    var tiltLimit: Double {
        let ratio = sMax / sMin
        guard ratio < SpecPoints.rootTwo else { return 45 }
        return max(0, Double.asin(ratio / SpecPoints.rootTwo) * 180 / .pi - 45)
    }

    /// Config values that put a cap exactly on another: q with s_quality = s_min (the range
    /// collapses) or = s_min × maxZoomMultiplier (two caps tie), and minPixelPerPoint with
    /// s_density = s_min (the density gate's edge) or = s_quality.
    func qualityMultiplier(landingOn s: Double, outputSize: Int) -> Double {
        mask * sigma / (Double(outputSize) * s)
    }

    func minPixelPerPoint(landingOn s: Double) -> Double { sigma / s }
}
