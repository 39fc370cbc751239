/// The choices a trace was generated from, Hypothesis-style: every random decision the generator
/// makes is one bounded integer, and the whole trace is a pure function of this sequence.
///
/// Shrinking edits the sequence (deleting chunks, lowering values) rather than the trace, so it
/// needs no knowledge of what a choice means; the generator is written so that smaller values and
/// shorter sequences mean simpler traces.
public struct ChoiceSequence: Hashable, Sendable {
    public var values: [UInt32]

    public init(_ values: [UInt32]) { self.values = values }

    /// Shortlex order: shorter is simpler, then lexicographically smaller. The shrinker only ever
    /// moves down this order, so it terminates.
    public func isSimpler(than other: ChoiceSequence) -> Bool {
        if values.count != other.values.count { return values.count < other.values.count }
        return values.lexicographicallyPrecedes(other.values)
    }
}

/// Where choices come from, and the record of those made.
///
/// * `random`: drawn from mt19937 and recorded (the first generation of a run);
/// * `replay`: read back from a (possibly edited) sequence; a missing or out-of-range value reads
///   as 0, the simplest choice, so any edit still generates a valid trace;
/// * `bytes`: read from raw bytes (libFuzzer's input), 1, 2 or 4 bytes per choice depending on its
///   bound, 0 once the bytes run out.
public struct ChoiceReader {
    enum Source {
        case random(MersenneTwister)
        case replay([UInt32])
        case bytes([UInt8])
    }

    private var source: Source
    private var position = 0
    /// The values actually used, in order: what the trace is a function of.
    public private(set) var recorded: [UInt32] = []
    /// The bound of each recorded choice, for re-encoding them as libFuzzer bytes.
    private var bounds: [Int] = []
    /// Step boundaries in `recorded`, for the shrinker's first pass (delete whole steps).
    public private(set) var spans: [Range<Int>] = []
    private var openSpan: Int?

    /// After this many choices every further one is 0, which ends every loop: a cap on how much
    /// work one trace can be, whatever the bytes say.
    public static let maxChoices = 4096

    public static func random(seed: UInt64, run: Int) -> ChoiceReader {
        ChoiceReader(source: .random(MersenneTwister(seed: MersenneTwister.runSeed(seed, run: run))))
    }

    public static func replay(_ choices: ChoiceSequence) -> ChoiceReader {
        ChoiceReader(source: .replay(choices.values))
    }
    public static func bytes(_ bytes: [UInt8]) -> ChoiceReader { ChoiceReader(source: .bytes(bytes)) }

    private init(source: Source) { self.source = source }

    public var sequence: ChoiceSequence { ChoiceSequence(recorded) }

    /// A choice in `0..<n`. Bounds of 1 are not choices and are not recorded.
    public mutating func draw(below n: Int) -> Int {
        precondition(n >= 1 && n <= Int(UInt32.max))
        guard n > 1 else { return 0 }
        guard recorded.count < Self.maxChoices else { return 0 }
        let bound = UInt32(n)
        let value: UInt32
        switch source {
        case .random(let rng):
            value = rng.next(below: bound)
        case .replay(let values):
            let v = position < values.count ? values[position] : 0
            value = v < bound ? v : 0
            position += 1
        case .bytes(let bytes):
            let width = n <= 0x100 ? 1 : n <= 0x1_0000 ? 2 : 4
            var raw: UInt32 = 0
            for k in 0..<width where position + k < bytes.count {
                raw |= UInt32(bytes[position + k]) << (8 * k)
            }
            position += width
            value = raw % bound
        }
        recorded.append(value)
        bounds.append(n)
        return Int(value)
    }

    /// Marks the choices of one step, so the shrinker can delete it as a whole.
    public mutating func beginSpan() { openSpan = recorded.count }
    public mutating func endSpan() {
        if let start = openSpan, start < recorded.count { spans.append(start..<recorded.count) }
        openSpan = nil
    }

    // MARK: Shapes of choices, all with 0 as the simplest

    /// True with `percent` % probability; choice 0 is false.
    public mutating func chance(_ percent: Int) -> Bool { draw(below: 100) >= 100 - percent }

    /// One of `options`; the first is the simplest (the default) and is what 0 picks.
    public mutating func pick<T>(_ options: [T]) -> T { options[draw(below: options.count)] }

    public mutating func integer(in range: ClosedRange<Int>) -> Int { range.lowerBound + draw(below: range.count) }

    /// An index drawn with the given integer weights; 0 lands on the first index with weight.
    public mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        precondition(total > 0)
        var x = draw(below: total)
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.count - 1
    }
}

extension ChoiceReader {
    /// The bytes that `ChoiceReader.bytes` reads back as the recorded choices: seeds a libFuzzer
    /// corpus with traces the generator made.
    public var encodedBytes: [UInt8] {
        var out: [UInt8] = []
        for (v, n) in zip(recorded, bounds) {
            let width = n <= 0x100 ? 1 : n <= 0x1_0000 ? 2 : 4
            for k in 0..<width { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) }
        }
        return out
    }
}
