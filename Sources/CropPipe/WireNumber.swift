import Glibc

extension WireReader {
    /// A number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    public mutating func number() throws(WireError) -> Double {
        if peek() == UInt8(ascii: "\"") { return try namedNumber() }
        // The digits are found and, when there are at most 19 of them, gathered in one pass over
        // the line's storage (the sentinel stops every loop); the grammar is then checked in
        // version 1's order, with its words.
        let start = i
        let s = bytes.withUnsafeBufferPointer { NumberText($0.baseAddress!, at: start) }
        i = s.integerEnd
        guard s.integerEnd > s.integer else { throw WireError("at byte \(start): expected a number") }
        if bytes[s.integer] == UInt8(ascii: "0") && s.integerEnd > s.integer + 1 {
            throw WireError("at byte \(start): a number with a leading zero")
        }
        var d = Digits()
        if let fraction = s.fraction {
            i = fraction
            guard s.fractionEnd > fraction else { throw fail("expected digits after '.'") }
            i = s.fractionEnd
        }
        if let gathered = s.gathered {
            d = Digits(mantissa: gathered, count: s.digitCount, exponent: s.fraction.map { $0 - s.fractionEnd } ?? 0)
        } else {
            d.add(bytes[s.integer..<s.integerEnd], fraction: false)
            if let fraction = s.fraction { d.add(bytes[fraction..<s.fractionEnd], fraction: true) }
        }
        if bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { d.exponent += try exponent() }
        if d.count <= 19, let x = DecimalToDouble.exact(d.mantissa, d.exponent) { return s.negative ? -x : x }
        let x = bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0 + start, nil) }
        }
        guard x.isFinite || overflowIsInfinity else {
            throw WireError("at byte \(start): a number too large for a double (infinity is the string \"Infinity\")")
        }
        return x
    }

    private mutating func namedNumber() throws(WireError) -> Double {
        let s = try rawString()
        if self.is(s, "NaN") { return .nan }
        if self.is(s, "Infinity") { return .infinity }
        if self.is(s, "-Infinity") { return -.infinity }
        throw WireError(
            "at byte \(s.start): a string where a number belongs (only \"NaN\", \"Infinity\", \"-Infinity\")")
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

/// Where a number's sign, digits and point stand, found in one pass over the line's storage,
/// and its digits as one integer when there are at most 19 (all of them fit, leading zeros
/// and all). The line ends in a 0 sentinel, which is neither a digit nor a point, so every loop
/// stops inside it.
struct NumberText {
    let negative: Bool
    let integer: Int, integerEnd: Int
    /// Where the digits after a point start, if there is a point.
    let fraction: Int?
    let fractionEnd: Int
    let digitCount: Int
    let gathered: UInt64?

    @inline(__always) init(_ p: UnsafePointer<UInt8>, at start: Int) {
        var k = start
        negative = p[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        integer = k
        while p[k] &- UInt8(ascii: "0") <= 9 { k += 1 }
        integerEnd = k
        if p[k] == UInt8(ascii: ".") {
            k += 1
            fraction = k
            while p[k] &- UInt8(ascii: "0") <= 9 { k += 1 }
        } else {
            fraction = nil
        }
        fractionEnd = k
        digitCount = (integerEnd - integer) + (fractionEnd - (fraction ?? k))
        guard digitCount <= 19 else { gathered = nil; return }
        var m = Self.gather(p, integer, integerEnd, into: 0)
        if let fraction { m = Self.gather(p, fraction, fractionEnd, into: m) }
        gathered = m
    }

    /// `m` followed by the digits `from..<to`: eight at a time with one 64-bit load (SWAR), the
    /// rest one by one. The caller keeps the total within 19 digits, so nothing overflows.
    @inline(__always) static func gather(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, into m: UInt64) -> UInt64 {
        var m = m
        var k = from
        while to - k >= 8 {
            m = m &* 100_000_000 &+ eightDigits(UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
            k += 8
        }
        while k < to {
            m = m &* 10 &+ UInt64(p[k] &- UInt8(ascii: "0"))
            k += 1
        }
        return m
    }

    /// Eight ASCII digits, the first in the lowest byte, as a number.
    @inline(__always) static func eightDigits(_ word: UInt64) -> UInt64 {
        var v = UInt64(littleEndian: word) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v &* (10 << 8 + 1)) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
        return v
    }
}
