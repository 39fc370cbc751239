import CropPipe
import Glibc

/// Requests from a file descriptor, read in large chunks (a `step` request may be a megabyte):
/// version 1's lines, or version 2's frames (docs/model-protocol.md#version-2-binary), told
/// apart by their first byte.
///
/// Each byte is scanned for the newline once: the search resumes where the last one stopped,
/// rather than from the line's start after every read (a 64 MiB line took 25 s rescanning its
/// buffer per 64 KiB read, issue 34). A line longer than `maxLine` is refused as it passes the
/// bound, so the buffer never holds more than one line of that size and a chunk; a frame's
/// header is checked before its payload is read.
struct LineReader {
    /// The protocol's bound on a reply line (docs/model-protocol.md), held to requests too:
    /// cropsim's longest `step` request is far smaller.
    static let maxLine = 16 << 20

    /// A line that passed `maxLine` without a newline, or bytes that are no frame.
    struct Refused: Error {
        var message: String
    }

    /// A request: a line's or a frame's payload, and the frame's kind (nil for a line).
    struct Request {
        var kind: WireFrame.Kind?
        var bytes: [UInt8]
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` up to here hold no newline.
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next request; nil at the end of input.
    mutating func next() throws(Refused) -> Request? {
        guard start < buffer.count || fill() else { return nil }
        if buffer[start] == WireFrame.magic { return try frame() }
        return try line().map { Request(kind: nil, bytes: $0) }
    }

    /// Reads a chunk more; false at the end of input.
    private mutating func fill() -> Bool {
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    private mutating func frame() throws(Refused) -> Request? {
        while true {
            let header: (kind: WireFrame.Kind, length: Int)?
            do throws(WireError) { header = try WireFrame.header(buffer, at: start) } catch {
                throw Refused(message: error.message)
            }
            if let (kind, length) = header, buffer.count - start - WireFrame.headerSize >= length {
                let from = start + WireFrame.headerSize
                start = from + length
                scanned = start
                defer { compact() }
                return Request(kind: kind, bytes: Array(buffer[from..<start]))
            }
            guard fill() else { return nil }
        }
    }

    private mutating func line() throws(Refused) -> [UInt8]? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                if start == 0 && newline == buffer.count - 1 {
                    // The buffer is exactly one line (a request on its own): hand it over, uncopied.
                    var line: [UInt8] = []
                    swap(&line, &buffer)
                    line.removeLast()
                    scanned = 0
                    return line
                }
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                compact()
                return line
            }
            scanned = buffer.count
            guard buffer.count - start <= Self.maxLine else {
                throw Refused(
                    message: "a request line longer than \(Self.maxLine >> 20) MiB; the protocol's lines are shorter")
            }
            guard fill() else { return nil }
        }
    }

    private mutating func compact() {
        guard start > 1 << 20 || start == buffer.count else { return }
        buffer.removeFirst(start)
        start = 0
        scanned = 0
    }
}
