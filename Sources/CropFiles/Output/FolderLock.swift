import Foundation

/// An exclusive `flock` on a file beside (or in) an output folder. The file stays (deleting a lock
/// file races with a run that has just opened it); the lock goes with the process. Opened without
/// blocking or following a link, and refused unless it is a regular file.
public struct FolderLock: Sendable {
    let fd: Int32

    public init(_ file: String, shownAs shown: String, waiting: () -> Void) throws(OutputError) {
        fd = PathText.withCString(file) { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644) }
        guard fd >= 0 else {
            throw errno == ELOOP
                ? .refused(shown, "the lock file \(file) is a symbolic link")
                : .failed(shown, "create the lock file \(file)")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .refused(shown, "the lock file \(file) \(ReadableFile.kind(info.st_mode))")
        }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            let code = errno
            close(fd)
            throw .failed(shown, "lock \(file)", errno: code)
        }
        waiting()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(fd)
                throw .failed(shown, "lock \(file)", errno: code)
            }
        }
    }

    public func release() { close(fd) }
}
