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
    /// With `originalLongEdge`, a PNG's whole upright photo is shrunk from the same pass as
    /// `preview(path:longEdge:)` shrinks it (`EncodedCrop.original`): a PNG cannot skip columns,
    /// so decoding every row once costs little more than the rectangle's rows, where a second
    /// pass for the preview decoded and converted the photo again. A JPEG's original is decoded
    /// at a DCT scale instead, so it gets none.
    public static func encodedUprightCrop(
        path: String, limits: DecodeLimits = .default, jpegQuality: Int, previewLongEdge: Int,
        originalLongEdge: Int? = nil,
        rect: (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    ) throws(ImagingError) -> EncodedCrop {
        var sink: CropSink?
        // A turned or mirrored photo's crop on its stored grid: its width and pixels.
        var held: (width: Int, pixels: [UInt8])?
        // The whole photo's preview, the crop's box on the stored grid and the next row's index.
        var original: FittedSink?
        var (crop, y) = (PixelBox(columns: 0..<0, rows: 0..<0), 0)
        let info = try Decoding.crop(path: path, limits: limits) { info throws(ImagingError) in
            let r = rect(info)
            guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0,
                r.x + r.width <= info.orientedWidth, r.y + r.height <= info.orientedHeight
            else {
                throw .invalidRequest(
                    path: path,
                    reason:
                        "the crop \(r.width)×\(r.height) at (\(r.x), \(r.y)) is not inside the \(info.orientedWidth)×\(info.orientedHeight) photo"
                )
            }
            sink = try CropSink(
                info.format, width: r.width, height: r.height, quality: jpegQuality,
                previewLongEdge: previewLongEdge, label: path)
            let upright = Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
            let s = info.orientation.storedRect(
                fromOriented: upright, storedWidth: Double(info.storedWidth),
                storedHeight: Double(info.storedHeight))
            let (x, y) = (Int(s.x.rounded()), Int(s.y.rounded()))
            let swap = info.orientation.swapsAxes
            let box = PixelBox(columns: x..<x + (swap ? r.height : r.width), rows: y..<y + (swap ? r.width : r.height))
            if info.orientation != .up {
                held = (box.columns.count, [])
                held?.pixels.reserveCapacity(box.columns.count * box.rows.count * 3)
            }
            guard let originalLongEdge, info.format == .png else { return box }
            crop = box
            original = FittedSink(
                FittedRows(width: info.storedWidth, height: info.storedHeight, longEdge: originalLongEdge))
            return PixelBox(columns: 0..<info.storedWidth, rows: 0..<info.storedHeight)
        } row: { whole throws(ImagingError) in
            var row = whole
            if let original {
                defer { y += 1 }
                original.rows.push(whole)
                guard crop.rows.contains(y) else { return }
                row += crop.columns.lowerBound * 3
            }
            guard let width = held?.width else { return try sink!.push(row) }
            held?.pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width * 3))
        }
        if let held {
            let image = RGBImage(width: held.width, height: held.pixels.count / (held.width * 3), pixels: held.pixels)
            try sink!.pushUpright(image, from: info.orientation)
        }
        var encoded = try sink!.finish(info)
        encoded.original = original?.rows.image.upright(from: info.orientation)
        return encoded
    }

    /// The whole upright photo shrunk to fit `longEdge` (never enlarged), sized like
    /// `FittedRows`: the contact sheet's "original" beside its inset. A JPEG is
    /// decoded at the DCT scale that still covers it. A PNG has no smaller scale to decode at:
    /// its rows stream through `FittedRows` (a box average, then Lanczos-3 on the stored grid, then
    /// turned upright), as the inset's preview does, rather than Lanczos over every pixel.
    public static func preview(path: String, longEdge: Int, limits: DecodeLimits = .default) throws(ImagingError)
        -> RGBImage
    {
        if try PhotoFile(path: path).format() == .png {
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

/// `FittedRows` shared by the decoder's row callback and the code after it.
private final class FittedSink {
    var rows: FittedRows
    init(_ rows: consuming FittedRows) { self.rows = rows }
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
