import Foundation
import Synchronization

/// The threads the studio's simulations run on, apart from the concurrency pool that answers
/// requests, so that the page and the API never wait behind a simulation (issue 34: eight
/// sessions re-running 118 s recordings held both of the pool's threads, and `GET /` took up to
/// 6.7 s).
///
/// A fixed number of threads (`threads`) take jobs first come, first served; at most `maxQueued`
/// wait, and a job past that is refused at once (the caller answers 503) rather than held. The
/// threads run at a lower priority (nice +10, Linux's per-thread nice): when the machine is short
/// of CPU, the server's own threads (the HTTP loop, the concurrency pool) are scheduled first, and
/// a simulation takes what is left. A model process started from one of these threads inherits
/// the priority, its replies being simulation work too.
final class SimulationPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        /// At most `maxQueued`: taken from the front (a job kept after it ran would keep what it
        /// captured — a session and its run — alive).
        var jobs: [Job] = []
        var stopping = false
        var waiting: Int { jobs.count }
    }

    /// How the nice value of each thread is raised.
    static let niceIncrement: Int32 = 10

    let threads: Int
    let maxQueued: Int
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    init(threads: Int, maxQueued: Int) {
        self.threads = max(1, threads)
        self.maxQueued = max(0, maxQueued)
        for index in 0..<self.threads {
            let thread = Thread { [self] in work() }
            thread.name = "cropsim-studio-sim-\(index)"
            thread.start()
        }
    }

    /// Runs `job` on one of the pool's threads and returns its result with the thread CPU time it
    /// took (seconds); nil when `maxQueued` jobs are waiting already.
    func run<T: Sendable>(_ job: @escaping @Sendable () -> T) async -> (value: T, cpuSeconds: Double)? {
        await withCheckedContinuation { (continuation: CheckedContinuation<(value: T, cpuSeconds: Double)?, Never>) in
            let queued = state.withLock { state -> Bool in
                guard !state.stopping, state.waiting < maxQueued else { return false }
                state.jobs.append {
                    let start = Self.threadCPUSeconds()
                    let value = job()
                    continuation.resume(returning: (value, Self.threadCPUSeconds() - start))
                }
                return true
            }
            if queued { ready.signal() } else { continuation.resume(returning: nil) }
        }
    }

    /// Jobs queued and not yet started.
    var waiting: Int { state.withLock { $0.waiting } }

    /// Ends the threads once the jobs already queued are done.
    func stop() {
        state.withLock { $0.stopping = true }
        for _ in 0..<threads { ready.signal() }
    }

    private func work() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceIncrement)
        while true {
            ready.wait()
            let job = state.withLock { state -> Job? in state.jobs.isEmpty ? nil : state.jobs.removeFirst() }
            guard let job else {
                if state.withLock({ $0.stopping }) { return }
                continue
            }
            job()
        }
    }

    /// CPU time of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
