import CImagingShim

/// A PNG or JPEG encoder fed 8-bit RGB rows as they are made, so a full-resolution crop need not
/// be held whole: the inset goes from the decoder through here row by row.
///
/// A JPEG is written with libjpeg's standard Huffman tables (`optimize_coding` off, the default of
/// cjpeg, libvips and Pillow), so libjpeg holds one row of MCUs. Optimal tables cost a second
/// pass over every DCT coefficient, which libjpeg would hold until the end (about 3 bytes per
/// pixel at 4:2:0); the coefficients, and so the decoded pixels, are the same either way, only
/// the file is larger (docs/photos.md, "The inset crop"). Noncopyable because it owns the C
/// writer, freed exactly once by `deinit`.
struct RowEncoder: ~Copyable {
    private enum Writer {
        case png(OpaquePointer)
        case jpeg(OpaquePointer)
    }

    private let writer: Writer
    private let label: String
    private let container: ImageFormat

    /// The one PNG row filter a streamed crop uses. libpng's default tries all
    /// five on every row and keeps the cheapest by a sum of residuals: five filters' work, which
    /// was a third of a 12 MP PNG inset's instructions. One fixed filter changes the file's bytes
    /// (not its pixels) and its size by a few percent (docs/photos.md, "The inset crop"). The
    /// cheaper single filters and every other deflate setting were measured and make some files
    /// 1.6–24× larger (docs/performance.md, "Photos: the PNG avatar and the inset").
    static let pngFilter = PNGFilter.paeth

    /// `format` `.png` (lossless) or `.jpeg` at libjpeg `quality` (1…100), carrying `iccProfile`.
    init(_ format: ImageFormat, width: Int, height: Int, quality: Int, iccProfile: [UInt8], label: String)
        throws(ImagingError)
    {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .encodeFailed(path: label, format: format, message: "size must be positive, got \(width)x\(height)")
        }
        var message = cis_message()
        var handle: OpaquePointer?
        let status = iccProfile.withUnsafeBufferPointer { icc in
            switch format {
            case .png:
                var params = cis_png_write_params(
                    width: UInt32(width), height: UInt32(height), color_type: 2, bit_depth: 8, interlaced: 0,
                    icc: icc.baseAddress, icc_length: icc.count, exif: nil, exif_length: 0,
                    filters: Self.pngFilter.rawValue)
                return cis_png_writer_begin(&params, &handle, &message)
            case .jpeg:
                var params = cis_jpeg_write_params(
                    width: UInt32(width), height: UInt32(height), model: CIS_RGB, quality: Int32(quality),
                    icc: icc.baseAddress, icc_length: icc.count, app1: nil, app1_length: 0, progressive: 0,
                    optimize_coding: 0)
                return cis_jpeg_writer_begin(&params, &handle, &message)
            }
        }
        guard status == 0, let handle else {
            if format == .png { cis_png_writer_free(handle) } else { cis_jpeg_writer_free(handle) }
            throw .encodeFailed(path: label, format: format, message: message.string)
        }
        writer = format == .png ? .png(handle) : .jpeg(handle)
        self.label = label
        container = format
    }

    deinit {
        switch writer {
        case .png(let w): cis_png_writer_free(w)
        case .jpeg(let w): cis_jpeg_writer_free(w)
        }
    }

    /// The next row: width × 3 bytes.
    func write(_ row: UnsafePointer<UInt8>) throws(ImagingError) {
        var message = cis_message()
        let status =
            switch writer {
            case .png(let w): cis_png_writer_rows(w, row, 0, 1, &message)
            case .jpeg(let w): cis_jpeg_writer_rows(w, row, 0, 1, &message)
            }
        guard status == 0 else { throw .encodeFailed(path: label, format: container, message: message.string) }
    }

    /// The encoded file, once every row was written.
    func finish() throws(ImagingError) -> [UInt8] {
        var message = cis_message()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status =
            switch writer {
            case .png(let w): cis_png_writer_finish(w, &output, &length, &message)
            case .jpeg(let w): cis_jpeg_writer_finish(w, &output, &length, &message)
            }
        defer { cis_free(output) }
        guard status == 0, let output else {
            throw .encodeFailed(path: label, format: container, message: message.string)
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
