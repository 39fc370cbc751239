import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM while an output folder is replaced (`MarkedFolder`, from `register` to
/// `unregister`): the run exits with 128 + the signal (130, 143), as a shell would, and the folder
/// is complete: the previous one if the signal came before the swap (the staged one is removed),
/// the new one if it came after (the old one is removed). Outside that span the signals keep
/// their default action, which ends the process at once; a signal the process was started with
/// ignored stays ignored throughout. SIGKILL cannot be caught: what it leaves is removed by the
/// next run (`MarkedFolder.recover`).
///
/// No signal is lost, however late it comes. The handler only records it (all a signal handler
/// may do) and wakes the watcher, which removes the staged folder and exits. The run checks the
/// record too, under the lock the watcher takes: in `exclusive`, so that a report is never
/// swapped in after a signal, and in `unregister`, so that a signal the watcher has not got to
/// yet still ends the run with 128 + n rather than 0. That check misses nothing because the
/// handler runs on the registering thread, the only one that lets these signals in (dispatch's
/// threads block them; `ConcurrentIO` starts its threads with them blocked).
///
/// Not a `DispatchSource` signal source: on Linux its handler runs only after dispatch's event
/// thread has read the signal from a `signalfd`, and by then the run may have exited 0.
///
/// A command that starts model processes (`--model`) holds the same handler from then until it
/// exits (`endOnInterrupt`): the models run in process groups of their own, so the terminal's
/// SIGINT never reaches them, and the default action would leave them running. The watcher ends
/// them (`ModelGroups.endAll`: SIGTERM, then SIGKILL) before the exit with 128 + n; a swap in
/// between no longer gives the default actions back.
public enum Interrupts {
    struct Paths {
        var staging: String?
        var trash = ""
        var also: [String] = []
        /// The marker file, deleted last.
        var marker = ""
    }

    static let signals = [SIGINT, SIGTERM]
    private static let paths = Mutex(Paths())
    /// The first signal received, 0 until then. Written by the handler.
    private static let received = Atomic<Int32>(0)
    /// The handler writes a byte into it to wake the watcher. Close-on-exec, so that no model
    /// process holds it; the writing end never blocks.
    private static let wake: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        return (fds[0], fds[1])
    }()
    /// Made by the first `register`, under `paths`.
    nonisolated(unsafe) private static var watcher: (any DispatchSourceRead)?
    /// The signals' actions before the first `register` (their default ones, or ignored as in a
    /// script's background job), given back by `unregister`. Read and written under `paths`.
    nonisolated(unsafe) private static var actions: [Int32: sigaction] = [:]
    /// What `endOnInterrupt` gave: run by the watcher before it exits. Read and written under `paths`.
    nonisolated(unsafe) private static var ending: (@Sendable (Int32) -> Void)?

    static func register(staging: String, trash: String, also: [String], markedBy marker: String) {
        paths.withLock { p in
            p = Paths(staging: staging, trash: trash, also: also, marker: marker)
            install()
        }
    }

    /// From now until the process exits, SIGINT and SIGTERM run `end` (given the signal) and then
    /// exit with 128 + n, as during a swap: for processes cropsim started that the signal does not
    /// reach. A signal the process was started with ignored stays ignored.
    public static func endOnInterrupt(_ end: @escaping @Sendable (Int32) -> Void) {
        paths.withLock { _ in
            ending = end
            install()
        }
    }

    /// Makes the watcher and saves the previous actions the first time, and sets the handler.
    /// The caller holds `paths`.
    private static func install() {
        if watcher == nil {
            // The statics the handler reads are made here: a first access is not signal-safe.
            _ = received.load(ordering: .relaxed)
            watcher = makeWatcher()  // and `wake`
            for number in signals { sigaction(number, nil, &actions[number, default: sigaction()]) }
        }
        for number in signals where !ignored(actions[number]!) { signal(number, handle) }
    }

    /// Gives the signals their previous actions back, then exits with 128 + n if one was
    /// received (what is still staged is removed; a report already swapped in stays). In that
    /// order, a signal is either recorded by the check or meets the previous action.
    static func unregister() {
        paths.withLock { p in
            if ending == nil {
                for number in signals { sigaction(number, &actions[number]!, nil) }
            }
            if let number = recorded { interrupted(by: number, p) }
            p = Paths()
        }
    }

    /// Runs `body` (the swap) so that no interrupt is handled while it runs, and only if none has
    /// been received: one received before keeps the previous report.
    static func exclusive<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try paths.withLock { p throws(E) -> T in
            if let number = recorded { interrupted(by: number, p) }
            return try body()
        }
    }

    /// Runs `body` with SIGINT and SIGTERM blocked on this thread; threads it starts keep them
    /// blocked.
    static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var set = sigset_t(), previous = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// A signal the process was started with ignored stays ignored.
    private static func ignored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private static var recorded: Int32? {
        let number = received.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    /// Records the signal and wakes the watcher, nothing else: a signal handler may only make
    /// async-signal-safe calls. `errno` is kept for the code it interrupted, and installed with
    /// `signal` (glibc: `SA_RESTART`) it lets that code's system calls go on rather than fail.
    private static let handle: @convention(c) (Int32) -> Void = { number in
        let saved = errno
        _ = Interrupts.received.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 0
        _ = write(Interrupts.wake.write, &byte, 1)
        errno = saved
    }

    private static func makeWatcher() -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: wake.read, queue: .global())
        source.setEventHandler {
            paths.withLock { p in
                if let number = recorded { interrupted(by: number, p) }
            }
        }
        source.resume()
        return source
    }

    /// Removes what of the folder is not complete and in place, then exits. The caller holds the
    /// lock, so it sees the new report still staged (and deletes it) or already in place (and
    /// deletes the old one), never half a swap.
    private static func interrupted(by signalNumber: Int32, _ p: Paths) -> Never {
        ending?(signalNumber)
        if let staging = p.staging {
            // Out of the writer's way first: its next write into the staging path fails.
            let victim = rename(staging, p.trash) == 0 ? p.trash : staging
            Folders.remove(victim, last: p.marker)
            for other in p.also + [p.trash] where access(other, F_OK) == 0 { Folders.remove(other, last: p.marker) }
        }
        _exit(128 + signalNumber)
    }
}
