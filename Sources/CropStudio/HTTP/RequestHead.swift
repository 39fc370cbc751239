/// The head of an HTTP/1.1 request: request line and headers, parsed once the blank line that
/// ends them has arrived. Strict and small: one request line `METHOD SP target SP HTTP/1.x`,
/// header fields `name: value`, no line folding, no control characters; anything else is a 400.
/// Lines may end in CRLF or a bare LF.
public struct RequestHead: Sendable {
    public var method: String
    /// The target as sent (`/api/input`, `/?open=x`).
    public var target: String
    public var minorVersion: Int
    /// Field names lowercased, in order.
    public var fields: [(name: String, value: String)]

    public init(method: String, target: String, minorVersion: Int = 1, fields: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.fields = fields.map { ($0.name.lowercased(), $0.value) }
    }

    /// The target without its query.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// The field's value, when it appears exactly once.
    public func header(_ name: String) -> String? {
        let values = fields.filter { $0.name == name.lowercased() }
        return values.count == 1 ? values[0].value : nil
    }

    /// HTTP/1.1 keeps the connection open unless the client says `Connection: close`; 1.0 closes.
    var keepAlive: Bool {
        minorVersion >= 1 && header("connection")?.lowercased() != "close"
    }

    /// Why a head is refused: the status to answer, then the connection is closed.
    public struct Refusal: Error, Sendable {
        public var status: Int
        public var reason: String
    }

    /// Parses `bytes`, one complete head with the blank line that ends it (`HeadScanner`).
    static func parse(_ bytes: ArraySlice<UInt8>, limits: ServerLimits) throws(Refusal) -> RequestHead {
        var lines = bytes.split(separator: 0x0a, omittingEmptySubsequences: false).map {
            $0.last == 0x0d ? $0.dropLast() : $0
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { throw Refusal(status: 400, reason: "no request line") }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let target = visible(parts[1]), target.hasPrefix("/")
        else {
            throw Refusal(status: 400, reason: "a malformed request line")
        }
        guard parts[2].elementsEqual(Array("HTTP/1.1".utf8)) || parts[2].elementsEqual(Array("HTTP/1.0".utf8)) else {
            throw Refusal(status: 505, reason: "only HTTP/1.0 and 1.1")
        }
        guard lines.count <= limits.maxHeaders else {
            throw Refusal(status: 431, reason: "more than \(limits.maxHeaders) header fields")
        }
        var fields: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: 0x3a), let name = token(line[..<colon]),
                let value = visible(trimmed(line[(colon + 1)...]), spaces: true)
            else {
                throw Refusal(status: 400, reason: "a malformed header field")
            }
            fields.append((name, value))
        }
        let head = RequestHead(
            method: method, target: target, minorVersion: parts[2].last == 0x31 ? 1 : 0, fields: fields)
        for name in ["host", "content-length", "transfer-encoding", "origin", "content-type"]
        where head.fields.filter({ $0.name == name }).count > 1 {
            throw Refusal(status: 400, reason: "\(name) given twice")
        }
        return head
    }

    /// The declared body length: 0 without one, nil when it is not a plain decimal number.
    var contentLength: Int? {
        guard let text = header("content-length") else { return 0 }
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// An RFC 9110 token (method, field name).
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        let allowed = Set(Array("!#$%&'*+-.^_`|~".utf8))
        guard !bytes.isEmpty,
            bytes.allSatisfy({
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || allowed.contains($0)
            })
        else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text without control characters (and without spaces unless `spaces`), as UTF-8.
    private static func visible(_ bytes: ArraySlice<UInt8>, spaces: Bool = false) -> String? {
        guard !bytes.isEmpty || spaces,
            bytes.allSatisfy({ $0 >= 0x21 && $0 != 0x7f || (spaces && ($0 == 0x20 || $0 == 0x09)) })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var b = bytes
        while let f = b.first, f == 0x20 || f == 0x09 { b.removeFirst() }
        while let l = b.last, l == 0x20 || l == 0x09 { b.removeLast() }
        return b
    }
}

/// Finds where a head ends as bytes arrive, looking at each byte once however the head is cut
/// into reads (a parser that rescans its buffer per read is quadratic in the head's length), and
/// refuses a request line or head past its limit as soon as it is exceeded, before the rest of
/// it has arrived.
struct HeadScanner {
    private(set) var scanned = 0
    private var lineStart = 0
    private var sawRequestLine = false

    /// The length of the head including its blank line, when `buffer` holds all of it.
    mutating func end(in buffer: [UInt8], limits: ServerLimits) throws(RequestHead.Refusal) -> Int? {
        while scanned < buffer.count {
            let byte = buffer[scanned]
            scanned += 1
            guard byte == 0x0a else { continue }
            let line = scanned - 1 - lineStart - (scanned >= 2 && buffer[scanned - 2] == 0x0d ? 1 : 0)
            if !sawRequestLine {
                sawRequestLine = true
                if line > limits.maxRequestLine {
                    throw .init(status: 414, reason: "a request line over \(limits.maxRequestLine) bytes")
                }
            } else if line == 0 {
                if scanned > limits.maxHead {
                    throw .init(status: 431, reason: "a request head over \(limits.maxHead) bytes")
                }
                return scanned
            }
            lineStart = scanned
        }
        if !sawRequestLine && buffer.count > limits.maxRequestLine {
            throw .init(status: 414, reason: "a request line over \(limits.maxRequestLine) bytes")
        }
        if buffer.count > limits.maxHead {
            throw .init(status: 431, reason: "a request head over \(limits.maxHead) bytes")
        }
        return nil
    }

    mutating func reset() { self = HeadScanner() }
}
