import CropPipe
import CropText
import PropertyBased
import Testing

/// `appendJSONString` is the one JSON string escaper: the pipe's `WireWriter.string` and
/// `jsonString` (logs, reports, scenario files) both go through it. Each used to escape strings
/// itself, byte for byte alike; `oldEscape` below is that escaping as it was, and every output
/// must keep its bytes, or a log, a scenario file or a request on the wire would change.
@Suite struct JSONStringEscapeTests {
    /// Strings of pieces that exercise every rule: control characters, the two characters that
    /// take a backslash, `/` and DEL (which do not), printable ASCII, characters beyond ASCII in
    /// both planes, emoji sequences, and text repaired from arbitrary bytes.
    static let text = zip(Gen.int(in: 0...6), Gen.uint32(), Gen.uint8().array(of: 0...6)).map(piece).array(of: 0...24)
        .map { $0.joined() }

    static func piece(_ kind: Int, _ n: UInt32, _ bytes: [UInt8]) -> String {
        let special = ["\"", "\\", "/", "\u{7f}", "\r\n", "\u{2028}", "\u{2029}", "\u{feff}"]
        let emoji = ["😀", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "👍🏽", "🏳️‍🌈"]
        switch kind {
        case 0: return String(Unicode.Scalar(UInt8(n % 0x20)))
        case 1: return special[Int(n % UInt32(special.count))]
        case 2: return String(Unicode.Scalar(UInt8(0x20 + n % 0x5f)))
        case 3: return Unicode.Scalar(0x80 + n % (0xd800 - 0x80)).map(String.init) ?? ""
        case 4: return Unicode.Scalar(0xe000 + n % (0x11_0000 - 0xe000)).map(String.init) ?? ""
        case 5: return emoji[Int(n % UInt32(emoji.count))]
        default: return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func theWireWritesWhatItsOwnEscaperWrote() async {
        await propertyCheck(count: 20_000, input: Self.text) { s in
            var w = WireWriter()
            w.raw("[")
            w.string(s)
            #expect(w.bytes == [UInt8(ascii: "[")] + oldEscape(s), "\(Array(s.utf8))")
        }
    }

    @Test func jsonStringWritesWhatItWrote() async {
        await propertyCheck(count: 20_000, input: Self.text) { s in
            #expect(Array(jsonString(s).utf8) == oldEscape(s), "\(Array(s.utf8))")
        }
    }

    @Test func appendingKeepsWhatWasThere() {
        var bytes = Array("{\"a\":".utf8)
        appendJSONString("b", to: &bytes)
        #expect(bytes == Array("{\"a\":\"b\"".utf8))
    }

    /// The rules `appendJSONString` documents, spelled out once.
    @Test func everyRule() {
        #expect(jsonString("") == "\"\"")
        #expect(jsonString("\"\\") == #""\"\\""#)
        #expect(jsonString("\n\r\t") == #""\n\r\t""#)
        #expect(jsonString("\u{0}\u{8}\u{c}\u{1f}") == #""\u0000\u0008\u000c\u001f""#)
        #expect(jsonString("/\u{7f}é\u{2028}😀") == "\"/\u{7f}é\u{2028}😀\"")
    }
}

/// The escaping `WireWriter.string` and `jsonString` each did before they shared
/// `appendJSONString`, for comparison.
private func oldEscape(_ s: String) -> [UInt8] {
    let hex = Array("0123456789abcdef".utf8)
    var bytes = [UInt8(ascii: "\"")]
    func escaped(_ tail: String) { bytes += Array(("\\" + tail).utf8) }
    for byte in s.utf8 {
        switch byte {
        case UInt8(ascii: "\""): escaped("\"")
        case UInt8(ascii: "\\"): escaped("\\")
        case UInt8(ascii: "\n"): escaped("n")
        case UInt8(ascii: "\r"): escaped("r")
        case UInt8(ascii: "\t"): escaped("t")
        case 0..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        default: bytes.append(byte)
        }
    }
    bytes.append(UInt8(ascii: "\""))
    return bytes
}
