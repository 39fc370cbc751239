import CropText
import Glibc

/// Why a line is not the protocol message it should be. `violation` marks well-formed JSON that
/// breaks the protocol (an unknown field, a value out of range); the rest is malformed.
public struct WireError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var violation: Bool

    /// `message` quotes the reply (a type, a field name), so it is escaped (`shownText`) here,
    /// once for every message a reply can cause.
    public init(_ message: String, violation: Bool = false) {
        self.message = shownText(message)
        self.violation = violation
    }

    public var description: String { message }
}

/// A pull parser for one protocol line: strict JSON (RFC 8259), read straight into the values
/// the caller wants, with no tree in between — replies carry a result per tick, and building
/// dictionaries for each would cost more than judging it. Depth is bounded; every error names
/// the byte offset.
public struct WireReader {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    static let maxDepth = 32
    /// What a number too large for a double (`1e400`) reads as: a protocol reply that says so is
    /// malformed (the protocol spells infinity `"Infinity"`), but cropsim's own logs write an
    /// infinite value as `1e999` (`formatNumber`), so a reader of those reads it as ±infinity.
    private let overflowIsInfinity: Bool

    /// `line` without its newline. `overflowIsInfinity` for cropsim's own logs (see above).
    public init(_ line: [UInt8], overflowIsInfinity: Bool = false) {
        bytes = line + [0] // a sentinel, so that strtod and every peek stop at the end
        self.overflowIsInfinity = overflowIsInfinity
    }

    public var offset: Int { i }

    func fail(_ what: String) -> WireError { WireError("at byte \(i): \(what)") }

