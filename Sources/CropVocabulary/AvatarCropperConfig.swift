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

    /// Every stored property above, declared once, in order: the scenario format's table and
    /// schema, `Codable`, the model protocol's `open` message and the command line's ranges and
    /// help all walk this list (`Field`). A new field is its stored property and one entry here;
    /// the range is what a scenario file or the command line may set (bounded so that no input
    /// traps or spins; whether a value makes sense is `validate()`'s to say).
    public static let fields: [Field] = [
        .integer("outputSize", \.outputSize, 16...8192, "Output side in pixels"),
        .number(
            "qualityMultiplier", \.qualityMultiplier, 0.01...100, "Pixels per output pixel required in the crop (q)"),
        .number("maxZoomMultiplier", \.maxZoomMultiplier, 1...100, "s_max is at most s_min times this"),
        .number(
            "maskDiameterFraction", \.maskDiameterFraction, 0.05...1,
            "Mask diameter as a fraction of the view's short side"),
        .flag("showGrid", \.showGrid, "Show the 2×2 alignment grid inside the mask, hidden during a gesture"),
        .flag("allowRotation", \.allowRotation, "Let two fingers and a button turn the photo"),
        .flag("useLiquidGlassChrome", \.useLiquidGlassChrome, "Translucent Liquid Glass top and bottom bars"),
        .number("minPixelPerPoint", \.minPixelPerPoint, 0.01...100, "Minimum image pixels per view point"),
        .encoding("encoding", \.encoding, "The output's file format: PNG, or JPEG with a quality")
    ]
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
