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
    /// The line and its 0 sentinel (`WireLine`).
    let bytes: [UInt8]
    /// The sentinel's index: the line's length.
    let last: Int
    var i = 0
    private var depth = 0
    static let maxDepth = 32
    /// What a number too large for a double (`1e400`) reads as: a protocol reply that says so is
    /// malformed (the protocol spells infinity `"Infinity"`), but cropsim's own logs write an
    /// infinite value as `1e999` (`formatNumber`), so a reader of those reads it as ±infinity.
    let overflowIsInfinity: Bool

    /// `line` without its newline. `overflowIsInfinity` for cropsim's own logs (see above).
    public init(_ line: [UInt8], overflowIsInfinity: Bool = false) {
        self.init(WireLine(line), overflowIsInfinity: overflowIsInfinity)
    }

    /// A line as `ModelProcess` takes it from the pipe: already terminated, so not copied again.
    init(_ line: WireLine, overflowIsInfinity: Bool = false) {
        bytes = line.terminated
        last = line.count
        self.overflowIsInfinity = overflowIsInfinity
    }

    public var offset: Int { i }

    func fail(_ what: String) -> WireError { WireError("at byte \(i): \(what)") }

    @inline(__always) private mutating func space() {
        while true {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    @inline(__always) mutating func peek() -> UInt8 {
        space()
        return bytes[i]
    }

    @inline(__always) private mutating func expect(_ c: UInt8, _ what: StaticString) throws(WireError) {
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
        try nextName().map { Key(bytes: bytes, name: $0) }
    }

    /// `nextKey` for this module's hot paths: the key's place, which holds no reference to the
    /// line (a `Key` retains it, and a reply has a dozen keys a tick).
    @inline(__always) mutating func nextName() throws(WireError) -> Name? {
        if peek() == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            first = false
            return nil
        }
        if !first { try expect(UInt8(ascii: ","), "',' or '}'") }
        first = false
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let name = try rawString()
        try expect(UInt8(ascii: ":"), "':'")
        return name
    }

    /// Whether `name` (read from this line) is `s`, escapes not undone (as `Key.is`).
    @inline(__always) func `is`(_ name: Name, _ s: StaticString) -> Bool {
        guard !name.escaped, s.utf8CodeUnitCount == name.count else { return false }
        return bytes.withUnsafeBufferPointer { line in
            s.withUTF8Buffer { w in memcmp(line.baseAddress! + name.start, w.baseAddress!, w.count) == 0 }
        }
    }

    /// `name`'s text, escapes undone (for messages and the rarer fields).
    func text(_ name: Name) -> String { Key(bytes: bytes, name: name).name }

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
        if peek() != 0 || i != last { throw fail("more after the message") }
    }

    public var atString: Bool { mutating get { peek() == UInt8(ascii: "\"") } }
    public var atNull: Bool { mutating get { peek() == UInt8(ascii: "n") } }

    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) throws(WireError) -> Int {
        let at = i
        let x = try number()
        guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw WireError(
                "at byte \(at): expected an integer in \(range.lowerBound)…\(range.upperBound), got \(x)",
                violation: true)
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
        guard i + n <= last else { return false }
        let ok = word.withUTF8Buffer { w in (0..<n).allSatisfy { bytes[i + $0] == w[$0] } }
        if ok { i += n }
        return ok
    }

    public mutating func string() throws(WireError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string") }
        return text(try rawString())
    }

    /// Reads a string and says whether it is `s` (escapes not undone), building no `String`.
    mutating func string(is s: StaticString) throws(WireError) -> Bool {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string") }
        return self.is(try rawString(), s)
    }

    /// A string's place in the line (escapes undone only by `text`).
    mutating func rawString() throws(WireError) -> Name {
        i += 1
        let start = i
        var escaped = false
        while true {
            let b = bytes[i]
            // Most bytes are none of the four below (quote, backslash, control, the end).
            if b > UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { i += 1; continue }
            if b == UInt8(ascii: "\"") { break }
            if b == 0 && i == last { throw fail("unterminated string") }
            if b < 0x20 { throw fail("a control character in a string") }
            if b == UInt8(ascii: "\\") {
                escaped = true
                i += 1
                guard bytes[i] != 0 || i < last else { throw fail("unterminated string") }
            }
            i += 1
        }
        let name = Name(start: start, count: i - start, escaped: escaped)
        i += 1
        return name
    }

    /// Skips any value (an unknown member the caller reports, or one it does not need).
    public mutating func skip() throws(WireError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextName() != nil { try skip() }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skip() }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): if !null() { throw fail("expected a value") }
        default: _ = try number()
        }
    }

    /// Where a string or member name stands in the line, without its quotes.
    struct Name {
        let start: Int
        let count: Int
        let escaped: Bool
    }

    /// A member name or string, compared without building a `String`.
    public struct Key {
        let bytes: [UInt8]
        let range: Range<Int>
        let escaped: Bool

        init(bytes: [UInt8], name: Name) {
            self.bytes = bytes
            range = name.start..<(name.start + name.count)
            escaped = name.escaped
        }

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

        public var name: String {
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

/// A line ready for `WireReader`: its bytes and a 0 after them, the sentinel that stops every
/// scan (no byte of a valid message is 0), written once by whoever takes the line (the pipe's
/// reader copies it out of its buffer anyway).
struct WireLine {
    let terminated: [UInt8]
    var count: Int { terminated.count - 1 }

    init(_ line: [UInt8]) {
        var terminated = [UInt8]()
        terminated.reserveCapacity(line.count + 1)
        terminated.append(contentsOf: line)
        terminated.append(0)
        self.terminated = terminated
    }

    init(_ line: UnsafeRawBufferPointer) {
        terminated = [UInt8](unsafeUninitializedCapacity: line.count + 1) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: line)
            buffer[line.count] = 0
            initialized = line.count + 1
        }
    }
}
