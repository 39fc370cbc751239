import CropModel
import CropVocabulary

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

    public init(
        bytes: [UInt8], sourceWidth: Int, sourceHeight: Int, thumbnailWidth: Int, thumbnailHeight: Int,
        usedThumbnail: Bool, decodeScaleDenominator: Int
    ) {
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
    ///
    /// A turned crop (`request.angle`) is exact for multiples of 90° (the unturned avatar,
    /// permuted) and otherwise goes through `RotatedSampler`'s two passes.
    public func render(path: String, request: CropRequest) throws(ImagingError) -> RenderedAvatar {
        let info = try ImageFile.probe(path: path, limits: limits)
        try validate(request, info, path)
        let thumbnail = ThumbnailPolicy.size(width: info.orientedWidth, height: info.orientedHeight)
        let turn = CropTurn(degrees: request.angle)
        let image: RGBImage, denominator: Int
        if let quarterTurns = turn.quarterTurns {
            let upright = try resample(path, info, request, rect: request.rect, size: request.outputSize)
            image = upright.image.turnedClockwise(quarterTurns: quarterTurns)
            denominator = upright.denominator
        } else {
            let side = (request.rect.width + request.rect.height) / 2
            let sampler = RotatedSampler(
                outputSize: request.outputSize, cropSide: side, turn: turn,
                byteLimit: limits.maxBufferedBytes)
            guard sampler.intermediateBytes <= limits.maxBufferedBytes else {
                throw .overMemoryLimit(
                    path: path, what: "a \(request.outputSize) px avatar turned by \(turn.degrees)°",
                    bytes: sampler.intermediateBytes, limit: limits.maxBufferedBytes)
            }
            let intermediate = try resample(
                path, info, request, rect: sampler.region(for: request.rect), size: sampler.side)
            image = sampler.render(intermediate.image)
            denominator = intermediate.denominator
        }
        return RenderedAvatar(
            bytes: try encode(image, request.encoding, path),
            sourceWidth: info.storedWidth, sourceHeight: info.storedHeight,
            thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
            usedThumbnail: request.fromThumbnail, decodeScaleDenominator: denominator)
    }

    /// The upright `rect` (which may reach past the photo: taps there clamp to the edge) resampled
    /// to `size × size`, from the file or, after a memory warning, from the display thumbnail.
    private func resample(_ path: String, _ info: ImageInfo, _ request: CropRequest, rect: Rect, size: Int)
        throws(ImagingError) -> (image: RGBImage, denominator: Int)
    {
        if request.fromThumbnail {
            let pixels = try ImageFile.thumbnail(path: path, limits: limits)
            let kx = Double(pixels.width) / Double(info.orientedWidth)
            let ky = Double(pixels.height) / Double(info.orientedHeight)
            var rows = RGBImageRows(pixels)
            let image = try Decoding.run(
                &rows, color: .sRGB,
                FilterAxis(outputCount: size, origin: rect.x * kx, length: rect.width * kx, inputCount: pixels.width),
                FilterAxis(outputCount: size, origin: rect.y * ky, length: rect.height * ky, inputCount: pixels.height))
            return (image, 1)
        }
        let stored = info.orientation.storedRect(
            fromOriented: rect, storedWidth: Double(info.storedWidth), storedHeight: Double(info.storedHeight))
        let decoded = try Decoding.resample(path: path, limits: limits) { _ in
            Region(rect: stored, width: size, height: size)
        }
        return (decoded.image.upright(from: info.orientation), decoded.scaleDenominator)
    }

    /// A request made for another photo, or one the model could never produce, is refused rather
    /// than rendered into something the user did not see.
    private func validate(_ request: CropRequest, _ info: ImageInfo, _ path: String) throws(ImagingError) {
        func require(_ ok: Bool, _ reason: @autoclosure () -> String) throws(ImagingError) {
            if !ok { throw .invalidRequest(path: path, reason: reason()) }
        }
        try require(
            request.orientation == info.orientation,
            "made for orientation \(request.orientation.rawValue), the file has \(info.orientation.rawValue)")
        try require(
            (1...limits.maxOutputSize).contains(request.outputSize),
            "outputSize must be 1...\(limits.maxOutputSize), got \(request.outputSize)")
        let r = request.rect
        try require(r.isFinite && r.width > 0 && r.height > 0, "rect must be finite and non-empty, got \(r)")
        try require(request.angle.isFinite, "angle must be finite, got \(request.angle)")
        // Only a square turns into the square the contract describes; the model makes squares.
        try require(
            request.angle == 0 || abs(r.width - r.height) <= 1e-6 * r.width,
            "a turned rect must be square, got \(r)")
        // Half a pixel of slack: the model's clamps work in floating point, the filter clamps to the edge.
        try require(
            r.isInside(width: Double(info.orientedWidth), height: Double(info.orientedHeight), tolerance: 0.5),
            "rect \(r) is outside the \(info.orientedWidth)x\(info.orientedHeight) upright image")
    }

    private func encode(_ image: RGBImage, _ encoding: AvatarCropperConfig.Encoding, _ path: String)
        throws(ImagingError) -> [UInt8]
    {
        switch encoding {
        case .pngSRGB:
            return try ImageEncoder.png(
                image.pixels, width: image.width, height: image.height, format: .rgb8,
                iccProfile: SRGBProfile.bytes, label: path)
        case .jpegSRGB(let quality):
            // The config's 0.9 is libjpeg's 90.
            let q = quality.isFinite ? min(100, max(1, Int((quality * 100).rounded()))) : 90
            return try ImageEncoder.jpeg(
                image.pixels, width: image.width, height: image.height, format: .rgb8,
                quality: q, iccProfile: SRGBProfile.bytes, label: path)
        }
    }
}
