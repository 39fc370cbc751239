import Foundation

/// One session's share of simulation CPU: a token bucket that fills at `rate` CPU-seconds per
/// second up to `burst`, and that each of the session's runs (batch, open, save) drains by the
/// thread CPU time it took. A session in debt waits before its next run until the bucket is back
/// at zero; meanwhile the page keeps queueing input, and the next batch carries all of it (the
/// frames lag, nothing is lost, as when any batch is slow; docs/studio.md, "The server").
///
/// Why: a batch re-runs its recording from tick 0, so a 118 s recording costs ~0.1–0.5 s of CPU
/// a batch, and a page keeps one batch in flight at all times. Without a share, one such session
/// keeps a simulation thread busy for good; with it, it uses at most about half a core over time
/// and the others (and a designer's short recordings, which stay far under it) get their turn.
struct CPUBudget: Sendable {
    /// CPU-seconds a session earns per second of wall time: half a core.
    static let rate = 0.5
    /// The most a session may save up: one second of CPU at once.
    static let burst = 1.0

    private(set) var balance = burst
    private var updated = ContinuousClock.now

    /// Seconds to wait before the next run (0 when the bucket is not in debt).
    mutating func wait(now: ContinuousClock.Instant = .now) -> Double {
        refill(now)
        return balance >= 0 ? 0 : -balance / Self.rate
    }

    /// Charges a run's CPU time.
    mutating func charge(_ cpuSeconds: Double, now: ContinuousClock.Instant = .now) {
        refill(now)
        balance -= max(0, cpuSeconds)
    }

    private mutating func refill(_ now: ContinuousClock.Instant) {
        let elapsed = now - updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        balance = min(Self.burst, balance + max(0, seconds) * Self.rate)
        updated = now
    }
}
