import Foundation

/// The bytes of whole insets that may be held at once across `--jobs` threads.
///
/// Everything else a photo check holds is a few rows (decoding streams), and so is an inset's
/// pixels on their way to the encoder, but the encoded inset grows with the photo, and a photo its
/// EXIF orientation turns is held once to be read back upright; N jobs on N giant photos would
/// need N times that (issue 34: four 10000 × 10000 PNGs at `--jobs 2` peaked at 546 MiB when
/// insets were held whole). A job reserves its inset's bound (`EncodedCrop.peakBytes`) once the header is read,
/// before any pixel is decoded, and waits while the others hold too much; an inset larger than
/// the whole budget waits until nothing else is held and then runs alone. Peak memory is then
/// about the larger of the budget and the largest single inset, whatever `--jobs` is.
public final class InsetMemoryBudget: @unchecked Sendable {
    /// 256 MiB: two insets of a 48 MP photo at 12 % (83 MB each, or 166 MB turned) still run
    /// side by side unless both are turned.
    public static let defaultBytes = 256 << 20

    public let bytes: Int
    // NSCondition, not a `Mutex`: a waiting job must sleep until another gives bytes back.
    private let condition = NSCondition()
    private var held = 0

    public init(bytes: Int = InsetMemoryBudget.defaultBytes) { self.bytes = max(bytes, 1) }

    /// Waits until `need` bytes fit beside what is held (or nothing is held), then holds them.
    /// Returns what was held, for `release`.
    public func reserve(_ need: Int) -> Int {
        let amount = min(max(need, 0), bytes)
        condition.lock()
        defer { condition.unlock() }
        while held > 0, held + amount > bytes { condition.wait() }
        held += amount
        return amount
    }

    public func release(_ amount: Int) {
        condition.lock()
        held -= amount
        condition.broadcast()
        condition.unlock()
    }

    /// What is held now (for tests).
    public var holding: Int {
        condition.lock()
        defer { condition.unlock() }
        return held
    }
}

/// One inset's hold on an `InsetMemoryBudget`, given back by `release` or, at the latest, when it
/// is dropped: an inset riding on a check's pass holds from the check's header on, and no path
/// out of a job may keep the bytes from the other jobs.
final class InsetReservation {
    private let memory: InsetMemoryBudget
    private var bytes = 0

    init(_ memory: InsetMemoryBudget) { self.memory = memory }

    deinit { release() }

    func hold(_ need: Int) { bytes += memory.reserve(need) }

    func release() {
        guard bytes > 0 else { return }
        memory.release(bytes)
        bytes = 0
    }
}
