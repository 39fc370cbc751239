/// The container formats the cropper reads and writes.
public enum ImageFormat: String, Hashable, Sendable, Codable {
    case png
    case jpeg

    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        }
    }

    /// Recognizes a file by its first bytes, never by its name.
    init?(signature bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
