import CropModel
import CropVocabulary

extension ImageFile {
    /// The largest centered square of the upright photo, resampled to `side` × `side` sRGB: the
    /// thumbnail generator's crop. Only the rows and columns of the square are decoded (a JPEG at
    /// the DCT scale that still covers the output), and only the small result is turned upright.
    public static func centerSquare(path: String, side: Int, limits: DecodeLimits = .default) throws(ImagingError)
        -> RGBImage
    {
        let decoded = try Decoding.resample(path: path, limits: limits) { info in
            let w = Double(info.orientedWidth), h = Double(info.orientedHeight), s = min(w, h)
            let upright = Rect(x: (w - s) / 2, y: (h - s) / 2, width: s, height: s)
            let stored = info.orientation.storedRect(
                fromOriented: upright, storedWidth: Double(info.storedWidth),
                storedHeight: Double(info.storedHeight))
            return Region(rect: stored, width: side, height: side)
        }
        return decoded.image.upright(from: decoded.info.orientation)
    }

    /// `image` as a PNG carrying the sRGB profile, as avatars are written (libpng choosing each
    /// row's filter).
    public static func sRGBPNG(_ image: RGBImage, label: String) throws(ImagingError) -> [UInt8] {
        try ImageEncoder.png(
            image.pixels, width: image.width, height: image.height, format: .rgb8,
            iccProfile: SRGBProfile.bytes, label: label)
    }

    /// A contact sheet's preview of an inset (or of the whole photo beside it): `sRGBPNG`'s
    /// pixels with every row Up-filtered. On the seed-1 corpus's 382 previews libpng's choice row
    /// by row took 1.9× the encoder's instructions for 0.91× the bytes; Up was the cheapest
    /// filter, Paeth the smallest (docs/performance.md, "Photos: the PNG avatar and the inset").
    public static func sRGBPreviewPNG(_ image: RGBImage, label: String) throws(ImagingError) -> [UInt8] {
        try ImageEncoder.png(
            image.pixels, width: image.width, height: image.height, format: .rgb8, filter: .up,
            iccProfile: SRGBProfile.bytes, label: label)
    }
}
