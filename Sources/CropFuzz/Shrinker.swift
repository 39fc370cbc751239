/// Reduces a failing choice sequence the way Hypothesis does: by editing the choices, not the
/// trace. Each candidate is regenerated from the edited choices and kept only while it still
/// fails with the same `FailureKind` (for properties: the same `Property` case) and is simpler
/// in shortlex order, so every pass can only make progress and the loop ends.
///
/// Passes, repeated until none helps or the budget is spent:
/// 1. delete whole steps (the generator marks each step's choices as a span), last first;
/// 2. delete chunks of 8, 4, 2 and 1 choices;
/// 3. lower each choice: to 0, then by binary search.
public struct Shrinker {
    public var generator: Generator
    /// At most this many candidates are judged (each is one simulation).
    public var budget: Int
    let fails: (Trace) -> Bool

    public init(generator: Generator, budget: Int = 400, fails: @escaping (Trace) -> Bool) {
        self.generator = generator
        self.budget = budget
        self.fails = fails
    }

    public struct Result: Sendable {
        public var choices: ChoiceSequence
        public var trace: Trace
        /// Candidates judged.
        public var evaluations: Int
    }

    public func shrink(_ start: ChoiceSequence) -> Result {
        var state = State(generator: generator, budget: budget, fails: fails)
        state.adopt(start)
        var progress = true
        while progress && state.evaluations < budget {
            let before = state.best.choices
            state.deleteSteps()
            for size in [8, 4, 2, 1] { state.deleteChunks(of: size) }
            state.lowerValues()
            progress = state.best.choices != before
        }
        return Result(choices: state.best.choices, trace: state.best.trace, evaluations: state.evaluations)
    }

    struct State {
        let generator: Generator
        let budget: Int
        let fails: (Trace) -> Bool
        var best: (choices: ChoiceSequence, trace: Trace, spans: [Range<Int>]) = (ChoiceSequence([]), emptyTrace, [])
        var evaluations = 0
        var seen: Set<[UInt32]> = []

        static let emptyTrace = Trace(
            view: .init(width: 0, height: 0), screenScale: 1, touchRate: 60, reduceMotion: false,
            photo: .init(storedWidth: 0, storedHeight: 0), config: .init(), steps: [])

        /// Takes the starting point as it regenerates (only the choices actually read).
        mutating func adopt(_ choices: ChoiceSequence) {
            var reader = ChoiceReader.replay(choices)
            let trace = generator.trace(&reader)
            best = (reader.sequence, trace, reader.spans)
        }

        /// Regenerates from `values`; keeps it if simpler and still failing.
        @discardableResult
        mutating func consider(_ values: [UInt32]) -> Bool {
            guard evaluations < budget else { return false }
            var reader = ChoiceReader.replay(ChoiceSequence(values))
            let trace = generator.trace(&reader)
            let candidate = reader.sequence
            guard candidate.isSimpler(than: best.choices), seen.insert(candidate.values).inserted else { return false }
            evaluations += 1
            guard fails(trace) else { return false }
            best = (candidate, trace, reader.spans)
            return true
        }

        mutating func deleteSteps() {
            var i = best.spans.count - 1
            while i >= 0 {
                if i < best.spans.count {
                    var values = best.choices.values
                    values.removeSubrange(best.spans[i])
                    consider(values)
                }
                i -= 1
            }
        }

        mutating func deleteChunks(of size: Int) {
            var i = best.choices.values.count - size
            while i >= 0 {
                var values = best.choices.values
                if i + size <= values.count {
                    values.removeSubrange(i..<(i + size))
                    consider(values)
                }
                i -= 1
            }
        }

        mutating func lowerValues() {
            var i = 0
            while i < best.choices.values.count {
                let value = best.choices.values[i]
                if value > 0 && !lower(i, to: 0) {
                    // Binary search for the smallest value that still fails, assuming monotone.
                    var lo: UInt32 = 0, hi = value
                    while lo + 1 < hi, evaluations < budget {
                        let mid = lo + (hi - lo) / 2
                        if lower(i, to: mid) { hi = mid } else { lo = mid }
                    }
                }
                i += 1
            }
        }

        mutating func lower(_ i: Int, to value: UInt32) -> Bool {
            guard i < best.choices.values.count else { return false }
            var values = best.choices.values
            values[i] = value
            return consider(values)
        }
    }
}
