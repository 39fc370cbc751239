@testable import CropStudio
import CropTestSupport
import Foundation
import Synchronization
import Testing

/// The studio's own HTTP server over real loopback sockets: bounded heads scanned in linear
/// time, the guard before any body, deadlines, the connection cap, keep-alive and pipelining.
/// The loop's deadlines run on virtual time here (`ManualClock`): a test moves the clock past a
/// deadline instead of waiting for it, so no test asserts a wall-clock window and a loaded machine
/// cannot fail one; `scripts/check-studio-server` holds the documented times on the release
/// program, studio and all.
@Suite struct StudioServerTests {
    /// The studio's server on a free port with these limits, and its scenarios folder.
    static func serve(_ limits: ServerLimits = ServerLimits()) throws -> (StudioServer, TemporaryFolder) {
        let folder = try TemporaryFolder("studio-http")
        let server = try StudioServer(studio: try studio(root: folder.path), port: 0, limits: limits)
        server.start()
        return (server, folder)
    }

    /// The loop alone, answering every request at once on its own thread with the target it
    /// was asked for: what these tests judge is the server, and the studio's answers need a
    /// thread of the concurrency pool, which other suites keep busy under `swift test`.
    static func serveEcho<Clock: DeadlineClock>(_ limits: ServerLimits = ServerLimits(), clock: Clock) throws
        -> HTTPServerLoop<Clock>
    {
        let loop = try HTTPServerLoop(
            port: 0, limits: limits, clock: clock,
            admit: { head in
                head.header("host") == "evil.example" ? HTTPResponse(status: 403) : nil
            }
        ) { request, answer in
            answer(HTTPResponse(status: 200, body: Array(request.head.target.utf8)))
        }
        loop.start()
        return loop
    }

