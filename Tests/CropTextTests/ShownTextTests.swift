import CropText
import Testing

/// `shownText`, the escaping every message that quotes an input goes through (issue 34, case 11).
@Suite struct ShownTextTests {
    /// Every control character a terminal acts on is written `\xNN`: ESC, NUL, newline, carriage
    /// return, DEL and C1's CSI (U+009B); nothing of the input's control characters is left.
    @Test func controlCharactersBecomeVisibleEscapes() {
        let shown = shownText("0.9.0\u{1B}[2J\u{0}\u{9B}31m\nsecond\r\u{7F}")
        #expect(shown == "0.9.0\\x1b[2J\\x00\\x9b31m\\x0asecond\\x0d\\x7f")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    /// Plain text, accents and emoji (U+00A0 and above) pass unchanged; escaping twice changes
    /// nothing more.
    @Test func plainTextIsUnchanged() {
        for text in ["", "plain", "café ✓ 🙂 \u{A0}", "back\\slash"] { #expect(shownText(text) == text) }
        let once = shownText("a\u{1B}b")
        #expect(shownText(once) == once)
    }

    /// A limit keeps that many characters and marks the cut; text within it is not marked.
    @Test func limitCutsAndMarks() {
        #expect(shownText(String(repeating: "x", count: 10), limit: 4) == "xxxx…")
        #expect(shownText("xxxx", limit: 4) == "xxxx")
        #expect(shownText("\u{1B}\u{1B}\u{1B}", limit: 2) == "\\x1b\\x1b…")
    }
}
