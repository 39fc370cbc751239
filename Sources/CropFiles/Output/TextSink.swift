import CropFiles
import Foundation

/// Where a file merged from many scenarios' parts goes, a piece at a time: a suite of thousands
/// never holds `index.html`, `summary.json` or `junit.xml` whole (issue 36).
public protocol TextSink {
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError)
}

extension TextSink {
    /// Writes `bytes[range]`.
    public mutating func write(_ bytes: [UInt8], _ range: Range<Int>) throws(OutputError) {
        let failure: OutputError? = bytes.withUnsafeBytes { buffer in
            do throws(OutputError) {
                try write(UnsafeRawBufferPointer(rebasing: buffer[range]))
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }

    public mutating func write(_ text: String) throws(OutputError) {
        var text = text
        let failure: OutputError? = text.withUTF8 { buffer in
            do throws(OutputError) {
                try write(UnsafeRawBufferPointer(buffer))
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }
}

/// A new file (never one that exists), written through a 64 KiB buffer with plain system calls,
/// so that a failure is one line naming the path as the user gave it. Made only by `create`,
/// which removes the file again if anything fails.
public struct BufferedFile: TextSink {
    private let fd: Int32
    private let shown: String
    private var buffer: [UInt8] = []
    static let capacity = 1 << 16

    private init(fd: Int32, shown: String) {
        self.fd = fd
        self.shown = shown
        buffer.reserveCapacity(Self.capacity)
    }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if buffer.count + bytes.count > Self.capacity { try flush() }
        guard bytes.count < Self.capacity else {
            guard OutputFile.writeAll(fd, bytes.assumingMemoryBound(to: UInt8.self)) else {
                throw .failed(shown, "write", errno: errno)
            }
            return
        }
        buffer.append(contentsOf: bytes)
    }

    private mutating func flush() throws(OutputError) {
        guard buffer.withUnsafeBufferPointer({ OutputFile.writeAll(fd, $0) }) else {
            throw .failed(shown, "write", errno: errno)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Creates `path` (which must not exist), writes it with `fill` and closes it, flushed to disk
    /// first when `sync` (it is about to be renamed into place); on any failure it is removed.
    package static func create(
        _ path: String, shownAs shown: String, sync: Bool,
        _ fill: (inout BufferedFile) throws(OutputError) -> Void
    ) throws(OutputError) {
        let fd = PathText.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        guard fd >= 0 else {
            if errno == ENOTDIR { throw .refused(shown, "a component of the path is not a folder") }
            throw .failed(shown, "write", errno: errno)
        }
        var file = BufferedFile(fd: fd, shown: shown)
        var failure: OutputError?
        do throws(OutputError) {
            try fill(&file)
            try file.flush()
            if sync && fsync(fd) != 0 { throw OutputError.failed(shown, "write", errno: errno) }
        } catch { failure = error }
        if Glibc.close(fd) != 0, failure == nil { failure = .failed(shown, "write", errno: errno) }
        if let failure {
            PathText.withCString(path) { _ = unlink($0) }
            throw failure
        }
    }
}

extension OutputFile {
    /// `write(_:to:)` for a file made a piece at a time: checked, written by `fill` to a temporary
    /// file beside it and renamed over it.
    public static func write(to path: String, _ fill: (inout BufferedFile) throws(OutputError) -> Void)
        throws(OutputError)
    {
        try check(path)
        let (folder, name) = splitPath(path)
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).tmp-\(getpid())"
        PathText.withCString(temporary) { _ = unlink($0) }  // left by a killed run of the same pid; the name is ours
        try BufferedFile.create(temporary, shownAs: path, sync: true, fill)
        guard PathText.withCString(temporary, { from in PathText.withCString(path) { rename(from, $0) } }) == 0 else {
            let code = errno
            PathText.withCString(temporary) { _ = unlink($0) }
            throw .failed(path, "write", errno: code)
        }
    }
}
