import CropModel

/// The spec's "Zoom & Pan Math" written out a second time, from the raw inputs, for the invariant
/// checker.
///
/// This duplication is deliberate: an oracle that called `ZoomGeometry` would agree with every
/// bug in it (width and height not swapped for orientations 5–8, a density cap forgotten). Keep
/// this file a literal transcription of the spec, not a refactoring target.
public struct ReferenceGeometry: Sendable {
    public let width: Double
    public let height: Double
    public let sigma: Double
    public let maskDiameter: Double
    public let sMin: Double
    public let sMax: Double
    public let lowDensity: Bool
    public let minPixelPerPoint: Double
    public let requiredCropSide: Double

    public init(source: SourceImage, viewport: Viewport, config: AvatarCropperConfig) {
        let turned = [5, 6, 7, 8].contains(source.orientation.rawValue)
        width = Double(turned ? source.storedHeight : source.storedWidth)
        height = Double(turned ? source.storedWidth : source.storedHeight)
        sigma = viewport.screenScale
        let dpt = config.maskDiameterFraction * min(viewport.size.width, viewport.size.height)
        maskDiameter = dpt
        let cover = max(dpt / (width / sigma), dpt / (height / sigma))
        sMin = cover
        let quality = (dpt * sigma) / (Double(config.outputSize) * config.qualityMultiplier)
        let density = sigma / config.minPixelPerPoint
        sMax = max(cover, min(cover * config.maxZoomMultiplier, quality, density))
        minPixelPerPoint = config.minPixelPerPoint
        lowDensity = sigma / cover < config.minPixelPerPoint
        requiredCropSide = min(Double(config.outputSize) * config.qualityMultiplier, min(width, height))
    }
}
