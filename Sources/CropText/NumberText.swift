import Glibc

/// Numbers in deterministic logs: 12 significant digits (`%.12g`), enough to tell apart any two
/// poses a finger can produce while staying readable; −0 prints as 0. The same double always
/// gives the same bytes.
public func formatNumber(_ x: Double) -> String {
    guard x.isFinite else { return x.isNaN ? "null" : (x > 0 ? "1e999" : "-1e999") }
    if x == 0 { return "0" }
    return thousandths(x) ?? cFormat("%.12g", x)
}

/// `%.12g`'s spelling of `x` when `x` is the double nearest a decimal with at most three places
/// and at most eight whole digits, written without the C library: most numbers a scenario file
/// or a log holds are such (times in milliseconds, points on a grid, whole pixels), and
/// `vsnprintf` is most of the cost of writing a fuzz trace out. Eleven significant digits or
/// fewer, so `%.12g` rounds `x` to exactly that decimal and prints it in fixed notation (its
/// exponent is at least −3) with trailing zeros dropped. Nil otherwise.
func thousandths(_ x: Double) -> String? {
    guard abs(x) < 1e8 else { return nil }
    let m = (x * 1000).rounded()
    guard m / 1000 == x else { return nil }
    let scaled = Int(abs(m))
    var text = x < 0 ? "-" : ""
    text += String(scaled / 1000)
    var fraction = scaled % 1000
    guard fraction != 0 else { return text }
    var digits = 3
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let written = String(fraction)
    return text + "." + String(repeating: "0", count: digits - written.count) + written
}

/// A number a scenario file must give back exactly: `formatNumber`'s spelling (whole numbers
/// without `.0`, 12 significant digits) when it reads back as the same double, else Swift's
/// shortest round-trip form (13–17 significant digits: a fuzz regression's config, a
/// `--screen-scale` typed in full). The studio and the fuzzer write scenarios with it, so one
/// value reads the same in both, and a file written from a parsed scenario never drifts.
public func formatExactNumber(_ x: Double) -> String {
    let shared = formatNumber(x)
    return Double(shared) == x ? shared : "\(x)"
}

/// C's `snprintf` for one double. Foundation's `String(format:)` gives the same bytes but goes
/// through CFString and dynamic casts; reports format millions of numbers, so that overhead
/// would be most of the time `cropsim run` spends writing them.
package func cFormat(_ format: String, _ x: Double, room decimals: Int = 0) -> String {
    // %.Nf of the largest double is 309 digits plus sign, point and the decimals.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 320 + decimals) { buffer in
        let n = withVaList([x]) { vsnprintf(buffer.baseAddress!, buffer.count, format, $0) }
        let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, min(Int(n), buffer.count - 1)))
        return String(decoding: bytes, as: UTF8.self)
    }
}
