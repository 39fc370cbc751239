#if canImport(Glibc)
    import Glibc
#endif

/// A file opened for reading the one safe way: `O_NONBLOCK` (a FIFO without a writer, or a device,
/// cannot block the open), then `fstat` on the descriptor (nothing can swap the path between the
/// check and the read), refused unless it is a regular file; with `followLinks: false`, a symbolic
/// link as the last component is refused too (`O_NOFOLLOW`). Every read is bounded by `limit`.
/// What is opened is an input of the command (`InputFiles`): no output may replace it.
///
/// Noncopyable because it owns the descriptor, closed exactly once by `deinit`.
public struct ReadableFile: ~Copyable {
    public let path: String
    public let descriptor: Int32
    public let size: Int
    public let identity: FileIdentity

    /// Why a file could not be opened or read, in words that fit after "PATH: ".
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var reason: String
        /// Not a regular file (a folder, FIFO, device, socket, or a refused link): the input is
        /// wrong, not the system.
        public var notRegular: Bool
        public var description: String { reason }

        public init(reason: String, notRegular: Bool) {
            self.reason = reason
            self.notRegular = notRegular
        }
    }

    public init(_ path: String, followLinks: Bool = true) throws(Refusal) {
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
        let fd = PathText.withCString(path) { open($0, flags) }
        guard fd >= 0 else {
            let code = errno
            throw Refusal(
                reason: code == ELOOP && !followLinks
                    ? "is a symbolic link; cropsim does not follow links here" : Self.reason(code),
                notRegular: code == ELOOP)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Refusal(reason: Self.reason(code), notRegular: false)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Refusal(reason: Self.kind(info.st_mode), notRegular: true)
        }
        // Reads of a regular file never block; clear the flag so stdio sees an ordinary descriptor.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        InputFiles.register(descriptor: fd)
        self.path = path
        descriptor = fd
        size = Int(info.st_size)
        identity = FileIdentity(info)
    }

    deinit { close(descriptor) }

    /// The whole file, refused when it is more than `limit` bytes or grows while it is read.
    public func readAll(limit: Int) throws(Refusal) -> [UInt8] {
        guard size <= limit else {
            throw Refusal(reason: "is \(size) bytes, over the limit of \(Self.limitText(limit))", notRegular: false)
        }
        // One byte more than the size, so a file that grows shows it.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Refusal(reason: Self.reason(errno), notRegular: false)
            }
            if n == 0 { break }
            count += n
        }
        guard count <= size else { throw Refusal(reason: "grew while it was read", notRegular: false) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Reads up to `buffer.count` bytes at the current offset; 0 at the end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Refusal) -> Int {
        while true {
            let n = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw Refusal(reason: Self.reason(errno), notRegular: false) }
        }
    }

    static func limitText(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }

    /// `strerror` in cropsim's words for the common cases.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "a loop of symbolic links"
        case ENAMETOOLONG: "the path is too long"
        case ENOTDIR: "a part of the path is not a folder"
        default: "cannot read the file: \(String(cString: strerror(code)))"
        }
    }

    /// What a non-regular file is, as the end of "PATH: is …".
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "is a folder, not a file"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: "is a device, not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        case S_IFLNK: "is a symbolic link; cropsim does not follow links here"
        default: "is not a regular file"
        }
    }
}
