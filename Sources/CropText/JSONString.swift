/// Appends `s` to `bytes` as a JSON string literal with the escapes RFC 8259 requires, and no
/// others: `"` and `\` take a backslash; line feed, carriage return and tab are `\n`, `\r` and
/// `\t`; every other byte below 0x20 is `\u00` and two lowercase hex digits (`\u0008`, `\u001f`).
/// Everything else passes through as its UTF-8 bytes: `/`, DEL, U+2028 and every other character
/// beyond ASCII. A Swift `String` is always valid UTF-8, so there is no lone surrogate to spell.
///
/// Runs of bytes that need no escape are copied whole: most strings have no escape at all, and
/// the pipe writes strings into every request.
public func appendJSONString(_ s: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { utf8 in
        var plain = 0  // where the run of bytes that need no escape began
        for i in utf8.indices where needsEscape(utf8[i]) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<i]))
            appendEscape(utf8[i], to: &bytes)
            plain = i + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }
    bytes.append(UInt8(ascii: "\""))
}

/// `s` as a JSON string literal, escaped as `appendJSONString` escapes it: `detail.js` wraps a
/// scenario's whole section in one.
public func jsonString(_ s: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count + 16)
    appendJSONString(s, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

private func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
}

private func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
    case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
    case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
    default:
        bytes += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 15)]
    }
}

private func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
}
