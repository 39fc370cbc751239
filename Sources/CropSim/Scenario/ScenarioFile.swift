#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one scenario file without ever blocking or reading without bound: it is opened with
/// `O_NONBLOCK` (a FIFO with no writer would otherwise block `open` forever), checked with
/// `fstat` on the open descriptor (no race with a rename), refused unless it is a regular file,
/// refused by size before a byte is read, and read up to that size.
enum ScenarioFile {
    struct Refusal: Error {
        var message: String
    }

    static func contents(_ path: String, limit: Int = ScenarioBudget.maxFileBytes) throws(Refusal) -> (bytes: [UInt8], identity: Identity) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal(message: reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(message: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(message: "is a folder, not a scenario file")
        case S_IFIFO: throw Refusal(message: "is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw Refusal(message: "is a device, not a regular file")
        case S_IFSOCK: throw Refusal(message: "is a socket, not a regular file")
        default: throw Refusal(message: "is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw Refusal(message: "the file is \(size) bytes, over the budget of \(limit) bytes (\(limit >> 20) MiB) per scenario")
        }
        // A file that grows while it is read is cut off at one byte past the limit and refused.
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Refusal(message: reason(errno))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else {
            throw Refusal(message: "the file grew past the budget of \(limit) bytes while it was read")
        }
        bytes.removeLast(bytes.count - count)
        return (bytes, Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// Which file this is, however it was named: the same file reached twice is loaded once.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "a loop of symbolic links"
        case ENAMETOOLONG: "the path is too long"
        case ENOTDIR: "a part of the path is not a folder"
        default: "cannot read the file: \(String(cString: strerror(code)))"
        }
    }
}
