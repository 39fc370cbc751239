import CImagingShim
import CropVocabulary

/// An open libpng decoder positioned at the first row, after the chunks before IDAT are read.
///
/// Noncopyable because it owns the C reader: it is closed exactly once, by `deinit`, whether the
/// decode finished, stopped early after the last row a crop needs, or failed.
struct PNGReader: ~Copyable, RowDecoder {
    let path: String
    let width: Int
    let height: Int
    let format: PixelFormat
    let color: SourceColor
    let orientation: Orientation
    var columns: Range<Int> { 0..<width }
    /// Adam7: the whole image is decoded into one buffer of `bufferedBytes` before the first row.
    let interlaced: Bool
    var bufferedBytes: Int { interlaced ? rowBytes * height : 0 }
    private let reader: OpaquePointer
    private let rowBytes: Int

    init(_ file: borrowing PhotoFile) throws(ImagingError) {
        let path = file.path
        var message = cis_message()
        var info = cis_png_info()
        var handle: OpaquePointer?
        guard cis_png_open(file.descriptor, &handle, &info, &message) == 0, let handle else {
            throw .decodeFailed(path: path, format: .png, message: message.string)
        }
        reader = handle
        self.path = path
        width = Int(info.width)
        height = Int(info.height)
        rowBytes = info.row_bytes
        interlaced = info.interlaced != 0
        let channels = Int(info.channels)
        format = PixelFormat(
            model: channels >= 3 ? .rgb : .gray, hasAlpha: channels % 2 == 0,
            bitDepth: Int(info.bit_depth))
        color = SourceColor(png: info)
        orientation =
            info.exif.flatMap {
                ExifOrientation.parse(UnsafeBufferPointer(start: $0, count: Int(info.exif_length)))
            } ?? .up
    }

    deinit { cis_png_close(reader) }

    mutating func skipRows(_ count: Int) throws(ImagingError) {
        guard count > 0 else { return }
        // Filtering makes each row depend on the one above: skipping still inflates and unfilters.
        var message = cis_message()
        guard count <= height, cis_png_skip_rows(reader, UInt32(count), &message) == 0 else {
            throw .decodeFailed(
                path: path, format: .png, message: count > height ? "read past the last row" : message.string)
        }
    }

    mutating func readRow(into row: UnsafeMutableRawPointer) throws(ImagingError) {
        var message = cis_message()
        guard cis_png_read_row(reader, row.assumingMemoryBound(to: UInt8.self), &message) == 0 else {
            throw .decodeFailed(path: path, format: .png, message: message.string)
        }
    }
}
