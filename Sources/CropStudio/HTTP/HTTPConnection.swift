import Foundation

/// One client connection of the studio's server, as the event loop sees it: what it is waiting
/// for, until when (on the loop's clock), and the bytes it has received or has still to send.
struct HTTPConnection<Instant: InstantProtocol> {
    enum Stage {
        /// Waiting for a complete head (a new connection, or one kept alive after an answer).
        case head
        /// The head is in; waiting for `length` bytes of body.
        case body(RequestHead, length: Int)
        /// A handler is answering; nothing is read meanwhile.
        case busy
        /// Sending an answer; closed afterwards unless `keepAlive`.
        case writing([UInt8], sent: Int, keepAlive: Bool)
    }

    let fd: Int32
    let id: Int
    var stage = Stage.head
    /// Received and not yet consumed: the head being read, then the body, then (pipelined) the next.
    var buffer: [UInt8] = []
    var scanner = HeadScanner()
    /// When the current stage must be over: the connection is closed at this instant.
    var deadline: Instant
    /// When the client last moved it on: connected, sent bytes, or took bytes of an answer.
    var progressed: Instant
    /// Whether the request being answered lets the connection stay open afterwards.
    var keepAlive = true

    init(fd: Int32, id: Int, now: Instant, deadline: Instant) {
        self.fd = fd
        self.id = id
        self.deadline = deadline
        progressed = now
    }

    /// How readily the connection is replaced when the server is full (`HTTPServerLoop.makeRoom`),
    /// most readily first; nil for one that may not be (the studio working for a client that
    /// waits for it). Issue 34: only an idle connection could be replaced, so 64 holding a body
    /// back, or 64 not reading the answers to their pipelined requests, locked every client out.
    enum Stall: Int, Comparable {
        /// It holds the server up: a request begun and not finished (a partial head, a body
        /// awaited), or requests pipelined behind one whose answer it has not taken.
        case holding
        /// Idle between requests.
        case idle
        /// Taking an answer, however slowly.
        case taking

        static func < (a: Stall, b: Stall) -> Bool { a.rawValue < b.rawValue }
    }

    var stall: Stall? {
        switch stage {
        case .head: buffer.isEmpty ? .idle : .holding
        case .body: .holding
        case .busy: buffer.isEmpty ? nil : .holding
        case .writing: buffer.isEmpty ? .taking : .holding
        }
    }

    /// A request is partly in (a head begun, or a body awaited) and no answer begun: a 503 may
    /// go out before closing it without being taken for the answer to another request.
    var hasStartedRequest: Bool {
        switch stage {
        case .head: !buffer.isEmpty
        case .body: true
        case .busy, .writing: false
        }
    }

    var wantsToWrite: Bool {
        if case .writing = stage { return true }
        return false
    }

    var wantsToRead: Bool {
        switch stage {
        case .head, .body: true
        case .busy, .writing: false
        }
    }
}
