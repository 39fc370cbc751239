import CropModel

/// The rendered avatar and what the renderer learned on the way (R10.1 telemetry).
public struct RenderedAvatar: Hashable, Sendable {
    /// The encoded PNG or JPEG.
    public var bytes: [UInt8]
    /// The stored size of the photo, as `ConfirmTelemetry` reports it.
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// The upright display thumbnail's size per `ThumbnailPolicy`.
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int
    /// True when the crop came from the display thumbnail (the memory-pressure fallback, R7.4).
    public var usedThumbnail: Bool
    /// The JPEG DCT scale the crop decoded at (1, 2, 4 or 8; 1 for PNG and the fallback).
    public var decodeScaleDenominator: Int

    public init(bytes: [UInt8], sourceWidth: Int, sourceHeight: Int, thumbnailWidth: Int, thumbnailHeight: Int,
                usedThumbnail: Bool, decodeScaleDenominator: Int) {
        self.bytes = bytes
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.usedThumbnail = usedThumbnail
        self.decodeScaleDenominator = decodeScaleDenominator
    }
}

/// Cuts the avatar a `CropRequest` describes out of the photo file: exactly outputSize ×
/// outputSize, opaque, sRGB with its ICC profile, encoded as the request says.
public struct AvatarRenderer: Sendable {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// The request's `rect` is in upright pixels (R9.1). It is mapped onto the stored grid with the
    /// model's `Orientation.storedRect`, resampled there straight to the output size from only the
    /// rows the crop covers, and the small result is turned upright: for the symmetric, separable
    /// filter this equals turning the photo upright first, at a fraction of the memory.
    public func render(path: String, request: CropRequest) throws(ImagingError) -> RenderedAvatar {
        let info = try ImageFile.probe(path: path, limits: limits)
        try validate(request, info, path)
        let thumbnail = ThumbnailPolicy.size(width: info.orientedWidth, height: info.orientedHeight)
        let side = request.outputSize
        let image: RGBImage
        var denominator = 1
        if request.fromThumbnail {
            let pixels = try ImageFile.thumbnail(path: path, limits: limits)
            let kx = Double(pixels.width) / Double(info.orientedWidth)
            let ky = Double(pixels.height) / Double(info.orientedHeight)
            let r = request.rect
            let rect = Rect(x: r.x * kx, y: r.y * ky, width: r.width * kx, height: r.height * ky)
            var rows = RGBImageRows(pixels)
            image = try Decoding.run(
                &rows, color: .sRGB,
                FilterAxis(outputCount: side, origin: rect.x, length: rect.width, inputCount: pixels.width),
                FilterAxis(outputCount: side, origin: rect.y, length: rect.height, inputCount: pixels.height))
        } else {
            let stored = info.orientation.storedRect(
                fromOriented: request.rect, storedWidth: Double(info.storedWidth), storedHeight: Double(info.storedHeight))
            let decoded = try Decoding.resample(path: path, limits: limits) { _ in
                Region(rect: stored, width: side, height: side)
            }
            image = decoded.image.upright(from: info.orientation)
            denominator = decoded.scaleDenominator
        }
        return RenderedAvatar(
            bytes: try encode(image, request.encoding, path),
            sourceWidth: info.storedWidth, sourceHeight: info.storedHeight,
            thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
            usedThumbnail: request.fromThumbnail, decodeScaleDenominator: denominator)
    }

    /// A request made for another photo, or one the model could never produce, is refused rather
    /// than rendered into something the user did not see.
    private func validate(_ request: CropRequest, _ info: ImageInfo, _ path: String) throws(ImagingError) {
        func require(_ ok: Bool, _ reason: @autoclosure () -> String) throws(ImagingError) {
            if !ok { throw .invalidRequest(path: path, reason: reason()) }
        }
        try require(request.orientation == info.orientation,
                    "made for orientation \(request.orientation.rawValue), the file has \(info.orientation.rawValue)")
        try require((1...limits.maxOutputSize).contains(request.outputSize),
                    "outputSize must be 1...\(limits.maxOutputSize), got \(request.outputSize)")
        let r = request.rect
        try require(r.isFinite && r.width > 0 && r.height > 0, "rect must be finite and non-empty, got \(r)")
        // Half a pixel of slack: the model's clamps work in floating point, the filter clamps to the edge.
        try require(r.isInside(width: Double(info.orientedWidth), height: Double(info.orientedHeight), tolerance: 0.5),
                    "rect \(r) is outside the \(info.orientedWidth)x\(info.orientedHeight) upright image")
    }

    private func encode(_ image: RGBImage, _ encoding: AvatarCropperConfig.Encoding, _ path: String) throws(ImagingError) -> [UInt8] {
        switch encoding {
        case .pngSRGB:
            return try ImageEncoder.png(image.pixels, width: image.width, height: image.height, format: .rgb8,
                                        iccProfile: SRGBProfile.bytes, label: path)
        case .jpegSRGB(let quality):
            // The config's 0.9 is libjpeg's 90.
            let q = quality.isFinite ? min(100, max(1, Int((quality * 100).rounded()))) : 90
            return try ImageEncoder.jpeg(image.pixels, width: image.width, height: image.height, format: .rgb8,
                                         quality: q, iccProfile: SRGBProfile.bytes, label: path)
        }
    }
}
