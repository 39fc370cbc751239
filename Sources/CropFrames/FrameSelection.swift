import CropSim
import CropVocabulary

/// Which ticks a filmstrip or contact sheet shows: evenly spaced ones for the shape of the run,
/// plus the ticks where something happened (violations first, then haptics), up to a cap.
public enum FrameSelection {
    public static func ticks(for result: RunResult, evenly: Int = 7, cap: Int = 16) -> [Int] {
        guard let last = result.frames.last?.tick else { return [] }
        var chosen = Set<Int>()
        let count = max(1, min(evenly, last + 1))
        for k in 0..<count {
            chosen.insert(count == 1 ? 0 : Int((Double(k) * Double(last) / Double(count - 1)).rounded()))
        }
        let events = result.violations.map(\.tick).sorted() + result.haptics.map(\.tick)
        for t in events where chosen.count < cap {
            chosen.insert(min(max(t, 0), last))
        }
        return chosen.sorted()
    }

    /// The frame record at `tick` (frames are one per tick from 0, but a run may have gaps).
    package static func frame(_ frames: [FrameRecord], at tick: Int) -> FrameRecord? {
        if frames.indices.contains(tick), frames[tick].tick == tick { return frames[tick] }
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].tick < tick { lo = mid + 1 } else { hi = mid }
        }
        return lo < frames.count ? frames[lo] : frames.last
    }
}
