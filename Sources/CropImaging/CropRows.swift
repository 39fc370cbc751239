/// Whole stored pixels: the columns and rows of a 1:1 crop.
struct PixelBox {
    var columns: Range<Int>
    var rows: Range<Int>
}

extension Decoding {
    /// Streams the stored pixels `box(header)` names, row by row top to bottom, as 8-bit sRGB over
    /// white (3 bytes per pixel) to `row`; the pointer is valid during the call only.
    ///
    /// These are the bytes `resample` gives for the same box at 1:1 (its filter keeps one tap of
    /// weight 1 per pixel there) without the filter's work: only the box's rows are decoded (PNG
    /// rows above it inflated, not copied; a JPEG's iMCU columns and rows it needs, or for a JPEG
    /// whose display thumbnail is decoded 1:1, whole rows from the top as that pass reads them),
    /// and nothing past its last row.
    static func crop(
        path: String, limits: DecodeLimits, box: (ImageInfo) throws(ImagingError) -> PixelBox,
        row: (UnsafePointer<UInt8>) throws(ImagingError) -> Void
    ) throws(ImagingError) -> ImageInfo {
        let file = try PhotoFile(path: path)
        switch try file.format() {
        case .png:
            var reader = try PNGReader(file)
            let info = try checked(ImageInfo(reader), limits, path)
            try checkBuffer(reader.bufferedBytes, "an interlaced (Adam7) PNG", limits, path)
            let b = try box(info)
            let color = reader.color
            try copy(&reader, color: color, b, readingAbove: false, row)
            return info
        case .jpeg:
            var reader = try JPEGReader(file)
            let info = try checked(ImageInfo(reader), limits, path)
            try checkBuffer(reader.bufferedBytes, "a progressive or multi-scan JPEG", limits, path)
            let b = try box(info)
            // Decoded as the display thumbnail's pass decodes it when that pass is 1:1 (whole
            // rows from the top), so an inset riding on it (`CropAlongside`) gets these very
            // pixels: libjpeg's fancy upsampling reads past a cropped region's edge.
            let asThumbnail = thumbnailReadsWholeRows(info)
            let wanted = asThumbnail ? 0..<reader.width : b.columns
            try reader.start(denominator: 1, wanted: wanted, maxMemory: limits.maxBufferedBytes)
            let color = reader.color
            try copy(&reader, color: color, b, readingAbove: asThumbnail, row)
            return info
        }
    }

    /// `readingAbove`: decode the rows above the box and drop them, rather than skip them.
    private static func copy<Decoder: RowDecoder & ~Copyable>(
        _ decoder: inout Decoder, color: SourceColor, _ box: PixelBox, readingAbove: Bool,
        _ body: (UnsafePointer<UInt8>) throws(ImagingError) -> Void
    ) throws(ImagingError) {
        let format = decoder.format, columns = decoder.columns, count = box.columns.count
        precondition(
            columns.lowerBound <= box.columns.lowerBound && box.columns.upperBound <= columns.upperBound,
            "decoder rows miss needed columns")
        let converter = RowConverter(color: color, format: format, maxPixels: count)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, columns.count * format.bytesPerPixel), alignment: 16)
        defer { raw.deallocate() }
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: count * 3 + 1)
        defer { floats.deallocate() }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count * 3))
        defer { bytes.deallocate() }
        let offset = (box.columns.lowerBound - columns.lowerBound) * format.bytesPerPixel
        if readingAbove {
            for _ in 0..<box.rows.lowerBound { try decoder.readRow(into: raw) }
        } else {
            try decoder.skipRows(box.rows.lowerBound)
        }
        for _ in box.rows {
            try decoder.readRow(into: raw)
            try body(converter.convert(raw + offset, count: count, bytes: bytes, floats: floats))
        }
    }
}
