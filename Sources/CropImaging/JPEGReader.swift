import CImagingShim
import CropVocabulary

/// An open libjpeg-turbo decoder. `init` reads the markers up to the first scan; `start` picks the
/// DCT scale and the columns, after which rows can be skipped and read.
///
/// Noncopyable because it owns the C reader, closed exactly once by `deinit`.
struct JPEGReader: ~Copyable, RowDecoder {
    let path: String
    let width: Int
    let height: Int
    let format: PixelFormat
    let color: SourceColor
    let orientation: Orientation
    private(set) var columns: Range<Int>
    /// A progressive or multi-scan file: every DCT coefficient is held, `bufferedBytes` of them,
    /// before the first row can be returned (0 for a single-scan file, which streams).
    let bufferedBytes: Int
    private let reader: OpaquePointer

    init(_ file: borrowing PhotoFile) throws(ImagingError) {
        let path = file.path
        var message = cis_message()
        var info = cis_jpeg_info()
        var handle: OpaquePointer?
        guard cis_jpeg_open(file.descriptor, &handle, &info, &message) == 0, let handle else {
            throw .decodeFailed(path: path, format: .jpeg, message: message.string)
        }
        reader = handle
        self.path = path
        width = Int(info.width)
        height = Int(info.height)
        columns = 0..<width
        bufferedBytes = Int(clamping: info.buffered_bytes)
        let model = PixelFormat.ColorModel(rawValue: Int(info.model.rawValue)) ?? .rgb
        format = PixelFormat(model: model, invertedCMYK: info.inverted_cmyk != 0)
        color = info.icc.map { .icc(Array(UnsafeBufferPointer(start: $0, count: Int(info.icc_length)))) } ?? .sRGB
        orientation =
            info.exif.flatMap {
                ExifOrientation.parse(UnsafeBufferPointer(start: $0, count: Int(info.exif_length)))
            } ?? .up
    }

    deinit { cis_jpeg_close(reader) }

    /// The size of the image decoded at 1/`denominator` scale, as libjpeg computes it.
    static func scaledSize(width: Int, height: Int, denominator: Int) -> (width: Int, height: Int) {
        ((width + denominator - 1) / denominator, (height + denominator - 1) / denominator)
    }

    /// Starts decompressing at 1/`denominator` size, returning rows that cover at least `wanted`
    /// columns of the scaled image (libjpeg widens the range to whole iMCUs).
    mutating func start(denominator: Int, wanted: Range<Int>, maxMemory: Int) throws(ImagingError) {
        var message = cis_message()
        var x = UInt32(wanted.lowerBound), count = UInt32(wanted.count)
        var scaledWidth: UInt32 = 0, scaledHeight: UInt32 = 0
        guard
            cis_jpeg_start(reader, UInt32(denominator), maxMemory, &x, &count, &scaledWidth, &scaledHeight, &message)
                == 0
        else {
            throw .decodeFailed(path: path, format: .jpeg, message: message.string)
        }
        let expected = Self.scaledSize(width: width, height: height, denominator: denominator)
        guard Int(scaledWidth) == expected.width, Int(scaledHeight) == expected.height else {
            throw .decodeFailed(
                path: path, format: .jpeg, message: "unexpected scaled size \(scaledWidth)x\(scaledHeight)")
        }
        columns = Int(x)..<Int(x + count)
    }

    mutating func skipRows(_ count: Int) throws(ImagingError) {
        guard count > 0 else { return }
        var message = cis_message()
        guard cis_jpeg_skip_rows(reader, UInt32(count), &message) == 0 else {
            throw .decodeFailed(path: path, format: .jpeg, message: message.string)
        }
    }

    mutating func readRow(into row: UnsafeMutableRawPointer) throws(ImagingError) {
        var message = cis_message()
        guard cis_jpeg_read_row(reader, row.assumingMemoryBound(to: UInt8.self), &message) == 0 else {
            throw .decodeFailed(path: path, format: .jpeg, message: message.string)
        }
    }
}
