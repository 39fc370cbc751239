import Foundation
import Synchronization

/// System calls that mostly wait for the disk, run on several threads so the waits overlap.
/// Dispatch's pool is sized for CPU work (one thread per core), which leaves a 2-core machine
/// waiting for one unlink at a time; these threads only sleep in the kernel.
enum ConcurrentIO {
    static let threads = 8

    static func forEach(_ items: [String], _ body: @escaping @Sendable (String) -> Void) {
        guard items.count > 1 else { return items.forEach(body) }
        let next = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let count = min(threads, items.count)
        let work = items
        // Started with SIGINT and SIGTERM blocked: the thread that replaces a report folder must
        // be the one they are delivered to (see `Interrupts`).
        Interrupts.withSignalsBlocked {
            for _ in 0..<count {
                Thread.detachNewThread {
                    while true {
                        let i = next.add(1, ordering: .relaxed).oldValue
                        guard i < work.count else { break }
                        body(work[i])
                    }
                    done.signal()
                }
            }
        }
        for _ in 0..<count { done.wait() }
    }
}
