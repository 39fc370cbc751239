import CropModel
import CropVocabulary

/// Reading photos: the header for the editor, the display thumbnail, or every pixel.
public enum ImageFile {
    /// The stored size, EXIF orientation and format, from the header only (no pixel is decoded).
    /// Refuses files over `limits.maxPixels` and photos under 320 px on the short side (R1.3).
    public static func probe(path: String, limits: DecodeLimits = .default) throws(ImagingError) -> ImageInfo {
        let info = try header(path: path, limits: limits)
        try requireMinimumSize(info, path)
        return info
    }

    /// The header alone, without the 320 px rule: the simulator lets the editor refuse a small
    /// photo with the spec's message, which a scenario may expect.
    public static func header(path: String, limits: DecodeLimits = .default) throws(ImagingError) -> ImageInfo {
        try Decoding.header(path: path, limits: limits)
    }

    /// The whole photo, upright, in sRGB over white. No minimum size: this is the decoder itself.
    public static func decode(path: String, limits: DecodeLimits = .default) throws(ImagingError) -> RGBImage {
        let decoded = try Decoding.resample(path: path, limits: limits) {
            .whole($0, width: $0.storedWidth, height: $0.storedHeight)
        }
        return decoded.image.upright(from: decoded.info.orientation)
    }

    /// The display thumbnail (R5.4, R7.1): upright, long edge per `ThumbnailPolicy` (or the photo's
    /// own when smaller). JPEG decodes at 1/2, 1/4 or 1/8 scale where that still covers it. A PNG,
    /// and a JPEG under twice the thumbnail's long edge, read every row at full resolution, and
    /// `alongside` (the batch's inset) can ride on them.
    public static func thumbnail(
        path: String, limits: DecodeLimits = .default, alongside: CropAlongside? = nil
    ) throws(ImagingError) -> RGBImage {
        let decoded = try Decoding.resample(path: path, limits: limits, alongside: alongside, region: thumbnailRegion)
        return decoded.image.upright(from: decoded.info.orientation)
    }

    /// The display thumbnail's size on the stored grid, for the whole photo.
    static func thumbnailRegion(_ info: ImageInfo) -> Region {
        let upright = ThumbnailPolicy.size(width: info.orientedWidth, height: info.orientedHeight)
        let swap = info.orientation.swapsAxes
        return .whole(info, width: swap ? upright.height : upright.width, height: swap ? upright.width : upright.height)
    }

    static func requireMinimumSize(_ info: ImageInfo, _ path: String) throws(ImagingError) {
        do throws(SourceRejection) {
            try info.source.validate()
        } catch {
            if case .tooSmall(let shortSide) = error { throw .tooSmall(path: path, shortSide: shortSide) }
            throw .invalidRequest(path: path, reason: error.description)
        }
    }
}
