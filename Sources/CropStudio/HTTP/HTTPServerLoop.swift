import CropScenario
import CropSim
import CropText
import Foundation
import Synchronization

/// The studio's HTTP/1.1 server: one thread polls the listening socket and every connection,
/// reads heads and bodies within `ServerLimits`, and hands complete requests to `handle`, which
/// answers through its callback from any thread (the studio's from a task on the concurrency
/// pool); the answers come back through a pipe and are written by the same thread.
/// A client can cost the server at most its limits: a head is scanned once as it arrives
/// (`HeadScanner`) and refused as soon as it is too long, `admit` (the Host/Origin guard) judges
/// it before any body is read, every stage has a deadline, and connections are capped.
/// The deadlines are read on `clock` (`ContinuousClock` unless a test moves time by hand).
final class HTTPServerLoop<Clock: DeadlineClock>: @unchecked Sendable {
    typealias Admit = @Sendable (RequestHead) -> HTTPResponse?
    typealias Handle = @Sendable (HTTPRequest, _ answer: @escaping @Sendable (HTTPResponse) -> Void) -> Void

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let limits: ServerLimits
    let port: UInt16
    private let clock: Clock
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let admit: Admit
    private let handle: Handle
    /// Answers ready to send, by connection id: the only state shared with other threads.
    private let answered = Mutex<[(id: Int, response: HTTPResponse)]>([])
    private let started = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    // Owned by the loop's thread.
    private var connections: [Int: HTTPConnection<Clock.Instant>] = [:]
    private var nextID = 0

    /// Binds 127.0.0.1:`port` (0: any free port) and listens; `start()` serves.
    init(port: UInt16, limits: ServerLimits, clock: Clock, admit: @escaping Admit, handle: @escaping Handle)
        throws(Failure)
    {
        self.limits = limits
        self.clock = clock
        self.admit = admit
        self.handle = handle
        let fd = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0, pipeFDs.allSatisfy(Self.nonblocking) else {
            close(fd)
            throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        wake = (pipeFDs[0], pipeFDs[1])
    }

    func start() {
        guard !started.exchange(true, ordering: .sequentiallyConsistent) else { return }
        let thread = Thread { [self] in run() }
        thread.name = "cropsim-studio-http"
        thread.start()
    }

    /// Stops serving and closes every connection; returns when the loop has ended. A loop never
    /// started only closes its sockets.
    func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        guard !started.exchange(true, ordering: .sequentiallyConsistent) else {
            poke()
            return stopped.wait()
        }
        for fd in [listener, wake.read, wake.write] { close(fd) }
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: The loop

    private func run() {
        while !stopping.load(ordering: .sequentiallyConsistent) {
            let now = clock.now
            expire(now)
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
            ]
            var ids: [Int] = []
            for (id, c) in connections where c.wantsToRead || c.wantsToWrite {
                fds.append(pollfd(fd: c.fd, events: Int16(c.wantsToWrite ? POLLOUT : POLLIN), revents: 0))
                ids.append(id)
            }
            _ = poll(&fds, nfds_t(fds.count), timeout(now))
            if fds[1].revents != 0 { takeAnswers() }
            if fds[0].revents != 0 { acceptAll() }
            for (k, id) in ids.enumerated() where fds[k + 2].revents != 0 {
                guard connections[id] != nil else { continue }
                if fds[k + 2].revents & Int16(POLLOUT) != 0 { send(id) } else { receive(id) }
            }
        }
        for id in Array(connections.keys) { drop(id) }
        close(listener)
        close(wake.read)
        close(wake.write)
        stopped.signal()
    }

    /// Milliseconds until the next deadline (at most a second, so `stop` is seen).
    private func timeout(_ now: Clock.Instant) -> Int32 {
        let next = connections.values.filter { if case .busy = $0.stage { false } else { true } }.map(\.deadline).min()
        guard let next else { return 1000 }
        let ms = now.duration(to: next).components
        return Int32(max(0, min(1000, ms.seconds * 1000 + ms.attoseconds / 1_000_000_000_000_000 + 1)))
    }

