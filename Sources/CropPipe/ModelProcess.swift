import CropText
import CropVocabulary
import Glibc
import Synchronization

/// A model running as a process of its own, spoken to over its standard input and output
/// (docs/model-protocol.md). It is hostile input like any file: every exchange has a deadline,
/// a reply line is bounded, standard error is drained as it comes (its last lines kept), and
/// whatever the process does — crash, hang, flood, ignore its input closing — cropsim neither
/// waits past the deadline nor holds more than one line of it.
public final class ModelProcess: @unchecked Sendable {
    /// The command line, as given to `--model`.
    public let command: String
    /// Who the model said it is in the handshake.
    public private(set) var identity = ModelIdentity(name: "?", version: "", capabilities: [])
    /// Set once the process failed; it answers nothing more and is gone.
    public private(set) var failure: ModelFailure?
    /// The protocol version spoken after the handshake: 2 when the model offered it
    /// (docs/model-protocol.md#version-2-binary), else 1.
    public private(set) var version = 1
    /// The kind of the last message received (version 1's lines are all `json`).
    public private(set) var lastKind = WireFrame.Kind.json
    /// The model declared the snapshot messages in its handshake (`WireSnapshots`).
    public private(set) var snapshots = false
    /// The snapshot handles the model gave in this session and cropsim has not released.
    var held: Set<Int> = []
    public let timeout: Double
    /// The deadline of the snapshot exchanges; nil (as cropsim runs) means `timeout`, like every
    /// request. A pool may give them one of their own (`ModelProcessPool.snapshotTimeout`).
    var snapshotTimeout: Double?
    private let pid: pid_t
    /// The inode numbers of its three pipes, by which a process that holds one is found.
    private let pipes: Set<UInt64>
    private var input: Int32, output: Int32, errors: Int32
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var stderrTail = StderrTail()
    private var nextID = 0

    /// The longest reply line taken (docs/model-protocol.md#framing): a step's reply is about a
    /// hundred kilobytes, and what is read is held until its newline.
    public static let maxLine = 16 << 20
    /// The handshake's deadline, twice a request's: a model may start a runtime first.
    var startTimeout: Double { 2 * timeout }

    /// Why a model could not be started or refused the handshake: a usage error of the command
    /// line, not a find.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `command` (through `/bin/sh -c`, in a process group of its own) and shakes hands.
    public static func start(_ command: String, timeout: Double) throws(StartError) -> ModelProcess {
        signal(SIGPIPE, SIG_IGN)  // a model that exits while being written to must not take cropsim with it
        let process = try spawn(command, timeout: timeout)
        do {
            try process.handshake()
        } catch {
            process.terminate()
            throw error
        }
        return process
    }

    private init(command: String, timeout: Double, pid: pid_t, input: Int32, output: Int32, errors: Int32) {
        self.command = command
        self.timeout = timeout
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        pipes = Set([input, output, errors].map(ModelGroups.inode))
        ModelGroups.started(pid, pipes: pipes)
    }

    deinit { terminate() }

    // MARK: Exchanges

    /// Sends one request (the members after `type` and `id`, written by `body`) and returns the
    /// reply line, or fails the process.
    func exchange(_ type: StaticString, deadline: Double? = nil, _ body: (inout WireWriter) -> Void) -> WireLine? {
        send(type, body)
        return receive(deadline: deadline ?? timeout)
    }

    /// Queues one request for the model and writes as much of it as the pipe takes now; the rest
    /// goes out while `receive` waits. Requests may run ahead of replies: the model answers them
    /// in order (docs/model-protocol.md#framing).
    public func send(_ type: StaticString, _ body: (inout WireWriter) -> Void) {
        ModelGroups.parkIfEnding()
        guard failure == nil else { return }
        var w = WireWriter(capacity: 4096)
        let mark = version == 2 ? w.beginFrame(.json) : 0
        w.raw("{\"type\":\"")
        w.raw(type)
        w.raw("\",\"id\":")
        w.int(nextID)
        body(&w)
        if version == 2 {
            w.byte(UInt8(ascii: "}"))
            w.endLength(at: mark)
        } else {
            w.raw("}\n")
        }
        queue(w)
    }

    /// Queues a version-2 `step` frame: its id, the number of ops and the ops as written.
    public func sendStep(_ ops: WireWriter, count: Int) {
        ModelGroups.parkIfEnding()
        guard failure == nil else { return }
        var w = WireWriter(capacity: ops.count + 32)
        let mark = w.beginFrame(.step)
        w.u64(UInt64(nextID))
        w.u32(UInt32(count))
        w.append(ops)
        w.endLength(at: mark)
        queue(w)
    }

