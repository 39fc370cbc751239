import CropVocabulary

/// A crop encoded as it streamed past (`ImageFile.encodedUprightCrop`), with its preview.
public struct EncodedCrop: Sendable {
    public var info: ImageInfo
    /// The encoded file.
    public var bytes: [UInt8]
    /// The crop shrunk to fit the preview's long edge.
    public var preview: RGBImage
    /// The whole upright photo shrunk to fit `originalLongEdge`, made from the same decoding pass:
    /// for a PNG when it was asked for, otherwise nil.
    public var original: RGBImage?

    /// What `ImageFile.encodedUprightCrop` holds at its peak for a `width × height` crop, besides
    /// a few rows: the encoded file (at most about the raw size, 3 bytes per pixel: noise barely
    /// compresses) and the crop on the stored grid when the orientation turns or mirrors it (3).
    /// Both encoders stream (a JPEG with the standard Huffman tables holds no coefficients).
    /// `Int.max` when that overflows.
    public static func peakBytes(width: Int, height: Int, turned: Bool) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue < Int.max / 6 else { return Int.max }
        return pixels.partialValue * 3 * (turned ? 2 : 1)
    }
}

/// Where a crop's upright rows go, in order: the encoder and the preview. A class so that the
/// decoder's row callback and the code after it share one.
final class CropSink {
    private let width: Int
    private let height: Int
    private var encoder: RowEncoder
    private var preview: FittedRows

    init(_ format: ImageFormat, width: Int, height: Int, quality: Int, previewLongEdge: Int, label: String)
        throws(ImagingError)
    {
        (self.width, self.height) = (width, height)
        encoder = try RowEncoder(
            format, width: width, height: height, quality: quality,
            iccProfile: SRGBProfile.bytes, label: label)
        preview = FittedRows(width: width, height: height, longEdge: previewLongEdge)
    }

    /// The next upright row, width × 3 bytes.
    func push(_ row: UnsafePointer<UInt8>) throws(ImagingError) {
        try encoder.write(row)
        preview.push(row)
    }

    /// Every row of `image` (the crop on the stored grid) turned upright, a block of rows at a
    /// time (`RGBImage.uprightBlock`: a turned image's rows are read down its stored columns).
    func pushUpright(_ image: RGBImage, from orientation: Orientation) throws(ImagingError) {
        precondition(
            orientation.orientedSize(storedWidth: image.width, storedHeight: image.height) == (width, height),
            "the held crop is not the sink's size")
        let block = RGBImage.uprightBlock
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: block * width * 3)
        defer { rows.deallocate() }
        for y in stride(from: 0, to: height, by: block) {
            let count = min(block, height - y)
            image.uprightRows(y..<y + count, from: orientation, into: rows)
            for k in 0..<count { try push(rows + k * width * 3) }
        }
    }

    func finish(_ info: ImageInfo) throws(ImagingError) -> EncodedCrop {
        EncodedCrop(info: info, bytes: try encoder.finish(), preview: preview.image)
    }
}
