import ArgumentParser
import CropModel

/// `WIDTHxHEIGHT`, as in `--image-size 4032x3024` or `--view 393x852`.
struct Dimensions: ExpressibleByArgument {
    var width: Double
    var height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        width = w
        height = h
    }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}

/// The `AvatarCropperConfig` fields a command line can override.
struct ConfigOptions: ParsableArguments {
    @Option(help: "Output side in pixels.") var outputSize: Int?
    @Option(help: "Pixels per output pixel required in the crop (q).") var qualityMultiplier: Double?
    @Option(help: "s_max is at most s_min times this.") var maxZoomMultiplier: Double?
    @Option(help: "Mask diameter as a fraction of the view's short side.") var maskFraction: Double?
    @Option(help: "Minimum image pixels per view point.") var minPixelPerPoint: Double?

    func config() -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        if let outputSize { c.outputSize = outputSize }
        if let qualityMultiplier { c.qualityMultiplier = qualityMultiplier }
        if let maxZoomMultiplier { c.maxZoomMultiplier = maxZoomMultiplier }
        if let maskFraction { c.maskDiameterFraction = maskFraction }
        if let minPixelPerPoint { c.minPixelPerPoint = minPixelPerPoint }
        return c
    }
}
