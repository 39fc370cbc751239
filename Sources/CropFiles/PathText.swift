import CropText
#if canImport(Glibc)
    import Glibc
#endif

/// Paths as bytes. A Linux file name is any bytes but `/` and NUL; a Swift `String` holds only
/// valid Unicode. Every path cropsim shows, stores in a journal or opens is kept as *path text*:
/// the bytes' valid UTF-8 as it is, and each byte that is not valid UTF-8 or is a control character
/// as `\xNN` (a backslash that a literal `x` follows as `\x5c`, so the form is reversible).
/// `bytes(_:)` turns the text back into the bytes to open, so a name that is not UTF-8 is found,
/// checked and reported (escaped, one line) instead of being skipped or garbled.
///
/// Plain names are their own path text: no control character, no byte that is not UTF-8 and no
/// backslash before an `x` means `escape` and `bytes` change nothing.
public enum PathText {
    /// The path text of raw path bytes.
    public static func escape(_ raw: some Collection<UInt8>) -> String {
        let bytes = Array(raw)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let length = validSequenceLength(bytes, at: i)
            if length == 0 || isControl(bytes[i]) || (bytes[i] == 0x5c && i + 1 < bytes.count && bytes[i + 1] == 0x78) {
                out += hexEscape(bytes[i])
                i += 1
            } else {
                out += bytes[i..<(i + length)]
                i += length
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes path text stands for: each `\xNN` (two hex digits) is the byte NN, every other
    /// character its UTF-8.
    public static func bytes(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            if utf8[i] == 0x5c, i + 3 < utf8.count, utf8[i + 1] == 0x78, let high = hexValue(utf8[i + 2]),
                let low = hexValue(utf8[i + 3])
            {
                out.append(high << 4 | low)
                i += 4
            } else {
                out.append(utf8[i])
                i += 1
            }
        }
        return out
    }

    /// A string (a path, an id, a message) made safe for one line of output: control characters
    /// (a newline in a file name, an escape sequence, C1) written `\xNN`, everything else as it
    /// is. The one escaping every message shares (`shownText`).
    public static func shown(_ text: String) -> String { shownText(text) }

    /// Calls `body` with the NUL-terminated bytes of the path text, for a system call. A path text
    /// that stands for a NUL byte names no file: `body` gets a path that cannot exist instead.
    public static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var raw = bytes(text)
        if raw.contains(0) { raw = Array("\u{1}/\u{1}".utf8) }  // ENOENT, never a real file
        raw.append(0)
        return try raw.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// C0 controls and DEL: what would break a line or drive a terminal.
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7f }

    static func hexEscape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [0x5c, 0x78, digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }

    /// The length of the valid UTF-8 sequence starting at `i` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), or 0.
    static func validSequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let first = b[i]
        if first < 0x80 { return 1 }
        let (length, low, high): (Int, UInt8, UInt8) =
            switch first {
            case 0xc2...0xdf: (2, 0x80, 0xbf)
            case 0xe0: (3, 0xa0, 0xbf)
            case 0xe1...0xec, 0xee...0xef: (3, 0x80, 0xbf)
            case 0xed: (3, 0x80, 0x9f)
            case 0xf0: (4, 0x90, 0xbf)
            case 0xf1...0xf3: (4, 0x80, 0xbf)
            case 0xf4: (4, 0x80, 0x8f)
            default: (0, 0, 0)
            }
        guard length > 0, i + length <= b.count, (low...high).contains(b[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xbf).contains(b[i + k]) { return 0 }
        return length
    }
}
