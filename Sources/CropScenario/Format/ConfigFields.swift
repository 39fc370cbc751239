import CropVocabulary

/// `config`: the `AvatarCropperConfig` overrides, one entry per declared field
/// (`AvatarCropperConfig.fields`), with its key, range and kind. Defaults are
/// `AvatarCropperConfig()`'s, so a missing key keeps the spec's default and the encoder leaves
/// out every key that holds it.
extension ScenarioFormat {
    typealias ConfigField = ObjectField<AvatarCropperConfig>

    static let configTable: ObjectTable<AvatarCropperConfig> = {
        let d = AvatarCropperConfig()
        return ObjectTable(
            "AvatarCropperConfig overrides; missing fields keep the spec's defaults.",
            AvatarCropperConfig.fields.map { field in
                switch field.kind {
                case .integer(let path, let range): .integer(field.key, path, range, defaults: d)
                case .number(let path, let range): .number(field.key, path, range, defaults: d)
                case .flag(let path): .flag(field.key, path, defaults: d)
                case .encoding(let path): encodingField(field.key, path)
                }
            })
    }()

    /// Left out when PNG (the default); JPEG with its quality.
    static func encodingField(_ key: String, _ path: ConfigField.Path<AvatarCropperConfig.Encoding>) -> ConfigField {
        ConfigField(
            key: key, schema: either([pngEncoding.schema, jpegEncoding.schema]),
            parse: { r, c throws(ScenarioError) in c[keyPath: path] = try ScenarioFormat.encoding(r) },
            encode: { c in
                switch c[keyPath: path] {
                case .pngSRGB: nil
                case .jpegSRGB(let quality):
                    ScenarioEncoder.object([("format", "\"jpeg\""), ("quality", ScenarioEncoder.number(quality))])
                }
            })
    }

    static let pngEncoding = Object([key("format", constant(.string("png")), required: true)])
    static let jpegEncoding = Object([
        key("format", constant(.string("jpeg")), required: true),
        key("quality", number(Range.jpegQuality, default: 0.9))
    ])

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
