import CropVocabulary

extension AvatarCropperConfig {
    /// Every field that would make the zoom math meaningless, named, so a caller can point at it.
    public func validate() throws(InvalidInput) {
        func require(_ ok: Bool, _ field: String, _ why: String) throws(InvalidInput) {
            if !ok { throw InvalidInput(field: field, reason: why) }
        }
        try require(outputSize > 0, "outputSize", "must be a positive number of pixels, got \(outputSize)")
        try require(
            qualityMultiplier.isFinite && qualityMultiplier > 0,
            "qualityMultiplier", "must be a finite number > 0, got \(qualityMultiplier)")
        try require(
            maxZoomMultiplier.isFinite && maxZoomMultiplier >= 1,
            "maxZoomMultiplier", "must be a finite number ≥ 1, got \(maxZoomMultiplier)")
        try require(
            maskDiameterFraction.isFinite && maskDiameterFraction > 0 && maskDiameterFraction <= 1,
            "maskDiameterFraction", "must be in (0, 1], got \(maskDiameterFraction)")
        try require(
            minPixelPerPoint.isFinite && minPixelPerPoint > 0,
            "minPixelPerPoint", "must be a finite number > 0, got \(minPixelPerPoint)")
        if case .jpegSRGB(let quality) = encoding {
            try require(
                quality.isFinite && quality > 0 && quality <= 1,
                "encoding.jpeg", "quality must be in (0, 1], got \(quality)")
        }
    }
}
