import CropModel
import CropVocabulary

extension ImageFile {
    /// A rectangle of whole pixels of the upright photo at full resolution, upright, sRGB over
    /// white: the batch cropper's inset. `rect` gets the header and returns the rectangle in
    /// upright pixels (it must lie inside the photo). Only the rectangle's rows (and, for a JPEG,
    /// its iMCU columns) are decoded; at 1:1 on whole pixels the filter keeps one tap per pixel,
    /// so the pixels are the decoder's own. The result is held whole (3 bytes per pixel, twice
    /// while an EXIF orientation is turned upright).
    public static func uprightCrop(
        path: String, limits: DecodeLimits = .default, rect: (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    ) throws(ImagingError) -> (info: ImageInfo, image: RGBImage) {
        let decoded = try Decoding.resample(path: path, limits: limits) { info throws(ImagingError) in
            let r = rect(info)
            guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0,
                  r.x + r.width <= info.orientedWidth, r.y + r.height <= info.orientedHeight else {
                throw .invalidRequest(path: path, reason: "the crop \(r.width)×\(r.height) at (\(r.x), \(r.y)) is not inside the \(info.orientedWidth)×\(info.orientedHeight) photo")
            }
            let upright = Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
            let stored = info.orientation.storedRect(fromOriented: upright, storedWidth: Double(info.storedWidth),
                                                     storedHeight: Double(info.storedHeight))
            let swap = info.orientation.swapsAxes
            return Region(rect: stored, width: swap ? r.height : r.width, height: swap ? r.width : r.height)
        }
        return (decoded.info, decoded.image.upright(from: decoded.info.orientation))
    }

    /// The whole upright photo shrunk to fit `longEdge` (never enlarged), sized like
    /// `RGBImage.fitted(longEdge:)`: the contact sheet's "original" beside its inset. A JPEG is
    /// decoded at the DCT scale that still covers it.
    public static func preview(path: String, longEdge: Int, limits: DecodeLimits = .default) throws(ImagingError) -> RGBImage {
        let decoded = try Decoding.resample(path: path, limits: limits) { info in
            let size = RGBImage.fittedSize(width: info.orientedWidth, height: info.orientedHeight, longEdge: longEdge)
            let swap = info.orientation.swapsAxes
            return .whole(info, width: swap ? size.height : size.width, height: swap ? size.width : size.height)
        }
        return decoded.image.upright(from: decoded.info.orientation)
    }

    /// `image` as a JPEG at libjpeg `quality` (1…100) carrying the sRGB profile.
    public static func sRGBJPEG(_ image: RGBImage, quality: Int, label: String) throws(ImagingError) -> [UInt8] {
        try ImageEncoder.jpeg(image.pixels, width: image.width, height: image.height, format: .rgb8,
                              quality: quality, iccProfile: SRGBProfile.bytes, label: label)
    }
}

extension RGBImage {
    /// This image shrunk to fit `longEdge` (never enlarged), with the avatar's Lanczos-3: a
    /// preview for the contact sheet. The short side is `round(short × longEdge / long)`, at least 1.
    public func fitted(longEdge: Int) throws(ImagingError) -> RGBImage {
        let (w, h) = Self.fittedSize(width: width, height: height, longEdge: longEdge)
        guard (w, h) != (width, height) else { return self }
        var rows = RGBImageRows(self)
        return try Decoding.run(
            &rows, color: .sRGB,
            FilterAxis(outputCount: w, origin: 0, length: Double(width), inputCount: width),
            FilterAxis(outputCount: h, origin: 0, length: Double(height), inputCount: height))
    }

    static func fittedSize(width: Int, height: Int, longEdge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let k = Double(longEdge) / Double(long)
        return width >= height ? (longEdge, max(1, Int((Double(height) * k).rounded())))
                               : (max(1, Int((Double(width) * k).rounded())), longEdge)
    }
}
