import Glibc

extension WireReader {
    /// A number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    public mutating func number() throws(WireError) -> Double {
        if peek() == UInt8(ascii: "\"") { return try namedNumber() }
        // The JSON grammar checked in one pass that marks where the digits stand; then they
        // are gathered (the common case, at most 19 digits, eight at a time) and converted.
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let integer = i
        skipDigits()
        guard i > integer else { throw WireError("at byte \(start): expected a number") }
        if bytes[integer] == UInt8(ascii: "0") && i > integer + 1 { throw WireError("at byte \(start): a number with a leading zero") }
        let integerEnd = i
        var fraction = i, fractionEnd = i
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            fraction = i
            skipDigits()
            guard i > fraction else { throw fail("expected digits after '.'") }
            fractionEnd = i
        }
        var d = Digits()
        if (integerEnd - integer) + (fractionEnd - fraction) <= 19 {
            // Every digit fits in the mantissa, leading zeros and all.
            d.mantissa = gather(integer, integerEnd, into: gather(fraction, fractionEnd, into: 0, after: 0), after: fractionEnd - fraction)
            d.count = (integerEnd - integer) + (fractionEnd - fraction)
            d.exponent = fraction - fractionEnd
        } else {
            d.add(bytes[integer..<integerEnd], fraction: false)
            d.add(bytes[fraction..<fractionEnd], fraction: true)
        }
        if bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { d.exponent += try exponent() }
        if d.count <= 19, let x = DecimalToDouble.exact(d.mantissa, d.exponent) { return negative ? -x : x }
        let x = bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0 + start, nil) }
        }
        guard x.isFinite || overflowIsInfinity else {
            throw WireError("at byte \(start): a number too large for a double (infinity is the string \"Infinity\")")
        }
        return x
    }

    @inline(__always) private mutating func skipDigits() {
        while bytes[i] &- UInt8(ascii: "0") <= 9 { i += 1 }
    }

    private mutating func namedNumber() throws(WireError) -> Double {
        let s = try rawString()
        if self.is(s, "NaN") { return .nan }
        if self.is(s, "Infinity") { return .infinity }
        if self.is(s, "-Infinity") { return -.infinity }
        throw WireError("at byte \(s.start): a string where a number belongs (only \"NaN\", \"Infinity\", \"-Infinity\")")
    }

    /// The significant digits of a number too long for `gather`: the first 19 in `mantissa`
    /// (leading zeros skipped), `count` of them in all, and the power of ten that places
    /// `mantissa`.
    struct Digits {
        var mantissa: UInt64 = 0
        var count = 0
        var exponent = 0

        /// Digits after the point lower the exponent; those past the 19th raise it.
        mutating func add(_ digits: ArraySlice<UInt8>, fraction: Bool) {
            for byte in digits {
                if count < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    if mantissa != 0 { count += 1 }
                    if fraction { exponent -= 1 }
                } else {
                    count += 1
                    if !fraction { exponent += 1 }
                }
            }
        }
    }

    /// `low` plus the digits `from..<to` (known to be digits) as the number above its `after`
    /// digits: eight at a time with one 64-bit load (SWAR), the rest one by one. The caller
    /// keeps the total within 19 digits, so nothing overflows.
    @inline(__always) private func gather(_ from: Int, _ to: Int, into low: UInt64, after: Int) -> UInt64 {
        var m: UInt64 = 0
        var k = from
        while to - k >= 8 {
            m = m &* 100_000_000 &+ eightDigits(at: k)
            k += 8
        }
        while k < to {
            m = m &* 10 &+ UInt64(bytes[k] &- UInt8(ascii: "0"))
            k += 1
        }
        return m &* DecimalToDouble.powers[after] &+ low
    }

    /// The eight digits at `k` as a number (the caller has checked they are digits and within
    /// the line).
    @inline(__always) private func eightDigits(at k: Int) -> UInt64 {
        let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: k, as: UInt64.self)) }
        var v = word & 0x0F0F_0F0F_0F0F_0F0F
        v = (v &* (10 << 8 + 1)) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
        return v
    }

    /// The exponent after `e` or `E`, clamped far beyond any double's range.
    private mutating func exponent() throws(WireError) -> Int {
        i += 1
        var sign = 1
        if bytes[i] == UInt8(ascii: "-") { sign = -1; i += 1 } else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        let first = i
        var e = 0
        while case let d = bytes[i] &- UInt8(ascii: "0"), d <= 9 {
            if e < 100_000 { e = e * 10 + Int(d) }
            i += 1
        }
        guard i > first else { throw fail("expected digits in the exponent") }
        return sign * e
    }
}
