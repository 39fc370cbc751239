import Foundation

/// One client connection of the studio's server, as the event loop sees it: what it is waiting
/// for, until when, and the bytes it has received or has still to send.
struct HTTPConnection {
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
    var deadline: ContinuousClock.Instant
    /// Whether the request being answered lets the connection stay open afterwards.
    var keepAlive = true

    init(fd: Int32, id: Int, deadline: ContinuousClock.Instant) {
        self.fd = fd
        self.id = id
        self.deadline = deadline
    }

    /// Waiting for a request that has not (fully) arrived: the one to close first when the
    /// server is full.
    var isWaiting: Bool {
        if case .head = stage { return true }
        return false
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
