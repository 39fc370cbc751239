@testable import CropText
import Testing

/// `formatNumber`'s shortcut for numbers with at most three decimals spells exactly what
/// `%.12g` spells, so logs and scenario files keep their bytes.
@Suite struct ThousandthsTests {
    static func printf(_ x: Double) -> String { cFormat("%.12g", x) }

    /// Every decimal with three places on a grid wide enough to cross each digit count, and
    /// the doubles either side of each, which must fall back.
    @Test func theShortcutSpellsWhatPrintfSpells() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<200_000 {
            let scale = [1, 10, 1_000, 100_000, 10_000_000, 99_999_999_999].randomElement(using: &generator)!
            let m = Int.random(in: -scale...scale, using: &generator)
            let x = Double(m) / 1000
            guard x != 0 else { continue }
            if let short = thousandths(x) {
                #expect(short == Self.printf(x), "\(m)")
                checked += 1
            }
            for neighbour in [x.nextUp, x.nextDown] where neighbour != 0 {
                #expect(
                    thousandths(neighbour) == nil || thousandths(neighbour) == Self.printf(neighbour), "\(neighbour)")
            }
        }
        #expect(checked > 150_000)
    }

    @Test func theEdges() {
        #expect(thousandths(0.001) == "0.001" && thousandths(-0.05) == "-0.05" && thousandths(1.5) == "1.5")
        #expect(thousandths(2) == "2" && thousandths(-12345678.999) == "-12345678.999")
        #expect(thousandths(1e8) == nil && thousandths(0.0001) == nil && thousandths(0.1 + 0.2) == nil)
        for x in [0.001, 0.1, 99_999_999.999, -0.117, 393, 852.5] { #expect(formatNumber(x) == Self.printf(x)) }
    }
}
