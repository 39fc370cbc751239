/// The display thumbnail as a JPEG file: what a page draws the photo from at a phone's own
/// sharpness (R5.4, R7.1), where the report's 256 px thumbnail would be blurry on a retina screen.
public enum DisplayJPEG {
    /// High enough that the JPEG's artefacts stay below what the eye finds at 3× on a phone.
    public static let quality = 90

    /// `ImageFile.thumbnail` (upright, sRGB over white, long edge per `ThumbnailPolicy`) encoded
    /// as a baseline JPEG with the sRGB profile embedded. Deterministic: same file, same bytes.
    public static func encode(path: String, limits: DecodeLimits = .default) throws(ImagingError) -> (
        bytes: [UInt8], width: Int, height: Int
    ) {
        let image = try ImageFile.thumbnail(path: path, limits: limits)
        let bytes = try ImageEncoder.jpeg(
            image.pixels, width: image.width, height: image.height, format: .rgb8, quality: quality,
            iccProfile: SRGBProfile.bytes, label: path)
        return (bytes, image.width, image.height)
    }
}