    /// A request answered on a new connection: the loop has read everything sent before it, and
    /// judged every deadline at the clock's present time, before it answered.
    static func roundTrip(_ port: UInt16) async throws {
        let probe = try Client(port: port)
        try probe.send("GET /probe HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(try await offPool { try probe.answers(1) }[0].hasPrefix("HTTP/1.1 200"))
    }

    @Test func theHeadScannerLooksAtEachByteOnce() throws {
        var scanner = HeadScanner()
        var buffer: [UInt8] = []
        let head = Array(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\nX: \(String(repeating: "y", count: 8000))\r\n\r\n".utf8)
        var end: Int?
        for byte in head {
            buffer.append(byte)
            end = try scanner.end(in: buffer, limits: ServerLimits())
            #expect(scanner.scanned == buffer.count)
            if end != nil { break }
        }
        #expect(end == head.count)
    }

    @Test func headsPastTheirLimitsAreRefusedBeforeTheyEnd() {
        func status(_ text: String) -> Int? {
            var scanner = HeadScanner()
            do throws(RequestHead.Refusal) {
                guard let end = try scanner.end(in: Array(text.utf8), limits: ServerLimits()) else { return nil }
                _ = try RequestHead.parse(Array(text.utf8)[..<end], limits: ServerLimits())
                return 200
            } catch { return error.status }
        }
        #expect(status("GET /" + String(repeating: "a", count: 9000)) == 414)  // no line end yet: refused already
        #expect(status("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 17000)) == 431)
        #expect(status("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 65) + "\r\n") == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n\r\n") == 200)
        #expect(status("GET / HTTP/1.1\nHost: a\n\n") == 200)
        for malformed in [
            "GET  / HTTP/1.1\r\n\r\n", "GET /\r\n\r\n", "GET x HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            "G\u{1}T / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n"
        ] {
            #expect(status(malformed) == 400, "\(malformed.debugDescription)")
        }
        #expect(status("GET / HTTP/2.0\r\n\r\n") == 505)
    }

    @Test func aNormalRequestIsAnsweredAndTheConnectionKeptAlive() async throws {
        // On a clock that stands still: a test resumed late (other suites busy) finds the
        // connection open, and only `Connection: close` can close it.
        let server = try Self.serveEcho(clock: ManualClock())
        defer { server.stop() }
        let client = try Client(port: server.port)
        let get = "GET /a HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"
        // Two requests in one write (pipelined), then a third on the same connection.
        try client.send(get + get.replacingOccurrences(of: "/a", with: "/b"))
        let two = try await offPool { try client.answers(2) }
        #expect(two.allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK") && $0.contains("Connection: keep-alive") })
        #expect(two[0].hasSuffix("/a") && two[1].hasSuffix("/b"))
        try client.send(get)
        #expect(try await offPool { try client.answers(1) }[0].hasSuffix("/a"))
        // HTTP/1.0, or Connection: close, closes after the answer.
        try client.send("GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try await offPool { try client.answers(1) }[0].contains("Connection: close"))
        #expect(try await offPool { try client.closed(within: 10) })
    }

    /// A foreign Host is refused on its head alone: the server does not wait for the megabyte of
    /// body it declares.
    @Test func theGuardJudgesTheHeadBeforeAnyBody() async throws {
        // Deadlines an hour away: a close seen within the minute's wait comes from the refusal,
        // not from a deadline (no wall-clock window is judged; the minute only bounds a hang).
        var limits = ServerLimits()
        (limits.headSeconds, limits.bodySeconds) = (3600, 3600)
        let (server, folder) = try Self.serve(limits)
        defer { server.stop(); withExtendedLifetime(folder) {} }
        let client = try Client(port: server.port)
        try client.send(
            "POST /api/session HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n"
        )
        let answer = try await offPool { try client.answers(1) }[0]
        #expect(answer.hasPrefix("HTTP/1.1 403"))
        #expect(try await offPool { try client.closed(within: 60) })
        // Too long a body is refused by its declared length, before it is sent.
        let big = try Client(port: server.port)
        try big.send("POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 1048577\r\n\r\n")
        #expect(try await offPool { try big.answers(1) }[0].hasPrefix("HTTP/1.1 413"))
        let chunked = try Client(port: server.port)
        try chunked.send(
            "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(try await offPool { try chunked.answers(1) }[0].hasPrefix("HTTP/1.1 411"))
    }

    /// An idle connection and a half-sent head are closed when the clock passes the head's
    /// deadline, a half-sent body when it passes the body's, and none before.
    @Test func idleAndHalfSentConnectionsAreClosedAtTheirDeadline() async throws {
        var limits = ServerLimits()
        limits.headSeconds = 10
        limits.bodySeconds = 20
        let clock = ManualClock()
        let server = try Self.serveEcho(limits, clock: clock)
        defer { server.stop() }
        let clients = try (0..<3).map { _ in try Client(port: server.port) }
        try clients[1].send("POST /api/input HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Le")
        try clients[2].send(
            "POST /api/input HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 100\r\n\r\n{")
        try await Self.roundTrip(server.port)
        clock.advance(by: .seconds(9.9))
        try await Self.roundTrip(server.port)
        #expect(clients.map(\.isOpen) == [true, true, true], "at 9.9 s")
        clock.advance(by: .seconds(0.2))
        try await Self.roundTrip(server.port)
        #expect(try await offPool { try clients[0].closed(within: 10) && clients[1].closed(within: 10) }, "at 10.1 s")
        #expect(clients[2].isOpen, "at 10.1 s the body has until 20 s")
        clock.advance(by: .seconds(10))
        try await Self.roundTrip(server.port)
        #expect(try await offPool { try clients[2].closed(within: 10) }, "at 20.1 s")
    }

    /// Past the cap, a new connection replaces the one that has waited longest for its request,
    /// so a page still gets in while others hold connections open.
    @Test func theCapReplacesTheLongestWaitingConnection() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 4
        // No deadline passes on a clock that stands still: a holder closed was replaced.
        let server = try Self.serveEcho(limits, clock: ManualClock())
        defer { server.stop() }
        let holders = try (0..<10).map { _ in try Client(port: server.port) }
        let client = try Client(port: server.port)
        try client.send("GET /in HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(try await offPool { try client.answers(1) }[0].hasPrefix("HTTP/1.1 200"))
        let evicted = Array(holders.prefix(6))
        #expect(try await offPool { try evicted.allSatisfy { try $0.closed(within: 10) } })
    }

    /// The photo over a real connection: the JPEG by its length, a 304 with neither body nor
    /// length, and the connection still answering after both.
    @Test func thePhotoAndItsRevalidationKeepTheConnection() async throws {
        let rootFolder = try TemporaryFolder("studio-http-photo"), root = rootFolder.path
        let server = try StudioServer(
            studio: try studio(root: root, photo: try photoFile(in: root, width: 800, height: 600)), port: 0)
        server.start()
        defer { server.stop() }
        let url = try #require(try await server.studio.open(.init()).photoURL)
        // The studio answers on the concurrency pool (its photo is encoded there too); under a
        // full `swift test`, long synchronous suites hold both of its threads for over a minute.
        let client = try Client(port: server.port, waiting: 300)
        let get = "GET \(url) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
        try client.send(get + "\r\n")
        let photo = try await offPool { try client.answers(1) }[0]
        #expect(photo.hasPrefix("HTTP/1.1 200") && photo.contains("Content-Type: image/jpeg"))
        let etag = try #require(photo.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
        try client.send(get + "If-None-Match: \(etag)\r\n\r\n" + get + "\r\n")
        let two = try await offPool { try client.answers(2) }
        #expect(
            two[0].hasPrefix("HTTP/1.1 304 Not Modified") && !two[0].contains("Content-Length")
                && two[0].hasSuffix("\r\n\r\n"))
        #expect(two[1] == photo)
    }

    @Test func aLongRequestLineIsRefusedWhileNormalRequestsGoOn() async throws {
        let server = try Self.serveEcho(clock: ManualClock())
        defer { server.stop() }
        let long = try Client(port: server.port)
        try long.send("GET /" + String(repeating: "a", count: 9000))
        #expect(try await offPool { try long.answers(1) }[0].hasPrefix("HTTP/1.1 414"))
        // The time bound (100 ms under attack) is scripts/check-studio-server's, on an idle machine.
        let client = try Client(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        #expect(try await offPool { try client.answers(1) }[0].hasPrefix("HTTP/1.1 200"))
    }
}

/// Runs blocking socket calls on a thread of their own: on the concurrency pool (two threads
/// on two cores) they would starve the very server tasks they wait for.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A blocking loopback client that reads whole answers (by their Content-Length).
final class Client: @unchecked Sendable {
    let fd: Int32
    private var received: [UInt8] = []

    /// `waiting` bounds each read: a hang fails the test, a slow answer does not.
    init(port: UInt16, waiting seconds: Int = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ClientError.failed("connect") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    enum ClientError: Error { case failed(String) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { throw ClientError.failed("send") }
            sent += n
        }
    }

    /// The next `count` answers, head and body, as text.
    func answers(_ count: Int) throws -> [String] {
        var out: [String] = []
        while out.count < count {
            if let answer = takeAnswer() {
                out.append(answer)
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw ClientError.failed("the answer did not come") }
            received += chunk.prefix(n)
        }
        return out
    }

    private func takeAnswer() -> String? {
        let blank = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, received.count - 3)).first(where: { Array(received[$0..<($0 + 4)]) == blank })
        else { return nil }
        let head = String(decoding: received[..<end], as: UTF8.self)
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        guard received.count >= end + 4 + length else { return nil }
        let text = String(decoding: received[..<(end + 4 + length)], as: UTF8.self)
        received.removeFirst(end + 4 + length)
        return text
    }

    /// Open, with nothing to read: the server has not closed it (a look, without waiting).
    var isOpen: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Whether the server closes the connection within `seconds` (reading and discarding).
    func closed(within seconds: Int) throws -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }
}

/// Virtual time for the server loop: it stands still until a test advances it.
final class ManualClock: DeadlineClock {
    private let origin = ContinuousClock.now
    private let elapsed = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { origin + elapsed.withLock { $0 } }

    func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }
}
