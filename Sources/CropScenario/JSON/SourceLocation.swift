/// A 1-based line and column (in Unicode scalars) in a source file.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The line and column of a byte offset: one pass over the bytes before it, done only when
    /// an error is reported, so parsing stays linear however long a line is.
    public init(offset: Int, in bytes: [UInt8]) {
        let end = min(max(offset, 0), bytes.count)
        // A UTF-8 byte-order mark is not a column.
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
        var line = 1, column = 1
        bytes.withUnsafeBufferPointer { buffer in
            for i in lineStart..<end where buffer[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            // Columns count scalars, not bytes: skip UTF-8 continuation bytes.
            for i in lineStart..<end where buffer[i] & 0xC0 != 0x80 { column += 1 }
        }
        self.init(line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A text from the input quoted for a one-line message: long texts (a 10 MB key) are cut to
/// their start, and control characters escaped, so a message stays one readable line.
func quoted(_ text: some StringProtocol, quotes: Bool = true, limit: Int = 48) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        out += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        count += 1
    }
    return quotes ? "\"\(out)\"" : out
}
