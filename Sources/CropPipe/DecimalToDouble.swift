/// Decimal text to the nearest double, exactly, without glibc's `strtod` for the common case
/// (`WireReader.number` gathers the digits).
///
/// Replies carry a dozen numbers a tick, most of them 16–17 significant digits (the shortest
/// round-trip form of computed values), and glibc's `strtod` takes its multi-precision path for
/// those, which would make it most of what reading a reply costs. Here a mantissa of at most 19
/// digits and a power of ten within 10^±19 are combined in 128-bit integer arithmetic and
/// rounded once, half to even, which is exact; anything else (more digits, a larger exponent, a
/// subnormal) goes to `strtod`. Before that, Clinger's fast path: a mantissa below 2^53 and a
/// power of ten below 10^23 are both exact doubles, so one IEEE multiplication or division
/// rounds their product once, correctly (most 15–16-digit numbers). The tests hold it to
/// `strtod` bit for bit over random and edge-case inputs.
enum DecimalToDouble {
    /// 10^0 … 10^19.
    static let powers: [UInt64] = (0...19).map { (0..<$0).reduce(UInt64(1)) { x, _ in x * 10 } }
    /// 10^0 … 10^22 as doubles, every one exact.
    static let doublePowers: [Double] = (0...22).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }

    /// m × 10^e, correctly rounded, when |e| ≤ 19 and the result is a normal double.
    static func exact(_ m: UInt64, _ e: Int) -> Double? {
        if m == 0 { return 0 }
        if m <= 1 << 53, e >= -22, e <= 22 {
            let x = Double(m)
            return e < 0 ? x / doublePowers[-e] : x * doublePowers[e]
        }
        if e >= 0 {
            guard e <= 19 else { return nil }
            let p = m.multipliedFullWidth(by: powers[e])
            return round(high: p.high, low: p.low, scale: 0)
        }
        guard e >= -19 else { return nil }
        // Q = (m · 2^t) / 10^k, with m shifted to bit 63 and t one less than the divisor's bit
        // length: the high word stays below the divisor (so the division fits) and Q has 63 or
        // 64 bits; the remainder is the sticky bit.
        let d = powers[-e]
        let lz = m.leadingZeroBitCount
        let top = m << lz
        let t = 63 - d.leadingZeroBitCount
        let (q, r) = d.dividingFullWidth((high: top >> (64 - t), low: top << t))
        return round(high: 0, low: q, scale: -(lz + t), sticky: r != 0)
    }

    /// The 128-bit integer (high, low) × 2^scale rounded to 53 bits, half to even; `sticky` says
    /// that something nonzero lies below the lowest bit.
    private static func round(high: UInt64, low: UInt64, scale: Int, sticky: Bool = false) -> Double? {
        let bits = high != 0 ? 128 - high.leadingZeroBitCount : 64 - low.leadingZeroBitCount
        let drop = bits - 53
        var significand: UInt64
        var rest = sticky
        var half = false
        if drop <= 0 {
            significand = low << -drop
        } else {
            // The 53 bits below the top, the first dropped bit (half) and whether any other is set.
            let shifted = shift(high, low, by: drop)
            significand = shifted.value
            half = bit(high, low, drop - 1)
            rest = rest || lowBits(high, low, below: drop - 1)
        }
        if half && (rest || significand & 1 == 1) { significand += 1 }
        var exponent = scale + drop
        if significand == 1 << 53 {
            significand >>= 1
            exponent += 1
        }
        // significand × 2^exponent, its 53 bits with the leading one implied: a normal double's
        // bits, or nil past either end of the normal range.
        let biased = exponent + 52 + 1023
        guard biased >= 1, biased <= 2046 else { return nil }
        return Double(bitPattern: UInt64(biased) << 52 | (significand & (1 << 52 - 1)))
    }

    private static func shift(_ high: UInt64, _ low: UInt64, by n: Int) -> (value: UInt64, Void) {
        if n >= 64 { return (high >> (n - 64), ()) }
        return ((low >> n) | (high << (64 - n)), ())
    }

    private static func bit(_ high: UInt64, _ low: UInt64, _ n: Int) -> Bool {
        n >= 64 ? (high >> (n - 64)) & 1 == 1 : (low >> n) & 1 == 1
    }

    private static func lowBits(_ high: UInt64, _ low: UInt64, below n: Int) -> Bool {
        if n <= 0 { return false }
        if n >= 64 { return low != 0 || (n > 64 && high & ((1 << (n - 64)) - 1) != 0) }
        return low & ((1 << n) - 1) != 0
    }
}
