import CropVocabulary

/// `config`: the `AvatarCropperConfig` overrides, one entry per key. Defaults are
/// `AvatarCropperConfig()`'s, so a missing key keeps the spec's default and the encoder leaves
/// out every key that holds it.
extension ScenarioFormat {
    typealias ConfigField = ObjectField<AvatarCropperConfig>

    static let configTable: ObjectTable<AvatarCropperConfig> = {
        let d = AvatarCropperConfig()
        return ObjectTable("AvatarCropperConfig overrides; missing fields keep the spec's defaults.", [
            .integer("outputSize", \.outputSize, Range.outputSize, defaults: d),
            .number("qualityMultiplier", \.qualityMultiplier, Range.qualityMultiplier, defaults: d),
            .number("maxZoomMultiplier", \.maxZoomMultiplier, Range.maxZoomMultiplier, defaults: d),
            .number("maskDiameterFraction", \.maskDiameterFraction, Range.maskDiameterFraction, defaults: d),
            .flag("showGrid", \.showGrid, defaults: d),
            .flag("allowRotation", \.allowRotation, defaults: d),
            .flag("useLiquidGlassChrome", \.useLiquidGlassChrome, defaults: d),
            .number("minPixelPerPoint", \.minPixelPerPoint, Range.minPixelPerPoint, defaults: d),
            ConfigField(key: "encoding", schema: either([pngEncoding.schema, jpegEncoding.schema]),
                        parse: { r, c throws(ScenarioError) in c.encoding = try ScenarioFormat.encoding(r) },
                        encode: { c in
                            switch c.encoding {
                            case .pngSRGB: nil
                            case .jpegSRGB(let quality):
                                ScenarioEncoder.object([("format", "\"jpeg\""), ("quality", ScenarioEncoder.number(quality))])
                            }
                        }),
        ])
    }()

    static let pngEncoding = Object([key("format", constant(.string("png")), required: true)])
    static let jpegEncoding = Object([key("format", constant(.string("jpeg")), required: true),
                                      key("quality", number(Range.jpegQuality, default: 0.9))])

    /// `{"format": "png"}` or `{"format": "jpeg", "quality": 0.9}`.
    static func encoding(_ r: JSONReader) throws(ScenarioError) -> AvatarCropperConfig.Encoding {
        let e = try r.object()
        try e.finish(allowed: jpegEncoding.keys)
        switch try e.required("format").string() {
        case "png":
            if let q = e.optional("quality") { throw q.fail("PNG has no quality setting") }
            return .pngSRGB
        case "jpeg":
            return .jpegSRGB(quality: try e.optional("quality")?.number(in: Range.jpegQuality, "quality") ?? 0.9)
        case let other:
            throw try e.required("format").fail("format must be \"png\" or \"jpeg\", got \(quoted(other))")
        }
    }
}