    private func queue(_ w: WireWriter) {
        sent.append(nextID)
        nextID += 1
        outgoing += w.bytes
        writeSome()
    }

    /// The ids of requests sent and not yet answered, oldest first.
    private var sent: [Int] = []

    /// The id of the request the last line received answers (the line must carry it too).
    public private(set) var answeredID = 0

    /// The next reply line, within `deadline` seconds, while the queued requests are written and
    /// standard error is drained; nil when the process failed.
    func receive(deadline: Double) -> WireLine? {
        guard failure == nil, !sent.isEmpty else { return nil }
        let end = Self.now() + deadline
        while true {
            ModelGroups.parkIfEnding()
            let taken: WireLine?
            do throws(WireError) { taken = version == 2 ? try takeFrame() : takeLine() } catch {
                fail(.malformed, "a reply that is no frame: \(error.message)")
                return nil
            }
            if let line = taken {
                answeredID = sent.removeFirst()
                return line
            }
            if pending.count - pendingStart > Self.maxLine {
                fail(.malformed, "a reply line longer than \(Self.maxLine >> 20) MiB")
                return nil
            }
            let left = end - Self.now()
            if left <= 0 {
                fail(.hung, "no reply within \(formatSeconds(deadline)) s")
                return nil
            }
            var fds = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
                pollfd(fd: outgoing.isEmpty ? -1 : input, events: Int16(POLLOUT), revents: 0)
            ]
            // At most 100 ms per wait: a model that exits while another process (one it started)
            // holds its standard output gives no end of file, only its exit status.
            let ready = poll(&fds, 3, Int32(min(left * 1000 + 1, 100)))
            if ready < 0 && errno != EINTR {
                fail(.crashed, "poll failed: \(String(cString: strerror(errno)))"); return nil
            }
            if fds[1].revents != 0 { drainErrors() }
            if fds[2].revents != 0, !writeSome() { _ = died("it closed its input"); return nil }
            if fds[0].revents != 0 {
                let n = read(output, &chunk, min(chunk.count, Self.maxLine + 1 - (pending.count - pendingStart)))
                if n > 0 {
                    pending += chunk[..<n]
                } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                    outputEnded()
                    return nil
                }
            } else if reap(wait: false) != nil {
                _ = died("it exited")
                return nil
            }
        }
    }

    /// Marks the process failed (it broke the protocol, or went silent) and stops it.
    public func fail(_ kind: ModelFailure.Kind, _ message: String) {
        guard failure == nil else { return }
        // Messages quote the model (an error reply's text, a reply's values): escaped and cut here,
        // once for every failure a reply can cause.
        failure = ModelFailure(kind: kind, message: shownText(message, limit: 1000), stderrTail: stderrTail.lines)
        kill(-pid, SIGKILL)
        reap(wait: true)
        endPipeHolders()
    }

    /// Bytes of requests not yet taken by the pipe.
    private var outgoing: [UInt8] = []

    /// Writes what the pipe takes without blocking; false when the model's input is gone.
    @discardableResult private func writeSome() -> Bool {
        while !outgoing.isEmpty {
            let n = outgoing.withUnsafeBytes { write(input, $0.baseAddress!, $0.count) }
            if n > 0 {
                outgoing.removeFirst(n)
            } else {
                return n < 0 && (errno == EAGAIN || errno == EINTR)
            }
        }
        return true
    }

    /// Where the unread part of `pending` starts, and how far it has been searched for a newline.
    private var pendingStart = 0
    private var searched = 0

    /// A complete line from what has been read, if there is one.
    private func takeLine() -> WireLine? {
        let from = max(searched, pendingStart)
        let found = pending.withUnsafeBytes { p -> Int? in
            guard from < p.count, let hit = memchr(p.baseAddress! + from, 0x0A, p.count - from) else { return nil }
            return UnsafeRawPointer(hit) - p.baseAddress!
        }
        guard let newline = found else {
            searched = pending.count
            return nil
        }
        let line = pending.withUnsafeBytes { WireLine(UnsafeRawBufferPointer(rebasing: $0[pendingStart..<newline])) }
        pendingStart = newline + 1
        searched = pendingStart
        if pendingStart == pending.count || pendingStart > 1 << 20 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
            searched = 0
        }
        return line
    }

    /// A complete version-2 frame's payload from what has been read, if there is one (its kind
    /// in `lastKind`). The header is checked as soon as it is in.
    private func takeFrame() throws(WireError) -> WireLine? {
        guard let (kind, length) = try WireFrame.header(pending, at: pendingStart) else { return nil }
        let start = pendingStart + WireFrame.headerSize
        guard pending.count - start >= length else { return nil }
        let payload = pending.withUnsafeBytes { WireLine(UnsafeRawBufferPointer(rebasing: $0[start..<start + length])) }
        lastKind = kind
        pendingStart = start + length
        if pendingStart == pending.count || pendingStart > 1 << 20 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        return payload
    }

    /// The reply pipe reached its end: the process exited (`crashed`, with how), or it closed its
    /// standard output and runs on (`closedOutput`) — either way no reply can come, so it is said
    /// at once rather than as `hung` after the deadline. Exiting closes the pipe a moment before
    /// the exit status can be read: up to 100 ms is given for it.
    private func outputEnded() {
        for _ in 0..<10 where reap(wait: false) == nil { usleep(10_000) }
        if reap(wait: false) == nil {
            drainErrors()
            fail(.closedOutput, "it closed its standard output but kept running")
        } else {
            died("it exited")
        }
    }

    /// The process closed its end: find out how it ended and fail the trace with that.
    @discardableResult private func died(_ what: String) -> [UInt8]? {
        drainErrors()
        let status =
            reap(wait: false)
            ?? {
                usleep(20_000); return reap(wait: false)
            }()
        let how = status.map(Self.describe) ?? what
        fail(.crashed, "the process ended mid-run (\(how))")
        return nil
    }

    // MARK: Handshake

    private func handshake() throws(StartError) {
        guard let line = exchange("hello", deadline: startTimeout, { $0.raw(",\"protocol\":[1]") }) else {
            throw StartError(description: "the model did not answer the handshake: \(failure!.message)\(stderrNote)")
        }
        var r = WireReader(line)
        var version: Int?
        var id = ModelIdentity(name: "", version: "", capabilities: [])
        var error: String?
        var offers: [Int] = []
        do throws(WireError) {
            try r.beginObject()
            while let key = try r.nextKey() {
                if key.is("type") {
                    let type = try r.string()
                    if type == "error" {
                        error = "the model refused the handshake"
                    } else if type != "hello" {
                        throw WireError("expected a hello reply, got \"\(type)\"", violation: true)
                    }
                } else if key.is("id") {
                    _ = try r.int(in: 0...0)
                } else if key.is("protocol") {
                    version = try r.int(in: 0...Int(Int32.max))
                } else if key.is("offers") {
                    offers = try Self.offers(&r)
                } else if key.is(WireSnapshots.handshakeField) {
                    snapshots = try r.bool()
                } else if key.is("code") {
                    _ = try r.number()
                } else if key.is("message") {
                    error = (error ?? "the model refused the handshake") + ": " + (try r.string())
                } else {
                    try r.identity(key, into: &id)
                }
            }
            try r.end()
        } catch {
            throw StartError(description: "the model's handshake is not protocol version 1: \(error.message)")
        }
        if let error { throw StartError(description: error) }
        guard version == WireProtocol.version else {
            throw StartError(
                description:
                    "the model speaks protocol version \(version.map(String.init) ?? "none"); cropsim speaks \(WireProtocol.version)"
            )
        }
        guard !id.name.isEmpty else { throw StartError(description: "the model's handshake has no model.name") }
        identity = id
        if offers.contains(2) { self.version = 2 }
    }

    /// The versions a model offers besides version 1 (`"offers":[2]`): at most 16 integers;
    /// versions cropsim does not know are passed over.
    private static func offers(_ r: inout WireReader) throws(WireError) -> [Int] {
        var versions: [Int] = []
        try r.beginArray()
        while try r.nextElement() {
            guard versions.count < 16 else { throw WireError("more than 16 offered versions", violation: true) }
            versions.append(try r.int(in: 0...Int(Int32.max)))
        }
        return versions
    }

    /// Once its group is gone, ends any process that still holds one of its pipes: one that left
    /// the group (`setsid`) holding standard output would keep the pipe from its end and outlive
    /// cropsim. Waits up to 100 ms for the group's own members to finish dying before looking.
    private func endPipeHolders() {
        func closedByAll() -> Bool {
            var fds = [pollfd(fd: output, events: 0, revents: 0), pollfd(fd: errors, events: 0, revents: 0)]
            return poll(&fds, 2, 0) == 2 && fds.allSatisfy { $0.revents & Int16(POLLHUP) != 0 }
        }
        for _ in 0..<10 where !closedByAll() { usleep(10_000) }
        guard !closedByAll() else { return }
        ModelGroups.killHolders(of: pipes)
    }

    private var stderrNote: String { stderrTail.lines.last.map { " (its last words: \($0))" } ?? "" }

    // MARK: Ending

    /// Closes the model's input and gives it 1 s to exit, then SIGTERM, then SIGKILL (its whole
    /// process group), and reaps it.
    public func terminate() {
        ModelGroups.parkIfEnding()
        guard input >= 0 else { return }
        close(input)
        input = -1
        if failure == nil {
            for _ in 0..<50 where reap(wait: false) == nil { usleep(20_000) }
            if reap(wait: false) == nil { kill(-pid, SIGTERM) }
            for _ in 0..<25 where reap(wait: false) == nil { usleep(20_000) }
        }
        kill(-pid, SIGKILL)
        reap(wait: true)
        endPipeHolders()
        close(output)
        close(errors)
    }

    private var status: Int32?

    /// The exit status once the process ended (waiting for it with `wait`).
    @discardableResult private func reap(wait: Bool) -> Int32? {
        if let status { return status }
        var s: Int32 = 0
        let r = waitpid(pid, &s, wait ? 0 : WNOHANG)
        if r == pid {
            status = s
            ModelGroups.ended(pid)
        }
        return status
    }

    /// How the process ended. The model runs under `/bin/sh -c`, which reports a child killed by
    /// signal N as exit status 128 + N: both read as the signal.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        let code = (status >> 8) & 0xFF
        if signal == 0 && code <= 128 { return "exit status \(code)" }
        let number = signal == 0 ? code - 128 : signal
        let name =
            [
                SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                SIGILL: "SIGILL",
                SIGTERM: "SIGTERM"
            ][number].map { " (\($0))" } ?? ""
        return signal == 0
            ? "exit status \(code): killed by signal \(number)\(name)" : "killed by signal \(number)\(name)"
    }

    private func drainErrors() {
        while true {
            let n = read(errors, &chunk, chunk.count)
            guard n > 0 else { return }
            stderrTail.append(chunk[..<n])
        }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    // MARK: Spawning

    /// Pipes are made and marked close-on-exec, and the child spawned, one model at a time:
    /// another thread's child must not inherit this one's pipe ends (its input would never close).
    private static let spawning = Mutex(())

    private static func spawn(_ command: String, timeout: Double) throws(StartError) -> ModelProcess {
        do {
            return try spawning.withLock { _ throws(StartError) in try spawnLocked(command, timeout: timeout) }
        } catch {
            throw error
        }
    }

    private static func pipeCloseOnExec() -> [Int32]? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fds
    }

    private static func spawnLocked(_ command: String, timeout: Double) throws(StartError) -> ModelProcess {
        ModelGroups.parkIfEnding()
        guard let toChild = pipeCloseOnExec(), let fromChild = pipeCloseOnExec(),
            let fromChildErrors = pipeCloseOnExec()
        else {
            throw StartError(description: "cannot make pipes for the model: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fromChildErrors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        [toChild[0], fromChild[1], fromChildErrors[1]].forEach { close($0) }
        guard result == 0 else {
            [toChild[1], fromChild[0], fromChildErrors[0]].forEach { close($0) }
            throw StartError(description: "cannot start the model: \(String(cString: strerror(result)))")
        }
        for fd in [toChild[1], fromChild[0], fromChildErrors[0]] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return ModelProcess(
            command: command, timeout: timeout, pid: pid, input: toChild[1], output: fromChild[0],
            errors: fromChildErrors[0])
    }
}

/// The last lines a model wrote on standard error, each cut to 500 bytes: kept beside a find,
/// bounded however much it writes.
struct StderrTail {
    static let lineCount = 20
    static let lineLength = 500
    private var complete: [String] = []
    private var partial: [UInt8] = []

    /// The last lines, the one still being written included, escaped (`shownText`): they are
    /// quoted in messages and reports, and a model's stderr may hold escape sequences.
    var lines: [String] {
        let all = partial.isEmpty ? complete : complete + [String(decoding: partial, as: UTF8.self)]
        return all.suffix(Self.lineCount).map { shownText($0) }
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        for b in bytes {
            if b == 0x0A {
                finishLine()
            } else if partial.count < Self.lineLength {
                partial.append(b)
            }
        }
    }

    private mutating func finishLine() {
        complete.append(String(decoding: partial, as: UTF8.self))
        if complete.count > Self.lineCount { complete.removeFirst(complete.count - Self.lineCount) }
        partial.removeAll(keepingCapacity: true)
    }
}

func formatSeconds(_ t: Double) -> String {
    t == t.rounded() ? String(Int(t)) : String(t)
}
