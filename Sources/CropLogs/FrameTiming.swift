import CGSL
import CropSim
import CropVocabulary

/// Measured model time per tick: `frame-timing.jsonl` and its statistics. Kept apart from the
/// deterministic logs because two runs never measure the same nanoseconds.
public struct FrameTimingStatistics: Sendable, Codable, Hashable {
    /// The 60 Hz frame budget.
    public static let budgetNanoseconds: Int64 = 16_666_667

    public var ticks: Int
    public var p50Ns: Double
    public var p90Ns: Double
    public var p95Ns: Double
    public var p99Ns: Double
    public var maxNs: Double
    public var meanNs: Double
    public var overBudget: Int
    /// Time spent past the budget per second of run, in ms/s (the "hitch time ratio").
    public var hitchMsPerSecond: Double

    /// Quantiles with GSL's `gsl_stats_quantile_from_sorted_data` (linear interpolation).
    public init(_ samples: [Int64]) {
        let sorted = samples.map(Double.init).sorted()
        ticks = sorted.count
        func quantile(_ q: Double) -> Double {
            sorted.isEmpty
                ? 0
                : sorted.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, q) }
        }
        p50Ns = quantile(0.5)
        p90Ns = quantile(0.9)
        p95Ns = quantile(0.95)
        p99Ns = quantile(0.99)
        maxNs = sorted.last ?? 0
        meanNs = sorted.isEmpty ? 0 : sorted.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
        let budget = Double(Self.budgetNanoseconds)
        overBudget = sorted.filter { $0 > budget }.count
        let hitchNs = sorted.reduce(0) { $0 + max(0, $1 - budget) }
        let seconds = Double(max(ticks, 1)) / Double(TickClock.ticksPerSecond)
        hitchMsPerSecond = hitchNs / 1e6 / seconds
    }

    /// Whether a run's model times were measured: a clock never reads 0 ns for a real call.
    public static func measured(_ samples: [Int64]) -> Bool { samples.contains { $0 > 0 } }

    public static func jsonLines(_ samples: [Int64]) -> String {
        var out = ""
        for (tick, ns) in samples.enumerated() {
            out += "{\"tick\":\(tick),\"modelNs\":\(ns),\"overBudget\":\(ns > budgetNanoseconds)}\n"
        }
        return out
    }
}
