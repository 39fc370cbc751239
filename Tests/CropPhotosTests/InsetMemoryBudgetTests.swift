import CropImaging
import CropPhotos
import CropTestSupport
import Foundation
import Synchronization
import Testing

/// Issue 34: what insets hold at once is bounded by one budget shared by every `--jobs` thread,
/// not multiplied by the job count.
@Suite struct InsetMemoryBudgetTests {
    /// The encoded file always, and the crop on the stored grid when it is turned. Rows stream
    /// (a JPEG with the standard Huffman tables holds no DCT coefficients), so nothing else grows.
    @Test func thePeakCountsTheEncodedFileAndTheTurnedCrop() {
        let small = 100 * 50 * 3
        #expect(EncodedCrop.peakBytes(width: 100, height: 50, turned: false) == small)
        #expect(EncodedCrop.peakBytes(width: 100, height: 50, turned: true) == small * 2)
        #expect(EncodedCrop.peakBytes(width: 6080, height: 4560, turned: false) == 6080 * 4560 * 3)
        #expect(EncodedCrop.peakBytes(width: Int.max, height: 2, turned: false) == Int.max)
        #expect(EncodedCrop.peakBytes(width: 1 << 40, height: 1 << 30, turned: true) == Int.max)
    }

    /// Eight threads reserving 300–699 bytes each never hold more than the budget together, and one
    /// request larger than the whole budget waits until nothing else is held, then runs alone.
    @Test func reservationsNeverExceedTheBudgetAndAGiantRunsAlone() {
        let budget = InsetMemoryBudget(bytes: 1000)
        let seen = Seen()
        // Threads, as `photos --jobs` uses: a waiting job sleeps on the budget.
        DispatchQueue.concurrentPerform(iterations: 8) { job in
            for round in 0..<200 {
                let giant = job == 0 && round % 20 == 0
                let held = budget.reserve(giant ? 5000 : 300 + (job * 131 + round * 17) % 400)
                seen.note(holding: budget.holding, held: held, giant: giant)
                usleep(100)  // held a while, as a crop holds its bytes, so the jobs overlap
                seen.note(holding: budget.holding, held: held, giant: giant)
                budget.release(held)
            }
        }
        let (peak, giantSawOthers) = seen.state.withLock { ($0.peak, $0.giantSawOthers) }
        #expect(peak <= 1000)
        #expect(peak > 600, "several jobs held bytes at once")
        #expect(!giantSawOthers)
        #expect(budget.holding == 0)
    }

    /// What the jobs saw while they held their bytes.
    final class Seen: Sendable {
        let state = Mutex<(peak: Int, giantSawOthers: Bool)>((0, false))
        func note(holding: Int, held: Int, giant: Bool) {
            state.withLock {
                $0.peak = max($0.peak, holding)
                if giant, holding != held { $0.giantSawOthers = true }
            }
        }
    }

    /// A crop gives its bytes back whether it made its inset or failed.
    @Test func aCropReleasesWhatItHeldOnSuccessAndOnFailure() throws {
        let budget = InsetMemoryBudget(bytes: 1 << 20)
        let crop = PhotoInsetCrop(inset: try InsetPercent("10%"), memory: budget)
        let (w, h) = (40, 30)
        let folder = try TemporaryFolder("budget"), good = folder.path("good.png"), bad = folder.path("bad.png")
        let png = try ImageEncoder.png([UInt8](repeating: 90, count: w * h * 3), width: w, height: h, format: .rgb8)
        try Data(png).write(to: URL(fileURLWithPath: good))
        try Data(png.prefix(png.count - 40)).write(to: URL(fileURLWithPath: bad))
        #expect(crop.crop(path: good, sha256: "aa", haveOriginal: false).result.failed == nil)
        #expect(budget.holding == 0)
        #expect(crop.crop(path: bad, sha256: "bb", haveOriginal: false).result.failed != nil)
        #expect(budget.holding == 0)
    }

    /// An inset riding on a check's pass holds from that pass's header on, and gives back on every
    /// path: its crop used, its pass broken (the inset then holds again for its own pass, never
    /// twice), or the ride dropped unused. Used or not, the inset is the one made without it.
    @Test func aRideGivesBackWhatItHeldAndChangesNothing() throws {
        let budget = InsetMemoryBudget(bytes: 1 << 20)
        let crop = PhotoInsetCrop(inset: try InsetPercent("10%"), memory: budget)
        let (w, h) = (400, 330)
        let folder = try TemporaryFolder("ride"), good = folder.path("good.png"), bad = folder.path("bad.png")
        let pixels = (0..<w * h * 3).map { UInt8($0 * 7 % 251) }
        let png = try ImageEncoder.png(pixels, width: w, height: h, format: .rgb8)
        try Data(png).write(to: URL(fileURLWithPath: good))
        try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: bad))
        for haveOriginal in [false, true] {
            let ride = crop.alongside(path: good, haveOriginal: haveOriginal)
            _ = try ImageFile.thumbnail(path: good, alongside: ride.crop)
            #expect(budget.holding > 0)
            let rode = crop.crop(path: good, sha256: "aa", haveOriginal: haveOriginal, rode: ride)
            #expect(budget.holding == 0)
            let own = crop.crop(path: good, sha256: "aa", haveOriginal: haveOriginal)
            #expect(rode.result.failed == nil)
            #expect(rode.result == own.result && rode.files == own.files)
        }
        let broken = crop.alongside(path: bad, haveOriginal: false)
        _ = try? ImageFile.thumbnail(path: bad, alongside: broken.crop)
        let failed = crop.crop(path: bad, sha256: "bb", haveOriginal: false, rode: broken)
        #expect(budget.holding == 0)
        #expect(failed.result.failed != nil)
        #expect(failed.result == crop.crop(path: bad, sha256: "bb", haveOriginal: false).result)
        do {
            let dropped = crop.alongside(path: good, haveOriginal: false)
            _ = try ImageFile.thumbnail(path: good, alongside: dropped.crop)
            withExtendedLifetime(dropped) { #expect(budget.holding > 0) }
        }
        #expect(budget.holding == 0)
    }
}
