import Foundation

/// The bytes of whole insets that may be held at once across `--jobs` threads.
///
/// Everything else a photo check holds is a few rows (decoding streams), but an inset is held
/// whole while it is turned upright and encoded, so N jobs on N giant photos would need N times
/// the largest inset (issue 34: four 10000 × 10000 PNGs at `--jobs 2` peaked at 546 MiB). A job
/// reserves its inset's bytes once the header is read, before any pixel is decoded, and waits
/// while the others hold too much; an inset larger than the whole budget waits until nothing
/// else is held and then runs alone. Peak memory is then about the larger of the budget and the
/// largest single inset, whatever `--jobs` is.
public final class InsetMemoryBudget: @unchecked Sendable {
    /// 256 MiB: two 12 MP insets (≈ 65 MB each with the upright copy) still run side by side.
    public static let defaultBytes = 256 << 20

    public let bytes: Int
    // NSCondition, not a `Mutex`: a waiting job must sleep until another gives bytes back.
    private let condition = NSCondition()
    private var held = 0

    public init(bytes: Int = InsetMemoryBudget.defaultBytes) { self.bytes = max(bytes, 1) }

    /// What an inset of `width × height` pixels holds at its peak: the RGB crop, its upright
    /// copy when the EXIF orientation turns it, and an encoded file of at most about its size.
    public static func need(width: Int, height: Int, turned: Bool) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue < Int.max / 9 else { return Int.max }
        return pixels.partialValue * 3 * (turned ? 3 : 2)
    }

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
