import CropVocabulary

/// A part of the stored grid, in full-resolution pixels with sub-pixel precision, and the size to
/// resample it to (also on the stored grid: turning upright happens after, on the small result).
struct Region {
    var rect: Rect
    var width: Int
    var height: Int

    static func whole(_ info: ImageInfo, width: Int, height: Int) -> Region {
        Region(
            rect: Rect(x: 0, y: 0, width: Double(info.storedWidth), height: Double(info.storedHeight)),
            width: width, height: height)
    }
}

/// The one path from a file to pixels: sniff the format, read the header, enforce the pixel limit,
/// then decode only the rows (and for JPEG, the columns and the DCT scale) the region needs and
/// resample them as they stream in.
enum Decoding {
    /// The header, checked against `limits`; no pixel is decoded.
    static func header(path: String, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let file = try PhotoFile(path: path)
        switch try file.format() {
        case .png:
            let reader = try PNGReader(file)
            return try checked(ImageInfo(reader), limits, path)
        case .jpeg:
            let reader = try JPEGReader(file)
            return try checked(ImageInfo(reader), limits, path)
        }
    }

    /// Decodes what `region(header)` asks for. Returns the image on the stored grid and the JPEG
    /// DCT scale denominator used (1 for PNG). `alongside` gets the rows too when this pass reads
    /// whole rows from the first, 1:1 (a PNG's whole region; a JPEG's at denominator 1).
    static func resample(
        path: String, limits: DecodeLimits, alongside: CropAlongside? = nil,
        region: (ImageInfo) throws(ImagingError) -> Region
    ) throws(ImagingError) -> (info: ImageInfo, image: RGBImage, scaleDenominator: Int) {
        let file = try PhotoFile(path: path)
        switch try file.format() {
        case .png:
            var reader = try PNGReader(file)
            let info = try checked(ImageInfo(reader), limits, path)
            try checkBuffer(reader.bufferedBytes, "an interlaced (Adam7) PNG", limits, path)
            let r = try region(info)
            let horizontal = FilterAxis(
                outputCount: r.width, origin: r.rect.x, length: r.rect.width, inputCount: reader.width)
            let vertical = FilterAxis(
                outputCount: r.height, origin: r.rect.y, length: r.rect.height, inputCount: reader.height)
            let color = reader.color
            let rider = joined(alongside, info, horizontal, vertical, denominator: 1)
            return (info, try run(&reader, color: color, horizontal, vertical, alongside: rider), 1)
        case .jpeg:
            var reader = try JPEGReader(file)
            let info = try checked(ImageInfo(reader), limits, path)
            try checkBuffer(reader.bufferedBytes, "a progressive or multi-scan JPEG", limits, path)
            let r = try region(info)
            let denominator = dctDenominator(for: r)
            let scaled = JPEGReader.scaledSize(width: reader.width, height: reader.height, denominator: denominator)
            let k = 1 / Double(denominator)
            let horizontal = FilterAxis(
                outputCount: r.width, origin: r.rect.x * k, length: r.rect.width * k, inputCount: scaled.width)
            let vertical = FilterAxis(
                outputCount: r.height, origin: r.rect.y * k, length: r.rect.height * k, inputCount: scaled.height)
            try reader.start(
                denominator: denominator, wanted: horizontal.inputRange, maxMemory: limits.maxBufferedBytes)
            let color = reader.color
            let rider = joined(alongside, info, horizontal, vertical, denominator: denominator)
            return (info, try run(&reader, color: color, horizontal, vertical, alongside: rider), denominator)
        }
    }

    /// `alongside`, once it has joined a pass that reads whole stored rows from the first, 1:1;
    /// nil for any other pass.
    private static func joined(
        _ alongside: CropAlongside?, _ info: ImageInfo, _ horizontal: FilterAxis, _ vertical: FilterAxis,
        denominator: Int
    ) -> CropAlongside? {
        let whole =
            denominator == 1 && horizontal.inputRange == 0..<info.storedWidth && vertical.inputRange.lowerBound == 0
        return whole && alongside?.join(info) == true ? alongside : nil
    }

