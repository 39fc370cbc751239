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

    /// Feeds `chunk`, calling `body` with each whole line's number and bytes (no newline).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Int, [UInt8]) throws(LogParser.Malformed) -> Void) throws(LogParser.Malformed) {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: 0x0A) else {
                line.append(contentsOf: chunk[start...])
                try checkLength()
                return
            }
            line.append(contentsOf: chunk[start..<newline])
            start = newline + 1
            try checkLength()
            number += 1
            if !line.isEmpty {
                guard String(validating: line, as: UTF8.self) != nil else {
                    throw LogParser.Malformed(file: file, line: number, reason: "is not UTF-8")
                }
                try body(number, line)
            }
            line.removeAll(keepingCapacity: true)
        }
    }

    /// The end of the log: refused when its last line has no newline.
    func finish() throws(LogParser.Malformed) {
        guard line.isEmpty else {
            throw LogParser.Malformed(file: file, line: number + 1, reason: "the last line has no newline; was the file cut short?")
        }
    }

    private func checkLength() throws(LogParser.Malformed) {
        guard line.count <= maxLineBytes else {
            throw LogParser.Malformed(file: file, line: number + 1, reason: "is longer than \(maxLineBytes) bytes, more than any line cropsim writes")
        }
    }
}
