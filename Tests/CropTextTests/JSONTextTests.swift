import CropText
import Foundation
import Testing

/// The byte-stable text every output shares (`Sources/CropText`: `JSONString.swift`,
/// `NumberText.swift`): JSON string literals and the two spellings of a number.
@Suite struct JSONTextTests {
    /// JSON string literals (escaped byte by byte) decode back to the text, whatever it holds.
    @Test func jsonStringsRoundTrip() throws {
        for text in [
            "", "plain", "quote \" backslash \\ slash /", "tab\tnewline\nreturn\r", "\u{0}\u{1}\u{1F}\u{7F}",
            "ünïcödé ✓ 🙂 \u{2028}", "</script><b>"
        ] {
            let literal = jsonString(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text)
            #expect(!literal.utf8.dropFirst().dropLast().contains { $0 < 0x20 })
        }
        #expect(jsonString("a\u{1}") == "\"a\\u0001\"")
    }

    @Test func numbersKeepTwelveSignificantDigits() {
        #expect(formatNumber(1.0 / 3.0) == "0.333333333333")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(3) == "3")
        #expect(formatNumber(1279.880952380952) == "1279.88095238")
    }

    /// Scenario files (the studio's and the fuzzer's) need every number back bit for bit, and
    /// the short spelling wherever that gives it.
    @Test func exactNumbersReadBackAsTheSameDouble() {
        #expect(formatExactNumber(3) == "3")
        #expect(formatExactNumber(-0.0) == "0")
        #expect(formatExactNumber(0.1) == "0.1")
        #expect(formatExactNumber(1.0 / 3.0) == "0.3333333333333333")
        #expect(formatExactNumber(0.1 + 0.2) == "0.30000000000000004")
        for i in UInt64(1)...20_000 {
            // Bit patterns spread over every exponent, subnormals included; the same each run.
            let x = Double(bitPattern: i &* 0x9E37_79B9_7F4A_7C15)
            guard x.isFinite else { continue }
            #expect(Double(formatExactNumber(x)) == x, "\(x)")
        }
    }
}
