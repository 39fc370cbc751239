import CropModel
import CropVocabulary

extension ImageFile {
    /// A rectangle of whole pixels of the upright photo at full resolution, upright, sRGB over
    /// white, encoded in the photo's own format (a PNG as a lossless PNG, a JPEG at libjpeg
    /// `jpegQuality`, both carrying the sRGB profile), with its preview shrunk to fit
    /// `previewLongEdge`: the batch cropper's inset. `rect` gets the header and returns the
    /// rectangle in upright pixels (it must lie inside the photo).
    ///
    /// Only the rectangle's rows (and, for a JPEG, its iMCU columns) are decoded, 1:1: the
    /// decoder's own pixels. Upright photos stream: each row goes to the encoder and the preview
    /// as it is decoded, and the encoded file is all that grows. A photo its EXIF orientation
    /// turns or mirrors is held once, 3 bytes per pixel of the rectangle, on its stored grid,
    /// and streamed from there in upright order.
    ///
    /// With `originalLongEdge`, the whole upright photo is shrunk from the same pass as
    /// `preview(path:longEdge:)` shrinks it (`EncodedCrop.original`), for a photo whose display
    /// thumbnail reads every row at full resolution (a PNG; a JPEG under 5120 px): its crop is
    /// decoded as whole rows anyway, so every row costs little more than the rectangle's, where a
    /// second pass decoded and converted the photo again. A larger JPEG's original is decoded at a
    /// DCT scale instead, so it gets none.
    public static func encodedUprightCrop(
        path: String, limits: DecodeLimits = .default, jpegQuality: Int, previewLongEdge: Int,
        originalLongEdge: Int? = nil,
        rect: @escaping (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    ) throws(ImagingError) -> EncodedCrop {
        let pass = UprightCropPass(
            label: path, jpegQuality: jpegQuality, previewLongEdge: previewLongEdge,
            originalLongEdge: originalLongEdge, rect: rect)
        let info = try Decoding.crop(path: path, limits: limits, box: pass.begin, row: pass.push)
        return try pass.finish(info)
    }

    /// The whole upright photo shrunk to fit `longEdge` (never enlarged), sized like
    /// `FittedRows`: the contact sheet's "original" beside its inset. A photo whose display
    /// thumbnail reads every row at full resolution (a PNG, which has no smaller scale; a JPEG
    /// under 5120 px) streams those rows through `FittedRows` (a box average, then Lanczos-3 on
    /// the stored grid, then turned upright), as the inset's preview does, so the inset's pass can
    /// make it on the way. A larger JPEG is decoded at the DCT scale that still covers it.
    public static func preview(path: String, longEdge: Int, limits: DecodeLimits = .default) throws(ImagingError)
        -> RGBImage
    {
        if Decoding.thumbnailReadsWholeRows(try Decoding.header(path: path, limits: limits)) {
            return try streamedPreview(path: path, longEdge: longEdge, limits: limits)
        }
        let decoded = try Decoding.resample(path: path, limits: limits) { info in
            let size = RGBImage.fittedSize(width: info.orientedWidth, height: info.orientedHeight, longEdge: longEdge)
            let swap = info.orientation.swapsAxes
            return .whole(info, width: swap ? size.height : size.width, height: swap ? size.width : size.height)
        }
        return decoded.image.upright(from: decoded.info.orientation)
    }

    private static func streamedPreview(path: String, longEdge: Int, limits: DecodeLimits) throws(ImagingError)
        -> RGBImage
    {
        var sink: FittedSink?
        let info = try Decoding.crop(path: path, limits: limits) { info in
            sink = FittedSink(FittedRows(width: info.storedWidth, height: info.storedHeight, longEdge: longEdge))
            return PixelBox(columns: 0..<info.storedWidth, rows: 0..<info.storedHeight)
        } row: { row in
            sink!.rows.push(row)
        }
        return sink!.rows.image.upright(from: info.orientation)
    }
}

extension RGBImage {
    /// The size `FittedRows` shrinks `width × height` to.
    static func fittedSize(width: Int, height: Int, longEdge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let k = Double(longEdge) / Double(long)
        return width >= height
            ? (longEdge, max(1, Int((Double(height) * k).rounded())))
            : (max(1, Int((Double(width) * k).rounded())), longEdge)
    }
}
