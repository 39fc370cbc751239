import Glibc

/// Lines from a file descriptor, read in large chunks (a `step` request may be a megabyte).
///
/// Each byte is scanned for the newline once: the search resumes where the last one stopped,
/// rather than from the line's start after every read (a 64 MiB line took 25 s rescanning its
/// buffer per 64 KiB read, issue 34). A line longer than `maxLine` is refused as it passes the
/// bound, so the buffer never holds more than one line of that size and a chunk.
struct LineReader {
    /// The protocol's bound on a reply line (docs/model-protocol.md), held to requests too:
    /// cropsim's longest `step` request is far smaller.
    static let maxLine = 16 << 20

    /// A line that passed `maxLine` without a newline.
    struct TooLong: Error {}

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` up to here hold no newline.
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at the end of input.
    mutating func next() throws(TooLong) -> [UInt8]? {
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
                if start > 1 << 20 {
                    buffer.removeFirst(start)
                    start = 0
                    scanned = 0
                }
                return line
            }
            scanned = buffer.count
            guard buffer.count - start <= Self.maxLine else { throw TooLong() }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
