import CropPipe
@testable import CropReportDiff
import PropertyBased
import Testing

/// The fast path for frame lines (`FrameLineScanner`, issue 36) against the general one it stands
/// in for (`FrameSample(line:)` and `FrameFields.add(line:)`): on every line it accepts, the same
/// sample bit for bit and the same field hashes; every line it declines still gets the general
/// path's result or error through `LogParser`.
struct FrameLineScannerTests {
    static let frame =
        #"{"tick":7,"t":0.116666666667,"scale":0.3356875,"tx":-12.5,"ty":0,"sMin":0.319702380952,"sMax":1.27880952381,"maskDiameter":322.26,"maxTx":64.452,"maxTy":8.0565,"viewWidth":393,"viewHeight":852,"phase":"pinch","animating":false,"session":"editing","gridVisible":true,"instructionVisible":false,"sliderPercent":3.51946639457,"clampZoomMin":false,"clampZoomMax":false,"clampPanX":false,"clampPanY":false,"engaged":["zoomMin"],"touches":[[120.5,300],[260,410.25]]}"#

    /// The general path's reading of `line`: the sample as text (NaN and -0 included) and the
    /// field row, or its error message.
    func general(_ line: [UInt8]) -> String {
        do throws(WireError) {
            let s = try FrameSample(line: line)
            var fields = FrameFields()
            fields.add(line: line)
            return describe(s, fields)
        } catch { return "error: " + error.message }
    }

    func fast(_ line: [UInt8]) -> String? {
        var scanner = FrameLineScanner()
        guard let s = line.withUnsafeBufferPointer({ scanner.scan($0) }) else { return nil }
        var fields = FrameFields()
        line.withUnsafeBufferPointer { fields.add(scanner.fields, of: $0) }
        return describe(s, fields)
    }

    func describe(_ s: FrameSample, _ f: FrameFields) -> String {
        var numbers: [Double] = [s.scale, s.tx, s.ty, s.angle, s.viewWidth, s.viewHeight, s.maskDiameter]
        numbers += s.touchPoints
        return "\(s.tick) \(numbers.map(\.bitPattern)) \(s.gridVisible) \(s.instructionVisible) \(f.names) \(f.rows)"
    }

    @Test func aLineAsCropsimWritesItTakesTheFastPathAndReadsTheSame() throws {
        let line = Array(Self.frame.utf8)
        let read = try #require(fast(line))
        #expect(read == general(line))
        #expect(read.hasPrefix("7 "))
    }

    @Test func everyOtherSpellingGivesTheGeneralPathsResult() throws {
        let variants: [String] = [
            Self.frame.replacingOccurrences(of: ",", with: ", "),  // white space: general path
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":null"),  // NaN
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":1e999"),  // infinity
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":-0"),  // negative zero
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":0.30000000000000004"),  // 17 digits
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":1.5e-300"),  // a large exponent
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":\"NaN\""),  // NaN as a string
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":true")  // wrong type
        ]
        let tooMany: String = "[" + Array(repeating: "[1,2]", count: 21).joined(separator: ",") + "]"
        let more: [String] = [
            Self.frame.replacingOccurrences(of: "\"tick\":7", with: "\"tick\":7.0"),  // an integral tick
            Self.frame.replacingOccurrences(of: "\"tick\":7", with: "\"tick\":7.5"),
            Self.frame.replacingOccurrences(of: "\"tick\":7", with: "\"tick\":-1"),
            Self.frame.replacingOccurrences(of: "\"tick\":7", with: "\"tick\":99999999999999999999"),
            Self.frame.replacingOccurrences(of: "\"tick\":7,", with: ""),  // missing
            Self.frame.replacingOccurrences(of: "\"phase\":\"pinch\"", with: "\"phase\":\"pi\\\"nch\""),  // an escape
            // an object, then a deep array
            Self.frame.replacingOccurrences(of: "\"engaged\":[\"zoomMin\"]", with: "\"engaged\":{\"a\":[1]}"),
            Self.frame.replacingOccurrences(of: "\"engaged\":[\"zoomMin\"]", with: "\"engaged\":[[[[[[1]]]]]]"),
            Self.frame.replacingOccurrences(of: "[[120.5,300],[260,410.25]]", with: "[[null,1],[2,3]]"),
            Self.frame.replacingOccurrences(of: "[[120.5,300],[260,410.25]]", with: "[[1,2,3]]"),
            Self.frame.replacingOccurrences(of: "[[120.5,300],[260,410.25]]", with: "[]"),
            Self.frame.replacingOccurrences(of: "[[120.5,300],[260,410.25]]", with: tooMany),
            Self.frame.replacingOccurrences(of: "\"tick\":7", with: "\"tick\":7,\"tick\":8"),  // a key twice
            Self.frame.replacingOccurrences(of: "\"tx\":-12.5", with: "\"tx\":01"),  // not JSON
            Self.frame + " ", Self.frame + "x", "{}", "[]", "{\"tick\":1", ""
        ]
        for text in variants + more {
            let line = Array(text.utf8)
            let expected = general(line)
            if let read = fast(line) { #expect(read == expected, "\(text)") }
            // Through the parser: the same sample or the same message.
            guard !line.isEmpty else { continue }
            do throws(LogParser.Malformed) {
                let p = try LogParser.frames(line + [0x0A], file: "f")
                #expect(describe(p.samples[0], p.fields) == expected, "\(text)")
            } catch {
                #expect(
                    error.description == "f:1: is not a frame cropsim writes (\(expected.dropFirst("error: ".count)))",
                    "\(text)")
            }
        }
    }

    @Test func randomDamageNeverMakesTheFastPathDisagree() {
        var rng = Xoshiro(seed: (36, 36, 36, 36))
        let base = Array(Self.frame.utf8)
        let alphabet = Array(#"{}[],:"\ -.0123456789eEnulltruefalsx"#.utf8)
        var accepted = 0
        for _ in 0..<3000 {
            var line = base
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let at = Int(rng.next() % UInt64(line.count))
                switch rng.next() % 3 {
                case 0: line[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: line.remove(at: at)
                default: line.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                }
            }
            guard let read = fast(line) else { continue }
            accepted += 1
            #expect(read == general(line), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(accepted > 300)  // the damage often leaves a line the fast path reads
    }

    @Test func numbersReadBitForBitAsWireReaderReadsThem() {
        var rng = Xoshiro(seed: (7, 7, 7, 7))
        var texts = [
            "0", "-0", "1", "0.1", "123456789012345", "1234567890123456", "9007199254740993", "1e22", "1e23",
            "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "0.000001", "1E+5", "-2.5e-3", "1e999",
            "-1e999"
        ]
        for _ in 0..<5000 {
            let x = Double(bitPattern: rng.next() >> 2) * (rng.next() % 2 == 0 ? 1 : -1)
            guard x.isFinite else { continue }
            texts.append("\(x)".replacingOccurrences(of: "e+", with: "e"))
            texts.append(
                String(Int64(truncatingIfNeeded: rng.next()) % 1_000_000_007) + "." + String(rng.next() % 100_000_000))
        }
        for text in texts {
            var r = WireReader(Array(text.utf8), overflowIsInfinity: true)
            let want = try? r.number()
            let got = Array(text.utf8).withUnsafeBufferPointer { FrameValues.number($0) }
            #expect(got?.bitPattern == want?.bitPattern, "\(text)")
        }
    }
}
