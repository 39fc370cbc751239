import CropVocabulary

extension AvatarCropperConfig {
    /// This config with `field` moved off its value, inside its declared range, to a value with
    /// many digits where it is a number: the one way the config tests change a declared field, so
    /// a writer's number formatting is part of every round trip and a dropped field shows.
    public func changing(_ field: Field) -> AvatarCropperConfig {
        var c = self
        switch field.kind {
        case .integer(let p, let r): c[keyPath: p] = r.lowerBound + (r.upperBound - r.lowerBound) / 3
        case .number(let p, let r): c[keyPath: p] = r.lowerBound + (r.upperBound - r.lowerBound) / 3
        case .flag(let p): c[keyPath: p].toggle()
        case .encoding(let p): c[keyPath: p] = .jpegSRGB(quality: 0.1 + 0.2)
        }
        return c
    }
}
