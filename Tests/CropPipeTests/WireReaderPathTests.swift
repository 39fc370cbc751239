@testable import CropPipe
import CropVocabulary
import Foundation
import Glibc
import PropertyBased
import Testing

/// The reader's fast paths (issue 36) take what the slow ones took and refuse what they refused,
/// with the same words: numbers gathered eight digits at a time up to 19 digits and one at a
/// time past that, keys matched in place, and escaped keys still read by their text.
@Suite struct WireReaderPathTests {
    private func number(_ text: String) -> Result<Double, WireError> {
        var r = WireReader(Array(text.utf8))
        do throws(WireError) {
            let x = try r.number()
            try r.end()
            return .success(x)
        } catch {
            return .failure(error)
        }
    }

    private func message(_ text: String) -> String? {
        if case .failure(let e) = number(text) { return e.message }
        return nil
    }

    /// Every split of up to 24 digits between the integer and the fraction, with and without
    /// leading zeros and an exponent: across the eight-digit blocks and the 19-digit bound.
    @Test func numbersOfEveryLengthMatchStrtod() async {
        let text = zip(Gen.uint64(), Gen.int(in: 1...24), Gen.int(in: 0...24), Gen.int(in: -3...3))
            .map { a, integerDigits, fractionDigits, e -> String in
                let digits = String(repeating: String(a), count: 3).prefix(integerDigits + fractionDigits)
                let zeros = e == 0 ? "000000" : ""
                var integer = String(digits.prefix(integerDigits)).drop { $0 == "0" }
                if integer.isEmpty { integer = "0" }
                let fraction = digits.dropFirst(integerDigits)
                return integer + (fraction.isEmpty ? "" : "." + zeros + fraction) + (e == 0 ? "" : "e\(e * 7)")
            }
        await propertyCheck(count: 20_000, input: text) { text in
            guard case .success(let x) = number(text) else { Issue.record("\(text) refused"); return }
            #expect(x.bitPattern == strtod(text, nil).bitPattern, "\(text)")
        }
    }

    @Test func eightDigitBlocksAtEveryPlace() throws {
        for n in 1...21 {
            let digits = String(repeating: "123456789", count: 3).prefix(n)
            for cut in 0...n {
                let text: String
                if cut == 0 {
                    text = "0." + String(digits)
                } else if cut == n {
                    text = String(digits)
                } else {
                    text = String(digits.prefix(cut)) + "." + String(digits.dropFirst(cut))
                }
                for t in [text, "-" + text, text + "e-3", text + "E+2"] {
                    #expect(try number(t).get().bitPattern == strtod(t, nil).bitPattern, "\(t)")
                }
            }
        }
    }

    /// The grammar's refusals, each with the message version 1's reader gave.
    @Test func malformedNumbersAreRefusedAsBefore() throws {
        let cases: [(String, String)] = [
            ("-", "at byte 0: expected a number"),
            ("x", "at byte 0: expected a number"),
            ("01", "at byte 0: a number with a leading zero"),
            ("-00.5", "at byte 0: a number with a leading zero"),
            ("1.", "at byte 2: expected digits after '.'"),
            ("1.e5", "at byte 2: expected digits after '.'"),
            ("12345678.1234567x", "at byte 16: more after the message"),
            ("1e", "at byte 2: expected digits in the exponent"),
            ("1e+", "at byte 3: expected digits in the exponent"),
            ("1e400", "at byte 0: a number too large for a double (infinity is the string \"Infinity\")"),
            (
                "123456789012345678901234567890e300",
                "at byte 0: a number too large for a double (infinity is the string \"Infinity\")"
            ),
            ("\"Inf\"", "at byte 1: a string where a number belongs (only \"NaN\", \"Infinity\", \"-Infinity\")"),
            ("\"NaN", "at byte 4: unterminated string"),
            ("1.2\u{0}3", "at byte 3: more after the message")
        ]
        for (text, said) in cases { #expect(message(text) == said, "\(text)") }
        #expect(try number("\"-Infinity\"").get() == -.infinity)
        #expect(try number("  -0.0 ").get().sign == .minus)
    }

    @Test func stringsAreRefusedAsBefore() {
        func read(_ text: String) -> String {
            var r = WireReader(Array(text.utf8))
            do throws(WireError) { return try r.string() } catch { return "error: \(error.message)" }
        }
        #expect(read(#""a\"b""#) == "a\"b")
        #expect(read(#""tab\tand \u00e9""#) == "tab\tand é")
        #expect(read("\"abc") == "error: at byte 4: unterminated string")
        #expect(read("\"abc\\") == "error: at byte 5: unterminated string")
        #expect(read("\"a\u{1}b\"") == "error: at byte 2: a control character in a string")
        #expect(read("\"a\u{0}b\"") == "error: at byte 2: a control character in a string")
        #expect(read("\"!# ~\u{7F}é\"") == "!# ~\u{7F}é")
    }

    private func state(_ json: String) -> Result<ModelState, WireError> {
        var s = ModelState.unreported
        var r = WireReader(Array(json.utf8))
        do throws(WireError) { try r.state(into: &s); return .success(s) } catch { return .failure(error) }
    }

    /// Keys are matched by their bytes; one spelt with escapes is read by its text, as before:
    /// the readout's and the rarer fields are found, the hot pose fields are not.
    @Test func escapedKeysAreReadAsBefore() throws {
        let plain = try state(
            #"{"scale":2,"tx":1,"crop":{"x":1,"y":2,"width":3,"height":4},"sMin":0.5,"cut":["panMinX"]}"#
        ).get()
        #expect(plain.observation.pose.scale == 2 && plain.observation.cropRect.height == 4)
        #expect(plain.readout.sMin == 0.5 && plain.readout.cut == [.panMinX])
        let escaped = try state(#"{"s\u004din":0.25,"\u0063ut":["pan\u004dinY"],"gestur\u0065":"pan"}"#).get()
        #expect(escaped.readout.sMin == 0.25 && escaped.readout.cut == [.panMinY] && escaped.readout.gesture == .pan)
        guard case .failure(let e) = state(#"{"sc\u0061le":2}"#) else {
            Issue.record("an escaped scale was taken"); return
        }
        #expect(e.message == "the state has no field \"scale\"" && e.violation)
        guard case .failure(let side) = state(#"{"cut":["panMinZ"]}"#) else {
            Issue.record("an unknown side was taken"); return
        }
        #expect(side.message == "unknown side \"panMinZ\"")
        guard case .failure(let rect) = state(#"{"crop":{"x":1,"y":2,"w":3,"height":4}}"#) else {
            Issue.record("a bad rect was taken"); return
        }
        #expect(rect.message == "a rect has no field \"w\"")
    }

    @Test func aLineFromThePipeReadsAsTheSameLineGiven() throws {
        let text = Array(#"{"tx":-2.9808440624558443,"ty":2879.9999999999995}"#.utf8)
        let fromPipe = text.withUnsafeBytes { WireLine($0) }
        #expect(fromPipe.terminated == text + [0] && WireLine(text).terminated == text + [0])
        var r = WireReader(fromPipe)
        var s = ModelState.unreported
        try r.state(into: &s)
        try r.end()
        #expect(s.observation.pose.translation == Point(x: -2.9808440624558443, y: 2879.9999999999995))
        #expect(WireLine([UInt8]()).count == 0)
    }
}
