import CropFiles
import CropSim
import CropVocabulary
import Foundation
import Synchronization

/// `results.jsonl`: one `PhotoResult` per line and device (and with `--inset`, one
/// `PhotoInsetResult` per photo and inset), appended as photos finish. Each photo's lines go
/// out in one `write(2)` on an `O_APPEND` descriptor, so a batch killed at any instant (even by
/// SIGKILL) leaves every finished photo's lines whole; at most the photo being written is torn.
///
/// Opening the journal reads it as untrusted input (no link, no FIFO, streamed, lines and file
/// bounded): every complete line must be a result cropsim writes — anything else refuses the
/// folder and nothing is changed — and only a torn last line (no newline after it) is dropped, by
/// cutting the file back to its last newline. The batch then skips what it holds.
public final class PhotoJournal: Sendable {
    public static let fileName = "results.jsonl"
    /// A result line is under 2 KiB; a longer one is not ours.
    public static let maxLineBytes = 64 << 10
    /// 1 GiB: a million photos on two devices.
    public static let maxFileBytes = 1 << 30
    /// The lines found when the journal was opened, in file order.
    public let previous: [PhotoResult]
    /// The inset lines found when the journal was opened, in file order.
    public let previousInsets: [PhotoInsetResult]
    /// Lines that were dropped on opening: 1 when the last line was torn, else 0.
    public let dropped: Int
    private let descriptor: Mutex<Int32>
    private let path: String

    public init(folder: PhotoBatchFolder) throws(OutputError) {
        path = folder.path + "/" + Self.fileName
        let (kept, wholeBytes, size) = try Self.read(path)
        let fd = PathText.withCString(path) {
            open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        guard fd >= 0 else { throw OutputError(.failed, "\(path): cannot write: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw OutputError(.refused, "\(path): \(ReadableFile.kind(info.st_mode))")
        }
        if wholeBytes < size, ftruncate(fd, off_t(wholeBytes)) != 0 {
            close(fd)
            throw OutputError(.failed, "\(path): cannot drop the torn last line: \(String(cString: strerror(errno)))")
        }
        previous = kept.results
        previousInsets = kept.insets
        dropped = wholeBytes < size ? 1 : 0
        descriptor = Mutex(fd)
    }

    deinit { descriptor.withLock { _ = close($0) } }

    /// The results of the journal's whole lines, how many bytes they take, and the file's size.
    private static func read(_ path: String) throws(OutputError) -> (Lines, Int, Int) {
        let file: ReadableFile
        do { file = try ReadableFile(path, followLinks: false) } catch {
            if error.reason == ReadableFile.reason(ENOENT) { return (Lines(), 0, 0) }
            throw OutputError(error.notRegular ? .refused : .failed, "\(path): \(error.reason)")
        }
        guard file.size <= maxFileBytes else {
            throw OutputError(.refused, "\(path): is over \(maxFileBytes >> 30) GiB, more than a batch writes")
        }
        var kept = Lines(), line: [UInt8] = [], lineNumber = 0, total = 0
        let decoder = JSONDecoder()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n: Int
            do { n = try file.read(into: buffer) } catch { throw OutputError(.failed, "\(path): \(error.reason)") }
            if n == 0 { break }
            total += n
            guard total <= maxFileBytes else {
                throw OutputError(.refused, "\(path): grew past \(maxFileBytes >> 30) GiB while it was read")
            }
            for byte in buffer.prefix(n) {
                guard byte == 0x0a else {
                    line.append(byte)
                    guard line.count <= maxLineBytes else {
                        throw OutputError(
                            .refused,
                            "\(path): line \(lineNumber + 1) is longer than any result cropsim writes; refusing to write into this journal"
                        )
                    }
                    continue
                }
                lineNumber += 1
                if let result = try? decoder.decode(PhotoResult.self, from: Data(line)) {
                    kept.results.append(result)
                } else if let inset = try? decoder.decode(PhotoInsetResult.self, from: Data(line)) {
                    kept.insets.append(inset)
                } else {
                    throw OutputError(
                        .refused,
                        "\(path): line \(lineNumber) is not a result cropsim writes; refusing to write into this journal (move it away to start afresh)"
                    )
                }
                line.removeAll(keepingCapacity: true)
            }
        }
        return (kept, total - line.count, total)
    }

    /// Both kinds of line, apart.
    struct Lines {
        var results: [PhotoResult] = []
        var insets: [PhotoInsetResult] = []
    }

    /// The lines of one photo, whole or not at all (a failed write is truncated back).
    public func append(_ results: [PhotoResult], insets: [PhotoInsetResult] = []) throws(OutputError) {
        guard !results.isEmpty || !insets.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        func add(_ line: Data?) {
            guard let line else { return }
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        for r in results { add(try? encoder.encode(r)) }
        for r in insets { add(try? encoder.encode(r)) }
        let failure: Int32? = descriptor.withLock { fd in
            let start = lseek(fd, 0, SEEK_END)
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n != bytes.count else { return nil }
            let code = n < 0 ? errno : ENOSPC
            if start >= 0 { _ = ftruncate(fd, start) }
            return code
        }
        if let failure { throw OutputError(.failed, "\(path): cannot write: \(String(cString: strerror(failure)))") }
    }
}
