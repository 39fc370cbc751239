import CropFiles
import Foundation

/// A single output file the user named (`--junit`, `crop --out`, `render --out`): checked before
/// the work starts, then written to a temporary file beside it and renamed over it, so a reader or
/// a killed run never sees half a file. Replacing a regular file is the point of naming it;
/// anything else under that name (a folder, a symbolic link, a FIFO, a device) is refused, and so
/// is one of the command's own inputs (`InputFiles`, by device and inode: `--out photo.jpg` for
/// `--image ./photo.jpg` would lose the photo).
public enum OutputFile {
    /// Refuses a path that names nothing, a folder, anything but a regular file, or an input.
    public static func check(_ path: String) throws(OutputError) {
        guard !path.isEmpty else { throw .refused(path, "the path is empty") }
        guard !path.hasSuffix("/") else { throw .refused(path, "names a folder; give a file name") }
        var info = stat()
        if PathText.withCString(path, { lstat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if InputFiles.contains(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))) {
                    throw .refused(path, "is one of this command's inputs; refusing to replace it")
                }
                return
            case S_IFDIR: throw .refused(path, "is a folder; give a file name")
            case S_IFLNK: throw .refused(path, "is a symbolic link; give the file itself")
            default: throw .refused(path, "is not a regular file")
            }
        }
        switch errno {
        case ENOENT:
            let folder = splitPath(path).folder
            var folderInfo = stat()
            guard
                folder.isEmpty
                    || (PathText.withCString(folder, { stat($0, &folderInfo) }) == 0
                        && folderInfo.st_mode & S_IFMT == S_IFDIR)
            else {
                throw .refused(path, "the folder \(folder) does not exist")
            }
            return
        case ENOTDIR: throw .refused(path, "a component of the path is not a folder")
        default: throw .failed(path, "look at the path")
        }
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and one rename.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try check(path)
        let (folder, name) = splitPath(path)
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).tmp-\(getpid())"
        PathText.withCString(temporary) { _ = unlink($0) }  // left by a killed run of the same pid; the name is ours
        try writeNew(bytes, to: temporary, shownAs: path)
        guard PathText.withCString(temporary, { from in PathText.withCString(path) { rename(from, $0) } }) == 0 else {
            let code = errno
            PathText.withCString(temporary) { _ = unlink($0) }
            throw .failed(path, "write", errno: code)
        }
    }

    /// Creates `path` with `bytes` unless something has that name already (then returns false):
    /// written to a temporary file beside it and hard-linked into place, which unlike rename
    /// refuses to replace, so a reader never sees half a file and two writers never overwrite
    /// each other. Missing folders on the way are created; those below `root` (the output folder
    /// the file belongs to) must be real folders, never symbolic links leading out.
    public static func create(_ bytes: [UInt8], at path: String, inside root: String? = nil) throws(OutputError) -> Bool
    {
        let (folder, name) = splitPath(path)
        if !folder.isEmpty { try Folders.make(folder, shownAs: path, inside: root) }
        let temporary =
            (folder.isEmpty ? "" : folder + "/")
            + ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        try writeNew(bytes, to: temporary, shownAs: path)
        defer { PathText.withCString(temporary) { _ = unlink($0) } }
        guard PathText.withCString(temporary, { from in PathText.withCString(path) { link(from, $0) } }) == 0 else {
            if errno == EEXIST { return false }
            throw .failed(path, "write", errno: errno)
        }
        return true
    }

    /// Creates the folder if needed and writes (then removes) a probe file in it: refused (2) when
    /// the path is empty or names something that is not a folder, failed (3) when the system
    /// will not let us write there. Only for a folder already known to be ours (absent, empty or
    /// marked): the probe is a file written into it.
    public static func checkWritableFolder(_ folder: String) throws(OutputError) {
        guard !folder.isEmpty else { throw .refused(folder, "the folder path is empty") }
        var info = stat()
        if PathText.withCString(folder, { stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw .refused(folder, "is not a folder")
        }
        try Folders.make(folder, shownAs: folder)
        let probe = folder + "/.cropsim-write-test-\(getpid())"
        try writeNew([], to: probe, shownAs: folder, sync: false)
        PathText.withCString(probe) { _ = unlink($0) }
    }

    /// Creates `path` (which must not exist) and writes `bytes` to it with plain system calls, so
    /// that a failure is an `errno` that reads as one line ("No space left on device"). The file
    /// is flushed to disk before it is closed: it is about to be renamed into place.
    package static func writeNew(_ bytes: [UInt8], to path: String, shownAs shown: String, sync: Bool = true)
        throws(OutputError)
    {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in
            try writeNew(buffer, to: path, shownAs: shown, sync: sync)
        }
    }

    package static func writeNew(
        _ bytes: UnsafeBufferPointer<UInt8>, to path: String, shownAs shown: String, sync: Bool = true
    ) throws(OutputError) {
        let fd = PathText.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        guard fd >= 0 else {
            if errno == ENOTDIR { throw .refused(shown, "a component of the path is not a folder") }
            throw .failed(shown, "write", errno: errno)
        }
        let ok = writeAll(fd, bytes) && (!sync || fsync(fd) == 0)
        let code = errno
        if close(fd) != 0 || !ok {
            PathText.withCString(path) { _ = unlink($0) }
            throw .failed(shown, "write", errno: ok ? errno : code)
        }
    }

    /// Copies the regular file `source` (never through a symbolic link, never blocking) to the new
    /// file `path` through one 1 MiB buffer, so a file of any size costs the same memory.
    package static func copyNew(from source: String, to path: String, shownAs shown: String) throws(OutputError) {
        let input: ReadableFile
        do { input = try ReadableFile(source, followLinks: false) } catch {
            throw OutputError(.refused, "\(source): \(error.reason)")
        }
        let fd = PathText.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        guard fd >= 0 else { throw .failed(shown, "write", errno: errno) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var failure: OutputError?
        while failure == nil {
            let n: Int
            do { n = try input.read(into: buffer) } catch {
                failure = OutputError(.failed, "\(source): \(error.reason)")
                break
            }
            if n == 0 { break }
            if !writeAll(
                fd, UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n))
            {
                failure = .failed(shown, "write", errno: errno)
            }
        }
        if close(fd) != 0, failure == nil { failure = .failed(shown, "write", errno: errno) }
        if let failure {
            PathText.withCString(path) { _ = unlink($0) }
            throw failure
        }
    }

    /// `write(2)` until every byte is out (it may write less than asked).
    static func writeAll(_ fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

/// A path's folder ("" when it has none, "/" at the root) and its last component, trailing
/// slashes aside: what `NSString.deletingLastPathComponent` and `lastPathComponent` give, without
/// their trap on a one-character path such as "m" (swift-corelibs-foundation, Swift 6.3).
func splitPath(_ path: String) -> (folder: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
    let folder = trimmed[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
}
