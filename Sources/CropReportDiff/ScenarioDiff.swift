import Foundation

/// How one scenario differs between report A and report B. Built by `compare(_:_:)` from the two
/// sides' logs; every field is nil (or empty) where that part of the run is the same.
public struct ScenarioDiff: Equatable, Sendable {
    public enum Presence: String, Equatable, Sendable {
        case both, onlyInA, onlyInB
    }

    /// The pose (scale, translation, angle) over the ticks both runs have.
    public struct Pose: Equatable, Sendable {
        /// The first tick whose pose differs, or where one run has a frame the other lacks.
        public var firstTick: Int
        public var maxScale: Double
        /// The largest distance between the two translations, in points.
        public var maxOffset: Double
        /// Degrees.
        public var maxAngle: Double
        public var ticksA: Int
        public var ticksB: Int
    }

    /// A log compared line by line: how many records each side has, and the first tick where they part.
    public struct Records: Equatable, Sendable {
        public var countA: Int
        public var countB: Int
        public var firstTick: Int
    }

    public struct Verdict: Equatable, Sendable {
        public var a: String
        public var b: String
        public var violationsA: Int
        public var violationsB: Int
        /// What each run failed on first (`summary.json`'s `firstProblem`), nil where it passed.
        public var problemA: String? = nil
        public var problemB: String? = nil
    }

    /// One run simply stopped earlier: every tick both have is the same pose, and the other run
    /// goes on (a settle that takes longer, a gesture cut short).
    public struct Ended: Equatable, Sendable {
        /// "A" or "B": the run that ended first.
        public var side: String
        /// Its last tick, and the other run's.
        public var lastTick: Int
        public var otherLastTick: Int
    }

    public var id: String
    public var name: String
    public var presence: Presence
    public var pose: Pose?
    /// Frames whose lines differ though the pose is equal (phase, grid, limits, slider, touches):
    /// the first such tick.
    public var frameFirstTick: Int?
    /// The `frames.jsonl` fields that differ on the ticks both runs have ("sliderPercent").
    public var frameFields: [String] = []
    /// The run that ended earlier, when that is all that differs about the pose.
    public var ended: Ended?
    /// The declared policies that explain a difference only in policy-governed fields
    /// (`ScenarioDiff.policyFields`), as "sliderMapping logarithmic→linear"; set by `ReportDiff`.
    public var policies: [String] = []
    public var haptics: Records?
    public var tips: Records?
    public var effects: Records?
    public var verdict: Verdict?
    /// B's verdict (A's for a scenario only A holds), for the badge of a row whose verdict is the same.
    public var currentVerdict: String = ""
    /// Other deterministic files that differ (`telemetry.jsonl`, `scenario.resolved.json`, …).
    public var files: [String]

    /// The scenario behaves the same in both reports.
    public var isIdentical: Bool {
        presence == .both && pose == nil && ended == nil && frameFirstTick == nil && haptics == nil && tips == nil
            && effects == nil && verdict == nil && files.isEmpty
    }

    /// The earliest tick at which anything differs; nil when identical or present on one side.
    public var firstTick: Int? {
        [
            pose?.firstTick, ended.map { $0.lastTick + 1 }, frameFirstTick, haptics?.firstTick, tips?.firstTick,
            effects?.firstTick
        ].compactMap { $0 }.min()
    }

    /// A scenario that only one report holds.
    public static func only(_ presence: Presence, _ logs: ScenarioLogs) -> ScenarioDiff {
        var diff = ScenarioDiff(id: logs.id, name: logs.name, presence: presence, files: [])
        diff.currentVerdict = logs.verdict
        return diff
    }

    /// Compares the two runs of one scenario.
    public static func compare(_ a: ScenarioLogs, _ b: ScenarioLogs) -> ScenarioDiff {
        var diff = ScenarioDiff(id: a.id, name: b.name, presence: .both, files: [])
        diff.currentVerdict = b.verdict
        diff.ended = ended(a.frames, b.frames)
        let through = diff.ended?.lastTick ?? Int.max
        diff.pose = comparePose(a.frames, b.frames, through: through)
        if diff.pose == nil {
            // The same ticks on both sides up to `through`: lines compare index by index.
            let ca = a.frames.prefix { $0.tick <= through }.count, cb = b.frames.prefix { $0.tick <= through }.count
            let la = a.frameLines.prefix(ca), lb = b.frameLines.prefix(cb)
            if la != lb {
                diff.frameFirstTick = firstDifference(
                    Array(la), Array(lb), ticks: a.frames.map(\.tick), b.frames.map(\.tick))
                diff.frameFields = Set(
                    (0..<min(ca, cb)).filter { la[$0] != lb[$0] }
                        .flatMap { a.frameFields.differing(row: $0, b.frameFields, row: $0) }
                ).sorted()
            }
        }
        diff.haptics = compareRecords(a.haptics, b.haptics)
        diff.tips = compareRecords(a.tips, b.tips)
        diff.effects = compareRecords(a.effects, b.effects)
        if a.verdict != b.verdict || a.violations != b.violations {
            diff.verdict = Verdict(
                a: a.verdict, b: b.verdict, violationsA: a.violations, violationsB: b.violations,
                problemA: a.problem, problemB: b.problem)
        }
        let names = Set(a.otherFiles.keys).union(b.otherFiles.keys)
        diff.files = names.filter { a.otherFiles[$0] != b.otherFiles[$0] }.sorted()
        return diff
    }

