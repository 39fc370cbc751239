import CropFiles
import Glibc

/// A photo opened for reading: a regular file, checked on the descriptor that is then read.
///
/// `open` uses `O_NONBLOCK`, so a FIFO without a writer, or a device, cannot block it; `fstat` on
/// the same descriptor then requires a regular file, so nothing can swap the path between the
/// check and the read. The format is sniffed with `pread` and the decoders read a duplicate of
/// the descriptor, all from this one open.
///
/// Noncopyable because it owns the descriptor, closed exactly once by `deinit`.
struct PhotoFile: ~Copyable {
    let path: String
    let descriptor: Int32

    init(path: String) throws(ImagingError) {
        // Path text (`PathText`): a name that is not UTF-8 reaches the file by its own bytes.
        let fd = PathText.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw .unreadable(path: path, reason: Self.describe(errno)) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = Self.describe(errno)
            close(fd)
            throw .unreadable(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegularFile(path: path, kind: Self.kind(status.st_mode))
        }
        // Reads of a regular file never block; clear the flag so stdio sees an ordinary descriptor.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// The container format, from the first bytes (never the name).
    func format() throws(ImagingError) -> ImageFormat {
        var signature = [UInt8](repeating: 0, count: 8)
        let count = signature.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw .unreadable(path: path, reason: Self.describe(errno)) }
        guard let format = ImageFormat(signature: signature.prefix(count)) else { throw .unsupportedFormat(path: path) }
        return format
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