    /// Whether the display thumbnail's pass reads every stored row of this photo at full
    /// resolution: a PNG's always (it has no smaller scale), a JPEG's when no DCT scale covers
    /// the thumbnail (a long edge under twice its own). Such a photo's full-resolution crops are
    /// decoded the same way, whole rows from the top, so they are the thumbnail pass's pixels.
    static func thumbnailReadsWholeRows(_ info: ImageInfo) -> Bool {
        info.format == .png || dctDenominator(for: ImageFile.thumbnailRegion(info)) == 1
    }

    /// libjpeg-turbo can run the inverse DCT at 1/2, 1/4 or 1/8 size (SIMD-accelerated), which is
    /// both the fastest decode and a good low-pass. The largest such factor is used that still
    /// leaves at least one decoded pixel per output pixel, so the final filter never enlarges:
    /// a crop reduced ≥ 2× decodes at half size or less.
    static func dctDenominator(for r: Region) -> Int {
        let reduction = min(r.rect.width / Double(r.width), r.rect.height / Double(r.height))
        return [8, 4, 2].first { reduction >= Double($0) } ?? 1
    }

    /// Streams rows `vertical.inputRange` (skipping those above) through color conversion and the
    /// resampler, and stops after the last row needed. `alongside` also gets each converted row
    /// as 8-bit bytes (the caller has checked that the rows are whole and start at the first).
    static func run<Decoder: RowDecoder & ~Copyable>(
        _ decoder: inout Decoder, color: SourceColor, _ horizontal: FilterAxis, _ vertical: FilterAxis,
        alongside: CropAlongside? = nil
    ) throws(ImagingError) -> RGBImage {
        let format = decoder.format, columns = decoder.columns
        precondition(
            columns.lowerBound <= horizontal.inputRange.lowerBound
                && horizontal.inputRange.upperBound <= columns.upperBound, "decoder rows miss needed columns")
        let converter = RowConverter(color: color, format: format, maxPixels: horizontal.inputRange.count)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, columns.count * format.bytesPerPixel), alignment: 16)
        defer { raw.deallocate() }
        // One float past the last pixel: the resampler loads pixels as 4-float vectors.
        let row = UnsafeMutablePointer<Float>.allocate(capacity: horizontal.inputRange.count * 3 + 1)
        row.initialize(repeating: 0, count: horizontal.inputRange.count * 3 + 1)
        defer { row.deallocate() }
        let offset = (horizontal.inputRange.lowerBound - columns.lowerBound) * format.bytesPerPixel
        var resampler = Resampler(horizontal: horizontal, vertical: vertical)
        let count = horizontal.inputRange.count
        // The rider's bytes, only when there is one.
        let bytes = alongside.map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count * 3)) }
        defer { bytes?.deallocate() }
        try decoder.skipRows(vertical.inputRange.lowerBound)
        for _ in vertical.inputRange {
            try decoder.readRow(into: raw)
            if let alongside, let bytes {
                alongside.push(converter.convert(raw + offset, count: count, into: row, bytes: bytes))
            } else {
                converter.convert(raw + offset, count: count, into: row)
            }
            resampler.push(row)
        }
        return resampler.image
    }

    /// Refuses a whole-image buffer over the limit before it is allocated (libjpeg's
    /// `max_memory_to_use` backs this up for what the estimate does not count).
    static func checkBuffer(_ bytes: Int, _ what: String, _ limits: DecodeLimits, _ path: String) throws(ImagingError) {
        guard bytes <= limits.maxBufferedBytes else {
            throw .overMemoryLimit(path: path, what: what, bytes: bytes, limit: limits.maxBufferedBytes)
        }
    }

    static func checked(_ info: ImageInfo, _ limits: DecodeLimits, _ path: String) throws(ImagingError) -> ImageInfo {
        // IHDR allows up to 2³¹−1 on each side: multiply with an overflow check all the same.
        let pixels = info.storedWidth.multipliedReportingOverflow(by: info.storedHeight)
        guard !pixels.overflow, pixels.partialValue <= limits.maxPixels else {
            throw .tooLarge(path: path, width: info.storedWidth, height: info.storedHeight, maxPixels: limits.maxPixels)
        }
        return info
    }
}

extension ImageInfo {
    init(_ reader: borrowing PNGReader) {
        self.init(storedWidth: reader.width, storedHeight: reader.height, orientation: reader.orientation, format: .png)
    }

    init(_ reader: borrowing JPEGReader) {
        self.init(
            storedWidth: reader.width, storedHeight: reader.height, orientation: reader.orientation, format: .jpeg)
    }
}
