@testable import CropPipe
import Foundation
import Glibc
import PropertyBased
import Testing

/// The fast decimal reader gives `strtod`'s double, bit for bit: for the shortest form of any
/// double (what models send), and for decimal strings of every shape.
@Suite struct DecimalToDoubleTests {
    func parse(_ text: String) -> Double {
        var r = WireReader(Array(text.utf8))
        return (try? r.number()) ?? .nan
    }

    func strtodValue(_ text: String) -> Double { strtod(text, nil) }

    @Test func everyDoubleReadsBackFromItsShortestForm() async {
        await propertyCheck(count: 20_000, input: Gen.uint64()) { bits in
            let x = Double(bitPattern: bits)
            guard x.isFinite else { return }
            #expect(parse(x.description).bitPattern == x.bitPattern, "\(x)")
        }
    }

    /// The range the protocol's numbers live in (scales, points, pixels), where the fast path
    /// does all the work.
    @Test func doublesOfEditorSizeReadBack() async {
        await propertyCheck(count: 50_000, input: Gen.double(in: -1e6...1e6), Gen.int(in: -8...8)) { x, e in
            let y = x * pow(10, Double(e))
            #expect(parse(y.description).bitPattern == y.bitPattern, "\(y)")
            #expect(
                DecimalToDouble.exact(UInt64(abs(x).rounded()), e).map {
                    $0 == strtodValue("\(UInt64(abs(x).rounded()))e\(e)")
                } ?? true)
        }
    }

    @Test func decimalsOfEveryShapeMatchStrtod() async {
        let text = zip(Gen.uint64(), Gen.int(in: -30...30), Gen.int(in: 0...20), Gen.bool)
            .map { m, e, digits, negative -> String in
                let mantissa = String(String(m).prefix(max(1, digits)))
                let point =
                    mantissa.count > 1 && e % 3 == 0
                    ? String(mantissa.prefix(1)) + "." + mantissa.dropFirst() : mantissa
                return (negative ? "-" : "") + point + (e == 0 ? "" : "e\(e)")
            }
        await propertyCheck(count: 20_000, input: text) { text in
            #expect(parse(text).bitPattern == strtodValue(text).bitPattern, "\(text)")
        }
    }

    @Test func edgeCases() {
        for text in [
            "0", "-0", "0.0", "-0.0", "1", "9007199254740993", "9007199254740992", "9007199254740991", "0.1", "0.3",
            "1e-19", "1e19", "1e20", "1e-20", "123456789012345678", "1234567890123456789", "12345678901234567890",
            "0.000001234", "2618.1818181818176", "4.9406564584124654e-324", "2.2250738585072014e-308",
            "1.7976931348623157e308", "1e-400", "0.30000000000000004", "99999999999999999999e-19",
            "5e-1", "25e-2", "125e-3", "9223372036854775807", "18446744073709551615", "18446744073709551616"
        ] {
            #expect(parse(text).bitPattern == strtodValue(text).bitPattern, "\(text)")
        }
    }
}
