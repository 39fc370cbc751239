/// A request as the studio's server hands it over: the head parsed (`RequestHead`), and the body
/// read in full (its declared length, at most `ServerLimits.maxBody`).
public struct HTTPRequest: Sendable {
    public var head: RequestHead
    public var body: [UInt8]

    public init(head: RequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    public var method: String { head.method }
    public var path: String { head.path }
    public func header(_ name: String) -> String? { head.header(name) }
}

/// An answer: status, headers and body, written in one buffer with its `Content-Length`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The bytes on the wire. One buffer, one write: with the header and body in two writes,
    /// Nagle's algorithm held the body for the client's delayed ACK (40 ms). A 304 has no body
    /// and no `Content-Length` (which would have to be the length of the body it stands for).
    func bytes(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.phrase(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(head.utf8) + body
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}