    private mutating func space() {
        while true {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func peek() -> UInt8 {
        space()
        return bytes[i]
    }

    private mutating func expect(_ c: UInt8, _ what: String) throws(WireError) {
        guard peek() == c else { throw fail("expected \(what)") }
        i += 1
    }

    /// Opens an object; call `nextKey` until it returns nil.
    public mutating func beginObject() throws(WireError) {
        try expect(UInt8(ascii: "{"), "an object")
        depth += 1
        if depth > Self.maxDepth { throw fail("nested deeper than \(Self.maxDepth)") }
        first = true
    }

    private var first = true

    /// The next member's key, positioned at its value; nil at the object's end.
    public mutating func nextKey() throws(WireError) -> Key? {
        if peek() == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            first = false
            return nil
        }
        if !first { try expect(UInt8(ascii: ","), "',' or '}'") }
        first = false
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try rawString()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Opens an array; call `nextElement` until it returns false.
    public mutating func beginArray() throws(WireError) {
        try expect(UInt8(ascii: "["), "an array")
        depth += 1
        if depth > Self.maxDepth { throw fail("nested deeper than \(Self.maxDepth)") }
        first = true
    }

    /// Whether another element follows (positioned at it).
    public mutating func nextElement() throws(WireError) -> Bool {
        if peek() == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            first = false
            return false
        }
        if !first { try expect(UInt8(ascii: ","), "',' or ']'") }
        first = false
        return true
    }

    /// The end of the line: nothing but white space may follow the message.
    public mutating func end() throws(WireError) {
        if peek() != 0 || i != bytes.count - 1 { throw fail("more after the message") }
    }

    public var atString: Bool { mutating get { peek() == UInt8(ascii: "\"") } }
    public var atNull: Bool { mutating get { peek() == UInt8(ascii: "n") } }

    /// A number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    public mutating func number() throws(WireError) -> Double {
        if peek() == UInt8(ascii: "\"") {
            let s = try rawString()
            if s.is("NaN") { return .nan }
            if s.is("Infinity") { return .infinity }
            if s.is("-Infinity") { return -.infinity }
            throw WireError("at byte \(s.range.lowerBound): a string where a number belongs (only \"NaN\", \"Infinity\", \"-Infinity\")")
        }
        // One pass: the JSON grammar checked and the significant digits gathered together.
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let integer = i
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        while case let d = bytes[i] &- UInt8(ascii: "0"), d <= 9 {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { digits += 1 }
            } else {
                digits += 1
            }
            i += 1
        }
        guard i > integer else { throw WireError("at byte \(start): expected a number") }
        if bytes[integer] == UInt8(ascii: "0") && i > integer + 1 { throw WireError("at byte \(start): a number with a leading zero") }
        if digits > 19 { exponent += digits - 19 }
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = i
            while case let d = bytes[i] &- UInt8(ascii: "0"), d <= 9 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                } else {
                    digits += 1
                }
                i += 1
            }
            guard i > fraction else { throw fail("expected digits after '.'") }
        }
        if bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
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
            exponent += sign * e
        }
        if digits <= 19, let x = DecimalToDouble.exact(mantissa, exponent) { return negative ? -x : x }
        let x = bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0 + start, nil) }
        }
        guard x.isFinite || overflowIsInfinity else {
            throw WireError("at byte \(start): a number too large for a double (infinity is the string \"Infinity\")")
        }
        return x
    }

    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) throws(WireError) -> Int {
        let at = i
        let x = try number()
        guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw WireError("at byte \(at): expected an integer in \(range.lowerBound)…\(range.upperBound), got \(x)", violation: true)
        }
        return Int(x)
    }

    public mutating func bool() throws(WireError) -> Bool {
        if match("true") { return true }
        if match("false") { return false }
        throw fail("expected true or false")
    }

    /// Reads `null` if it is next.
    public mutating func null() -> Bool { peek() == UInt8(ascii: "n") && match("null") }

    private mutating func match(_ word: StaticString) -> Bool {
        space()
        let n = word.utf8CodeUnitCount
        guard i + n < bytes.count else { return false }
        let ok = word.withUTF8Buffer { w in (0..<n).allSatisfy { bytes[i + $0] == w[$0] } }
        if ok { i += n }
        return ok
    }

    public mutating func string() throws(WireError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string") }
        return try rawString().value(in: bytes)
    }

    /// A string's bytes as they stand in the line (escapes undone only by `value`).
    private mutating func rawString() throws(WireError) -> Key {
        i += 1
        let start = i
        var escaped = false
        while true {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b == 0 && i == bytes.count - 1 { throw fail("unterminated string") }
            if b < 0x20 { throw fail("a control character in a string") }
            if b == UInt8(ascii: "\\") {
                escaped = true
                i += 1
                guard bytes[i] != 0 || i < bytes.count - 1 else { throw fail("unterminated string") }
            }
            i += 1
        }
        let key = Key(bytes: bytes, range: start..<i, escaped: escaped)
        i += 1
        return key
    }

    /// Skips any value (an unknown member the caller reports, or one it does not need).
    public mutating func skip() throws(WireError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextKey() != nil { try skip() }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skip() }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): if !null() { throw fail("expected a value") }
        default: _ = try number()
        }
    }

    /// A member name or string, compared without building a `String`.
    public struct Key {
        let bytes: [UInt8]
        let range: Range<Int>
        let escaped: Bool

        public func `is`(_ s: StaticString) -> Bool {
            guard !escaped, s.utf8CodeUnitCount == range.count else { return false }
            return s.withUTF8Buffer { w in
                var k = range.lowerBound
                for c in w {
                    if bytes[k] != c { return false }
                    k += 1
                }
                return true
            }
        }

        public var name: String { value(in: bytes) }

        func value(in bytes: [UInt8]) -> String {
            guard escaped else { return String(decoding: bytes[range], as: UTF8.self) }
            var out: [UInt8] = []
            var k = range.lowerBound
            while k < range.upperBound {
                let b = bytes[k]
                guard b == UInt8(ascii: "\\") else { out.append(b); k += 1; continue }
                k += 1
                switch bytes[k] {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    let hex = String(decoding: bytes[(k + 1)..<min(k + 5, range.upperBound)], as: UTF8.self)
                    let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                    out.append(contentsOf: String(Character(scalar)).utf8)
                    k += 4
                default: out.append(bytes[k])
                }
                k += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