    /// The shorter run, when its ticks are exactly the longer one's up to its end.
    static func ended(_ a: [FrameSample], _ b: [FrameSample]) -> Ended? {
        guard let la = a.last?.tick, let lb = b.last?.tick, la != lb else { return nil }
        let (short, long) = la < lb ? (a, b) : (b, a)
        let last = min(la, lb)
        let head = long.prefix { $0.tick <= last }
        guard head.count == short.count, zip(head, short).allSatisfy({ $0.tick == $1.tick }) else { return nil }
        return Ended(side: la < lb ? "A" : "B", lastTick: last, otherLastTick: max(la, lb))
    }

    /// The pose tick by tick up to tick `through`: nil when every tick of both runs there has the
    /// same scale, translation and angle.
    static func comparePose(_ a: [FrameSample], _ b: [FrameSample], through: Int = Int.max) -> Pose? {
        let a = a.prefix { $0.tick <= through }, b = b.prefix { $0.tick <= through }
        var byTick: [Int: FrameSample] = [:]
        for f in b { byTick[f.tick] = f }
        var pose = Pose(firstTick: Int.max, maxScale: 0, maxOffset: 0, maxAngle: 0, ticksA: a.count, ticksB: b.count)
        var common = 0
        for f in a {
            guard let g = byTick[f.tick] else {
                pose.firstTick = min(pose.firstTick, f.tick)
                continue
            }
            common += 1
            let ds = gap(f.scale, g.scale) { abs($0 - $1) }
            let dt = gap(f.tx, g.tx, f.ty, g.ty) {
                ((f.tx - g.tx) * (f.tx - g.tx) + (f.ty - g.ty) * (f.ty - g.ty)).squareRoot()
            }
            let da = gap(f.angle, g.angle) { abs(remainder($0 - $1, 360)) }  // 359.9° and -0.1° are one pose
            if ds > 0 || dt > 0 || da > 0 { pose.firstTick = min(pose.firstTick, f.tick) }
            pose.maxScale = max(pose.maxScale, ds)
            pose.maxOffset = max(pose.maxOffset, dt)
            pose.maxAngle = max(pose.maxAngle, da)
        }
        if common < b.count {
            let ticksA = Set(a.map(\.tick))
            if let missing = b.first(where: { !ticksA.contains($0.tick) }) {
                pose.firstTick = min(pose.firstTick, missing.tick)
            }
        }
        return pose.firstTick == Int.max ? nil : pose
    }

    /// How far apart two runs' values are by `distance`, when both are finite. A failing model's
    /// pose may be NaN or infinite (its report writes `null` and `1e999`): the same value on both
    /// sides is no difference, and any other pair with one that is not finite is infinitely far.
    static func gap(_ a: Double, _ b: Double, distance: (Double, Double) -> Double) -> Double {
        if a.isFinite && b.isFinite { return distance(a, b) }
        return a == b || (a.isNaN && b.isNaN) ? 0 : .infinity
    }

    /// `gap` over two coordinates: `distance` when all four are finite, else the larger of the
    /// two coordinates' gaps.
    static func gap(_ ax: Double, _ bx: Double, _ ay: Double, _ by: Double, distance: () -> Double) -> Double {
        if ax.isFinite && bx.isFinite && ay.isFinite && by.isFinite { return distance() }
        return max(gap(ax, bx) { abs($0 - $1) }, gap(ay, by) { abs($0 - $1) })
    }

    /// Two logs line by line: nil when equal, else the counts and the first tick where they part.
    static func compareRecords(_ a: [LogLine], _ b: [LogLine]) -> Records? {
        guard a != b else { return nil }
        let tick = firstDifference(a.map(\.text), b.map(\.text), ticks: a.map(\.tick), b.map(\.tick)) ?? 0
        return Records(countA: a.count, countB: b.count, firstTick: tick)
    }

    /// The tick of the first line that differs (the earlier of the two lines' ticks), or of the
    /// first line only one side has.
    static func firstDifference<Line: Equatable>(_ a: [Line], _ b: [Line], ticks ta: [Int], _ tb: [Int]) -> Int? {
        let i = zip(a, b).prefix { $0 == $1 }.count
        guard i < max(a.count, b.count) else { return nil }
        return [ta.indices.contains(i) ? ta[i] : nil, tb.indices.contains(i) ? tb[i] : nil].compactMap { $0 }.min()
    }
}
