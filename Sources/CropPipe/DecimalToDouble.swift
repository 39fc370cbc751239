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
    /// 10^n for n in 0…19. A switch of constants compiles to a table read in place; a `static
    /// let` array would be a lazy global, checked on every one of a dozen reads a tick.
    static func power(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// 10^n for n in 0…22 as a double, every one exact (10^n = 5^n · 2^n, and 5^22 < 2^53).
    static func doublePower(_ n: Int) -> Double {
        switch n {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// m × 10^e, correctly rounded, when |e| ≤ 19 and the result is a normal double.
    static func exact(_ m: UInt64, _ e: Int) -> Double? {
        if m == 0 { return 0 }
        if m <= 1 << 53, e >= -22, e <= 22 {
            let x = Double(m)
            return e < 0 ? x / doublePower(-e) : x * doublePower(e)
        }
        if e >= 0 {
            guard e <= 19 else { return nil }
            let p = m.multipliedFullWidth(by: power(e))
            return round(high: p.high, low: p.low, scale: 0)
        }
        guard e >= -19 else { return nil }
        // Q = (m · 2^t) / 10^k, with m shifted to bit 63 and t one less than the divisor's bit
        // length: the high word stays below the divisor (so the division fits) and Q has 63 or
        // 64 bits; the remainder is the sticky bit.
        let d = power(-e)
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
