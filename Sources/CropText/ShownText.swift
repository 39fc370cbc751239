/// `text` made safe to echo in one line of a message: every control character — C0 (NUL, ESC,
/// line feed, carriage return, tab…), DEL and C1 (U+0080…U+009F, which some terminals take as
/// CSI and friends) — written `\xNN` with its code point's two hex digits, everything else as it
/// is. With `limit`, at most that many characters are kept and a cut is marked with `…`.
///
/// Why one helper: a message quotes what an input said (a shard's `build.version`, a reply's
/// type, a model's last stderr line, a path), and any of those can hold an escape sequence that
/// clears the screen or a newline that forges a second line of output. Every message that echoes
/// input goes through this, so no single call site has to remember which characters are unsafe.
/// Plain text is returned unchanged (and cheaply), so applying it twice changes nothing.
public func shownText(_ text: String, limit: Int? = nil) -> String {
    let cut = limit.map { text.unicodeScalars.count > $0 } ?? false
    guard cut || text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars.prefix(limit ?? Int.max) {
        if isControl(scalar) {
            let hex = String(scalar.value, radix: 16)
            out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return cut ? out + "…" : out
}

/// C0, DEL and C1: Unicode's general category Cc.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
}
