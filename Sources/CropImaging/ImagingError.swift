import CropModel
import CropVocabulary

/// Why a photo could not be read or rendered. Every case names the file, so a message in a log or
/// on standard error is actionable on its own; decoder failures carry libpng's or libjpeg's text.
public enum ImagingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (the C library's `strerror` text).
    case unreadable(path: String, reason: String)
    /// A directory, FIFO, device or socket: refused without reading (or blocking on) it.
    case notRegularFile(path: String, kind: String)
    /// Neither a PNG nor a JPEG signature.
    case unsupportedFormat(path: String)
    /// The decoder refused the data: truncated, corrupt, or malformed.
    case decodeFailed(path: String, format: ImageFormat, message: String)
    /// More pixels than `DecodeLimits.maxPixels`, refused before any pixel memory is allocated.
    case tooLarge(path: String, width: Int, height: Int, maxPixels: Int)
    /// Decoding would need a whole-image buffer (a progressive or multi-scan JPEG's coefficients,
    /// an Adam7-interlaced PNG) larger than `DecodeLimits.maxBufferedBytes`; refused before
    /// allocating it.
    case overMemoryLimit(path: String, what: String, bytes: Int, limit: Int)
    /// A short side under `SourceImage.minimumShortSide` (R1.3, R11.1).
    case tooSmall(path: String, shortSide: Int)
    /// The crop request does not fit this file (orientation, rect, output size).
    case invalidRequest(path: String, reason: String)
    /// The encoder failed writing the avatar rendered from `path`.
    case encodeFailed(path: String, format: ImageFormat, message: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot read the file: \(reason)"
        case .notRegularFile(let path, let kind):
            "\(path): not a regular file (\(kind))"
        case .unsupportedFormat(let path):
            "\(path): not a PNG or JPEG file"
        case .decodeFailed(let path, let format, let message):
            "\(path): cannot decode \(format.name): \(message)"
        case .tooLarge(let path, let width, let height, let maxPixels):
            "\(path): \(width)x\(height) is more than the limit of \(maxPixels) pixels"
        case .overMemoryLimit(let path, let what, let bytes, let limit):
            "\(path): \(what) must be decoded whole: \(Self.mebibytes(bytes)) MiB, over the limit of \(Self.mebibytes(limit)) MiB"
        case .tooSmall(let path, let shortSide):
            "\(path): \(SourceRejection.tooSmall(shortSide: shortSide).description)"
        case .invalidRequest(let path, let reason):
            "\(path): invalid crop request: \(reason)"
        case .encodeFailed(let path, let format, let message):
            "\(path): cannot encode the avatar as \(format.name): \(message)"
        }
    }

    /// Rounded up, so a buffer one byte over the limit never reads as equal to it.
    private static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
