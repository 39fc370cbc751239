/// A strict RFC 8259 parser that records the byte offset of every value and key.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` report neither positions nor duplicate
/// keys, and scenario files are hand-written, so this small parser exists to say *where*.
/// It accepts nothing beyond the standard: no comments, trailing commas, NaN or Infinity.
///
/// Linear time: values keep only their byte offset, and line:column is computed once, for the
/// error that is reported (`SourceLocation(offset:in:)`). Counting columns per value made a
/// one-line (minified) file quadratic.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Items and members of the arrays and objects being parsed, innermost last.
    private var valueStack: [JSONValue] = []
    private var memberStack: [JSONValue.Member] = []
    /// Arrays and objects nested deeper than this are refused rather than risking the stack: the
    /// parser recurses once per level, and the scenario format needs 8 levels.
    public static let maxDepth = 64

    public struct SyntaxError: Error, Hashable, Sendable {
        public var location: SourceLocation
        public var message: String

        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte-order mark is tolerated, as editors sometimes write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(location: SourceLocation(offset: offset ?? index, in: bytes), message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = current {
            switch b {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.maxDepth else {
            throw error("arrays and objects nested deeper than \(Self.maxDepth) levels")
        }
        let start = index
        guard let b = current else { throw error("unexpected end of file, expected a value") }
        switch b {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try parseObject(depth: depth)), offset: start)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try parseArray(depth: depth)), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers")
        default:
            throw error("unexpected character '\(Unicode.Scalar(b))', expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, bytes[index..<index + w.count].elementsEqual(w) else {
            throw error("invalid literal, expected '\(word)'")
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> [JSONValue.Member] {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return [] }
        // Members collect on one stack shared by every object and leave it as an array of exactly
        // their size: no growth copies, no spare capacity kept for each of a million objects.
        let base = memberStack.count
        // Scenario objects have a handful of keys: a linear look beats hashing each one, and a
        // set takes over for the rare large object so duplicates stay linear to find.
        var seen: Set<String> = []
        while true {
            skipWhitespace()
            let keyOffset = index
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try parseString()
            let count = memberStack.count - base
            if count == 16 { seen = Set(memberStack[base...].map(\.key)) }
            guard count < 16 ? !memberStack[base...].contains(where: { $0.key == key }) : seen.insert(key).inserted
            else {
                throw error("duplicate key \(quoted(key))", at: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key \(quoted(key))") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            memberStack.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                defer { memberStack.removeSubrange(base...) }
                return Array(memberStack[base...])
            default: throw error("expected ',' or '}' in object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> [JSONValue] {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return [] }
        let base = valueStack.count
        while true {
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            valueStack.append(value)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                defer { valueStack.removeSubrange(base...) }
                return Array(valueStack[base...])
            default: throw error("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while let b = p.current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { p.index += 1 }
            return p.index - s
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                throw error("leading zeros are not allowed")
            }
        } else if digits(&self) == 0 {
            throw error("expected digits in number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected digits in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(quoted(text, quotes: false)) is out of range", at: start)
        }
        return value
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // Most strings have no escapes and become a String straight from their bytes.
        while let b = current, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
            guard b >= 0x20 else { throw error("control character in string (escape it)") }
            index += 1
        }
        guard current == UInt8(ascii: "\"") else { return try parseEscapedString(from: start) }
        index += 1
        return try text(bytes[start..<index - 1], at: start)
    }

    /// RFC 8259 requires UTF-8: an invalid or overlong sequence is an error at the string, never
    /// silently replaced, so what a designer wrote is what the report shows.
    private func text(_ utf8: some Collection<UInt8>, at offset: Int) throws(SyntaxError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw error("invalid UTF-8 in string", at: offset)
        }
        return text
    }

    private mutating func parseEscapedString(from start: Int) throws(SyntaxError) -> String {
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let b = current else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return try text(utf8, at: start)
            case UInt8(ascii: "\\"):
                index += 1
                UTF8.encode(try parseEscape()) { utf8.append($0) }
            case 0x00..<0x20:
                throw error("control character in string (escape it)")
            default:
                utf8.append(b)
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let b = current else { throw error("unterminated escape") }
        index += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape") }
            return scalar
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(b))'")
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let d = Self.hexValue(b) else { throw error("expected 4 hex digits in \\u escape") }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
