import Glibc

/// Splits a log into lines as its bytes arrive, chunk by chunk, so a log is never held whole nor
/// split into Strings before its first line is judged (issue 34: a 32 MiB `frames.jsonl` of short
/// lines peaked at 192 MiB though refused at line 1). Empty lines are skipped; a line longer than
/// `maxLineBytes` is refused when it passes the bound, and a log whose last line has no newline
/// when it ends.
struct LogLines {
    let file: String
    let maxLineBytes: Int
    private var line: [UInt8] = []
    private(set) var number = 0

    init(file: String, maxLineBytes: Int) {
        self.file = file
        self.maxLineBytes = maxLineBytes
    }

    /// Feeds `chunk`, calling `body` with each whole line's number and bytes (no newline). A line
    /// that lies whole in the chunk is passed where it lies; only one split across chunks is
    /// gathered first (issue 36: copying every line cost more than reading it).
    mutating func feed(
        _ chunk: UnsafeRawBufferPointer, _ body: (Int, UnsafeBufferPointer<UInt8>) throws(LogParser.Malformed) -> Void
    )
        throws(LogParser.Malformed)
    {
        guard let base = chunk.baseAddress else { return }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                line.append(contentsOf: bytes[start...])
                try checkLength(line.count)
                return
            }
            let newline = UnsafeRawPointer(found) - base
            if line.isEmpty {
                try complete(UnsafeBufferPointer(rebasing: bytes[start..<newline]), body)
            } else {
                line.append(contentsOf: bytes[start..<newline])
                var held: [UInt8] = []
                swap(&held, &line)  // so `complete` may change `number` while it reads the bytes
                let result = held.withUnsafeBufferPointer { whole in
                    Result { () throws(LogParser.Malformed) in try complete(whole, body) }
                }
                held.removeAll(keepingCapacity: true)
                line = held
                try result.get()
            }
            start = newline + 1
        }
    }

    private mutating func complete(
        _ whole: UnsafeBufferPointer<UInt8>,
        _ body: (Int, UnsafeBufferPointer<UInt8>) throws(LogParser.Malformed) -> Void
    )
        throws(LogParser.Malformed)
    {
        try checkLength(whole.count)
        number += 1
        guard !whole.isEmpty else { return }
        guard Self.isASCII(whole) || String(validating: whole, as: UTF8.self) != nil else {
            throw LogParser.Malformed(file: file, line: number, reason: "is not UTF-8")
        }
        try body(number, whole)
    }

    /// Whether every byte is below 0x80, eight at a time: cropsim writes ASCII, so `String`'s
    /// validation is left for the rare line that is not.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0, i = 0
        while i + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            high |= UInt64(bytes[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The end of the log: refused when its last line has no newline.
    func finish() throws(LogParser.Malformed) {
        guard line.isEmpty else {
            throw LogParser.Malformed(
                file: file, line: number + 1, reason: "the last line has no newline; was the file cut short?")
        }
    }

    private func checkLength(_ count: Int) throws(LogParser.Malformed) {
        guard count <= maxLineBytes else {
            throw LogParser.Malformed(
                file: file, line: number + 1,
                reason: "is longer than \(maxLineBytes) bytes, more than any line cropsim writes")
        }
    }
}
