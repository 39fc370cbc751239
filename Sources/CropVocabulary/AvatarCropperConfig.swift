/// The spec's `AvatarCropperConfig`, with `CGFloat` as `Double` (there is no CoreGraphics here).
public struct AvatarCropperConfig: Hashable, Sendable, Codable {
    public var outputSize: Int = 512
    public var qualityMultiplier: Double = 1.25
    public var maxZoomMultiplier: Double = 4.0
    /// Of `min(view.width, view.height)`.
    public var maskDiameterFraction: Double = 0.82

    public var showGrid: Bool = true
    /// Two fingers may turn the photo and a button turns it by a quarter (docs/rotation.md).
    public var allowRotation: Bool = false
    public var useLiquidGlassChrome: Bool = true

    /// Density gate: image pixels per view point at s_min (where an editor also applies it is a
    /// policy, `densityCap`).
    public var minPixelPerPoint: Double = 1.0
    public var encoding: Encoding = .pngSRGB

    public enum Encoding: Hashable, Sendable {
        case pngSRGB
        case jpegSRGB(quality: Double)
    }

    public init() {}
}

extension AvatarCropperConfig.Encoding: Codable {
    private enum CodingKeys: String, CodingKey { case format, quality }

    /// Encoded as `{"format": "png"}` or `{"format": "jpeg", "quality": 0.9}` so that scenario
    /// files read naturally.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .format) {
        case "png":
            self = .pngSRGB
        case "jpeg":
            self = .jpegSRGB(quality: try c.decodeIfPresent(Double.self, forKey: .quality) ?? 0.9)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: c, debugDescription: "expected \"png\" or \"jpeg\", got \"\(other)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .pngSRGB:
            try c.encode("png", forKey: .format)
        case .jpegSRGB(let quality):
            try c.encode("jpeg", forKey: .format)
            try c.encode(quality, forKey: .quality)
        }
    }
}

extension AvatarCropperConfig {
    private enum CodingKeys: String, CodingKey {
        case outputSize, qualityMultiplier, maxZoomMultiplier, maskDiameterFraction, showGrid,
             allowRotation, useLiquidGlassChrome, minPixelPerPoint, encoding
    }

    /// Every field is optional in JSON: a missing one keeps the spec's default, so scenario files
    /// name only what they override.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        outputSize = try c.decodeIfPresent(Int.self, forKey: .outputSize) ?? outputSize
        qualityMultiplier = try c.decodeIfPresent(Double.self, forKey: .qualityMultiplier) ?? qualityMultiplier
        maxZoomMultiplier = try c.decodeIfPresent(Double.self, forKey: .maxZoomMultiplier) ?? maxZoomMultiplier
        maskDiameterFraction = try c.decodeIfPresent(Double.self, forKey: .maskDiameterFraction) ?? maskDiameterFraction
        showGrid = try c.decodeIfPresent(Bool.self, forKey: .showGrid) ?? showGrid
        allowRotation = try c.decodeIfPresent(Bool.self, forKey: .allowRotation) ?? allowRotation
        useLiquidGlassChrome = try c.decodeIfPresent(Bool.self, forKey: .useLiquidGlassChrome) ?? useLiquidGlassChrome
        minPixelPerPoint = try c.decodeIfPresent(Double.self, forKey: .minPixelPerPoint) ?? minPixelPerPoint
        encoding = try c.decodeIfPresent(Encoding.self, forKey: .encoding) ?? encoding
    }
}
