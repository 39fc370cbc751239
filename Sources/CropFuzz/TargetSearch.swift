/// Targeted property-based search (Löscher & Sagonas, ISSTA 2017) on the choice sequence: one
/// worker's hill climb toward traces of high `TargetUtility`.
///
/// The worker keeps the choice sequence of the best utility it has seen. One run in `every`
/// replays a neighbour of it instead of fresh random choices: one to three edits of the kinds the
/// shrinker makes (delete a step or a chunk, lower a choice) plus nudges (a choice ±1 within its
/// bound, which moves a `near` draw between the exact point, ±1 ulp and ±1 tolerance; a choice
/// redrawn; a step repeated). A neighbour replaces the best when its utility is at least as high
/// (so the climb drifts along plateaus); a fresh run only when it is higher.
///
/// Which runs are neighbours and the edits they make depend only on (seed, run); the best depends
/// on the runs this worker judged before, so with `--jobs 1` a campaign is a pure function of its
/// seed, and with several jobs the runs differ with how runs fall to workers.
public struct TargetSearch {
    /// One run in `every` is a neighbour (2: every other run).
    public let every: Int
    private var best: (choices: [UInt32], bounds: [Int], spans: [Range<Int>], utility: Double)?

    public init(every: Int = 2) {
        precondition(every >= 2)
        self.every = every
    }

    /// The best utility so far (nil before the first run).
    public var bestUtility: Double? { best?.utility }

    /// Where run `run`'s choices come from: a neighbour of the best, or fresh random choices.
    public func reader(seed: UInt64, run: Int) -> ChoiceReader {
        guard let best, run % every != 0 else { return .random(seed: seed, run: run) }
        let rng = MersenneTwister(seed: MersenneTwister.runSeed(seed ^ 0x7461_7267_6574_6564, run: run))
        var values = best.choices
        for _ in 0...Int(rng.next(below: 3)) { Self.edit(&values, bounds: best.bounds, spans: best.spans, rng: rng) }
        return .replay(ChoiceSequence(values))
    }

    /// Keeps run `run`'s choices when their utility beats the best (or ties it, for a neighbour).
    public mutating func consider(_ reader: ChoiceReader, run: Int, utility: Double) {
        let neighbour = best != nil && run % every != 0
        if let best, neighbour ? utility < best.utility : utility <= best.utility { return }
        best = (reader.recorded, reader.bounds, reader.spans, utility)
    }

    /// One random edit of `values`; `bounds` and `spans` describe the sequence before any edit,
    /// so after a deletion they are a guess, which a replay tolerates (out of range reads as 0).
    static func edit(_ values: inout [UInt32], bounds: [Int], spans: [Range<Int>], rng: MersenneTwister) {
        guard !values.isEmpty else { return }
        let i = Int(rng.next(below: UInt32(values.count)))
        let bound = UInt32(clamping: i < bounds.count ? bounds[i] : Int(UInt32.max))
        let span = spans.isEmpty ? nil : spans[Int(rng.next(below: UInt32(spans.count)))]
        switch rng.next(below: 6) {
        case 0:
            if let span, span.upperBound <= values.count { values.removeSubrange(span) }
        case 1:
            values.removeSubrange(i..<min(values.count, i + 1 + Int(rng.next(below: 8))))
        case 2:
            values[i] /= 2
        case 3:
            values[i] = values[i] > 0 && rng.next(below: 2) == 0 ? values[i] - 1 : min(values[i] + 1, bound - 1)
        case 4:
            values[i] = rng.next(below: bound)
        default:
            if let span, span.upperBound <= values.count { values.insert(contentsOf: values[span], at: span.upperBound) }
        }
    }
}
