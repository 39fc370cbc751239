import CropSim

/// What a run keeps of a scenario once its folder is on disk: enough for `summary.json`,
/// `junit.xml`, `index.html` and the terminal table, and nothing per tick. A suite of thousands
/// holds one of these per scenario instead of every frame, effect and sample of every scenario
/// (issue 36: peak memory flat in the number of scenarios).
public struct FinishedScenario: Sendable {
    /// The result without its frames, its per-tick model times, its effects other than haptics
    /// (counted in the summary), its scenario's steps and checkpoints, and the final model, backend
    /// and geometry (written to the scenario's folder already); violations and failed expectations stay, for the
    /// reports that list them.
    public var result: RunResult
    /// The measured model time per tick, summarized.
    public var timing: FrameTimingStatistics
    /// Whether model time was measured at all (an editor over the model protocol is not).
    public var measured: Bool
    public var wallSeconds: Double

    public init(_ r: RunResult, wallSeconds: Double) {
        timing = FrameTimingStatistics(r.modelNanoseconds)
        measured = FrameTimingStatistics.measured(r.modelNanoseconds)
        self.wallSeconds = wallSeconds
        var kept = r
        kept.frames = []
        kept.modelNanoseconds = []
        kept.effects = r.effects.filter { if case .haptic = $0.effect { true } else { false } }
        kept.scenario.steps = []
        kept.scenario.checkpoints = []
        kept.geometry = nil
        kept.final = nil
        kept.backend = nil
        result = kept
    }
}

extension Array where Element == FinishedScenario {
    /// The results and wall times, for the reports that take them so.
    public var results: [RunResult] { map(\.result) }
    public var wallSeconds: [String: Double] {
        Dictionary(map { ($0.result.scenario.id, $0.wallSeconds) }, uniquingKeysWith: { a, _ in a })
    }
}