    /// `seconds` from now on the loop's clock: when a stage begun now must be over.
    private func deadline(_ seconds: Double) -> Clock.Instant { clock.now.advanced(by: .seconds(seconds)) }

    /// Closes every connection whose stage is past its deadline (a busy one has none: the
    /// studio's own calls are bounded).
    private func expire(_ now: Clock.Instant) {
        for (id, c) in connections where c.deadline < now {
            if case .busy = c.stage { continue }
            drop(id)
        }
    }

    private func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            guard Self.nonblocking(fd) else {
                close(fd)
                continue
            }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            guard makeRoom() else {
                Self.tell(fd, 503, "the studio is busy: every connection is being answered; try again in a moment")
                close(fd)
                continue
            }
            nextID += 1
            connections[nextID] = HTTPConnection(
                fd: fd, id: nextID, now: clock.now, deadline: deadline(limits.headSeconds))
            // Read at once what the client sent with its connection (a browser's request is
            // there already): while clients reconnect in a storm, each new one replacing a
            // stalled one, a request read now is being answered, no longer stalled, and cannot
            // be replaced by those accepted after it.
            receive(nextID)
        }
    }

    /// Under the cap, or made so by closing a stalled connection: the one holding the server up
    /// (`HTTPConnection.Stall`) before an idle one before one taking an answer, and among those
    /// the one whose client last sent or took a byte longest ago (at the same instant, as on a
    /// clock that stands still, the one accepted first). False when the studio is working for
    /// every connection and none pipelines (bounded by the studio: one request at a time per
    /// session, a bounded queue of runs).
    private func makeRoom() -> Bool {
        guard connections.count >= limits.maxConnections else { return true }
        let stalled = connections.values.compactMap { c in c.stall.map { (c, $0) } }
        guard let (oldest, _) = stalled.min(by: { ($0.1, $0.0.progressed, $0.0.id) < ($1.1, $1.0.progressed, $1.0.id) })
        else { return false }
        if oldest.hasStartedRequest {
            Self.tell(
                oldest.fd, 503,
                "the studio is full and this connection had stalled longest: it is closed; send the request again")
        }
        drop(oldest.id)
        return true
    }

    /// One JSON answer and `Connection: close`, sent without waiting: a last word to a connection
    /// about to be closed, which may not be reading.
    private static func tell(_ fd: Int32, _ status: Int, _ message: String) {
        let response = HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")],
            body: Array("{\"error\":\(jsonString(message))}".utf8))
        _ = response.bytes(keepAlive: false).withUnsafeBytes {
            Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
    }

    private func receive(_ id: Int) {
        guard var c = connections[id] else { return }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let wanted: Int
        if case .body(_, let length) = c.stage {
            wanted = min(chunk.count, max(1, length - c.buffer.count))
        } else {
            wanted = chunk.count
        }
        let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, wanted, Int32(MSG_DONTWAIT)) }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard n > 0 else { return drop(id) }
        c.buffer += chunk.prefix(n)
        c.progressed = clock.now
        connections[id] = c
        advance(id)
    }

    /// Moves a connection on with what it has received: a head, then a body, then the handler.
    private func advance(_ id: Int) {
        while var c = connections[id] {
            switch c.stage {
            case .head:
                let end: Int
                do throws(RequestHead.Refusal) {
                    guard let found = try c.scanner.end(in: c.buffer, limits: limits) else { return }
                    end = found
                } catch { return refuse(id, error) }
                let head: RequestHead
                do throws(RequestHead.Refusal) { head = try RequestHead.parse(c.buffer[..<end], limits: limits) } catch
                {
                    return refuse(id, error)
                }
                c.buffer.removeFirst(end)
                c.scanner.reset()
                connections[id] = c
                if let refusal = admit(head) { return answer(id, refusal, keepAlive: false) }
                guard head.header("transfer-encoding") == nil else {
                    return refuse(id, .init(status: 411, reason: "a Content-Length is required (no Transfer-Encoding)"))
                }
                guard let length = head.contentLength else {
                    return refuse(id, .init(status: 400, reason: "the Content-Length is not a number"))
                }
                guard length <= limits.maxBody else {
                    return refuse(id, .init(status: 413, reason: "the body is over \(limits.maxBody) bytes"))
                }
                c.stage = .body(head, length: length)
                c.buffer.reserveCapacity(length)  // one allocation for the body, not a doubling per read
                c.deadline = deadline(limits.bodySeconds)
                connections[id] = c
            case .body(let head, let length):
                guard c.buffer.count >= length else { return }
                let body: [UInt8]
                if c.buffer.count == length {
                    (body, c.buffer) = (c.buffer, [])  // the usual case: nothing pipelined behind it
                } else {
                    body = Array(c.buffer.prefix(length))
                    c.buffer.removeFirst(length)
                }
                c.stage = .busy
                c.keepAlive = head.keepAlive
                connections[id] = c
                handle(HTTPRequest(head: head, body: body)) { [self] response in
                    answered.withLock { $0.append((id, response)) }
                    poke()
                }
                return
            case .busy, .writing:
                return
            }
        }
    }

    private func refuse(_ id: Int, _ refusal: RequestHead.Refusal) {
        let body = "{\"error\":\(jsonString(refusal.reason))}"
        answer(
            id,
            HTTPResponse(
                status: refusal.status, headers: [("Content-Type", "application/json")], body: Array(body.utf8)),
            keepAlive: false)
    }

    private func takeAnswers() {
        var byte = [UInt8](repeating: 0, count: 256)
        while read(wake.read, &byte, byte.count) > 0 {}
        let ready = answered.withLock { list -> [(id: Int, response: HTTPResponse)] in
            let taken = list
            list.removeAll()
            return taken
        }
        for (id, response) in ready {
            guard let c = connections[id] else { continue }
            answer(id, response, keepAlive: c.keepAlive)
        }
    }

    private func answer(_ id: Int, _ response: HTTPResponse, keepAlive: Bool) {
        guard var c = connections[id] else { return }
        c.stage = .writing(response.bytes(keepAlive: keepAlive), sent: 0, keepAlive: keepAlive)
        c.deadline = deadline(limits.writeSeconds)
        connections[id] = c
        send(id)
    }

    private func send(_ id: Int) {
        guard var c = connections[id], case .writing(let bytes, var sent, let keepAlive) = c.stage else { return }
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(c.fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { break }
                return drop(id)
            }
            sent += n
            c.progressed = clock.now
        }
        guard sent == bytes.count else {
            c.stage = .writing(bytes, sent: sent, keepAlive: keepAlive)
            connections[id] = c
            return
        }
        guard keepAlive else {
            shutdown(c.fd, Int32(SHUT_WR))
            return drop(id)
        }
        c.stage = .head
        c.deadline = deadline(limits.headSeconds)
        connections[id] = c
        advance(id)  // a pipelined request may be waiting in the buffer
    }

    /// Non-blocking and closed on exec (`accept4` and `pipe2` need `_GNU_SOURCE`, which Glibc's
    /// Swift module does not set).
    private static func nonblocking(_ fd: Int32) -> Bool {
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 && fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
    }

    private func drop(_ id: Int) {
        guard let c = connections.removeValue(forKey: id) else { return }
        close(c.fd)
    }
}

extension HTTPServerLoop where Clock == ContinuousClock {
    /// The studio's loop, its deadlines on real time.
    convenience init(port: UInt16, limits: ServerLimits, admit: @escaping Admit, handle: @escaping Handle)
        throws(Failure)
    {
        try self.init(port: port, limits: limits, clock: ContinuousClock(), admit: admit, handle: handle)
    }
}
