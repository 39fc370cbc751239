import CropSim
import CropVocabulary
import Foundation
import Synchronization

/// `results.jsonl`: one `PhotoResult` per line, appended as photos finish. Each photo's lines go
/// out in one `write(2)` on an `O_APPEND` descriptor, so a batch killed at any instant (even by
/// SIGKILL) leaves every finished photo's lines whole; at most the photo being written is torn.
/// Opening the journal keeps every complete line and drops a torn last one (rewriting the file
/// through a temporary name), and the batch then skips what it holds.
public final class PhotoJournal: Sendable {
    public static let fileName = "results.jsonl"
    /// The lines found when the journal was opened, in file order.
    public let previous: [PhotoResult]
    /// Lines that were dropped on opening (a torn last line, anything unreadable).
    public let dropped: Int
    private let descriptor: Mutex<Int32>
    private let path: String

    public init(folder: PhotoBatchFolder) throws(OutputError) {
        path = folder.path + "/" + Self.fileName
        var kept: [PhotoResult] = [], keptText = "", dropped = 0
        if let data = FileManager.default.contents(atPath: path) {
            let decoder = JSONDecoder()
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where !line.isEmpty {
                // The last piece has no newline after it: a line cut short by a kill.
                if i == lines.count - 1 { dropped += 1; continue }
                guard let r = try? decoder.decode(PhotoResult.self, from: Data(line)) else { dropped += 1; continue }
                kept.append(r)
                keptText += String(decoding: line, as: UTF8.self) + "\n"
            }
            if dropped > 0 { try OutputFile.write(Array(keptText.utf8), to: path) }
        }
        previous = kept
        self.dropped = dropped
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw OutputError(.failed, "\(path): cannot write: \(String(cString: strerror(errno)))") }
        descriptor = Mutex(fd)
    }

    deinit { descriptor.withLock { _ = close($0) } }

    /// The lines of one photo, whole or not at all (a failed write is truncated back).
    public func append(_ results: [PhotoResult]) throws(OutputError) {
        guard !results.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for r in results {
            guard let line = try? encoder.encode(r) else { continue }
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
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
