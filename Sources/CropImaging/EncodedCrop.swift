import CropVocabulary

/// A crop encoded as it streamed past (`ImageFile.encodedUprightCrop`), with its preview.
public struct EncodedCrop: Sendable {
    public var info: ImageInfo
    /// The encoded file.
    public var bytes: [UInt8]
    /// The crop shrunk to fit the preview's long edge.
    public var preview: RGBImage

    /// Up to this many pixels a JPEG crop gets optimal Huffman tables (smaller, but libjpeg holds
    /// the crop's DCT coefficients, 36 MB at 12 MP); a larger one streams with the standard tables.
    public static let optimizedHuffmanMaxPixels = 12_000_000

    /// What `ImageFile.encodedUprightCrop` holds at its peak for a `width × height` crop, besides
    /// a few rows: the encoded file (at most about the raw size, 3 bytes per pixel: noise barely
    /// compresses), a JPEG's DCT coefficients when its Huffman tables are optimized (3 bytes per
    /// pixel at 4:2:0), and the crop on the stored grid when the orientation turns or mirrors
    /// it (3). `Int.max` when that overflows.
    public static func peakBytes(width: Int, height: Int, format: ImageFormat, turned: Bool) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue < Int.max / 9 else { return Int.max }
        let coefficients = format == .jpeg && pixels.partialValue <= optimizedHuffmanMaxPixels
        return pixels.partialValue * 3 * (1 + (coefficients ? 1 : 0) + (turned ? 1 : 0))
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
            optimizeHuffman: width * height <= EncodedCrop.optimizedHuffmanMaxPixels,
            iccProfile: SRGBProfile.bytes, label: label)
        preview = FittedRows(width: width, height: height, longEdge: previewLongEdge)
    }

    /// The next upright row, width × 3 bytes.
    func push(_ row: UnsafePointer<UInt8>) throws(ImagingError) {
        try encoder.write(row)
        preview.push(row)
    }

    /// Every row of `image` (the crop on the stored grid) turned upright, one row at a time.
    func pushUpright(_ image: RGBImage, from orientation: Orientation) throws(ImagingError) {
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 3)
        defer { row.deallocate() }
        for y in 0..<height {
            image.uprightRow(y, from: orientation, into: row)
            try push(row)
        }
    }

    func finish(_ info: ImageInfo) throws(ImagingError) -> EncodedCrop {
        EncodedCrop(info: info, bytes: try encoder.finish(), preview: preview.image)
    }
}
