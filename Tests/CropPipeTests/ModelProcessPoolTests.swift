@testable import CropPipe
import CropTestSupport
import Foundation
import Testing

/// Every process of one `--model` command must be the model the first one was
/// (docs/model-protocol.md#snapshots): a later process that declares the snapshot messages
/// differently is failed as a protocol violation, and the pool does not take it back.
@Suite struct ModelProcessPoolTests {
    /// A command whose first process declares snapshots as `first` says and every later one the
    /// other way (a marker file in `folder` tells them apart).
    static func flipping(first: Bool, in folder: TemporaryFolder) -> String {
        let reference = SnapshotServerTests.reference, marker = folder.path + "/started"
        let (before, after) = first ? ("--snapshots on", "") : ("", "--snapshots on")
        return
            "if [ -e \(marker) ]; then exec \(reference) \(after); else : > \(marker); exec \(reference) \(before); fi"
    }

    @Test(arguments: [true, false])
    func aLaterProcessDeclaringSnapshotsOtherwiseFails(first: Bool) throws {
        let folder = try TemporaryFolder("pool-snapshots")
        let pool = try ModelProcessPool(command: Self.flipping(first: first, in: folder), timeout: 5)
        defer { pool.shutdown() }
        #expect(pool.snapshots == first)
        let idle = try #require(pool.checkout())
        #expect(idle.failure == nil && idle.snapshots == first, "the first process is the idle one")
        let later = try #require(pool.checkout())
        defer { later.terminate() }
        #expect(later.snapshots == !first)
        let failure = try #require(later.failure, "a process unlike the first fails")
        let said = "\(failure)"
        #expect(
            said.contains(
                first ? "does not declare snapshots, unlike the first" : "declares snapshots, unlike the first"),
            "\(said)")
        pool.checkin(later)
        pool.checkin(idle)
        let again = pool.checkout()
        #expect(again === idle, "only the first went back to the pool")
        again.map(pool.checkin)
    }

    @Test func aLaterProcessDeclaringTheSameIsTaken() throws {
        let pool = try ModelProcessPool(command: "\(SnapshotServerTests.reference) --snapshots on", timeout: 5)
        defer { pool.shutdown() }
        let first = try #require(pool.checkout()), second = try #require(pool.checkout())
        #expect(first.failure == nil && second.failure == nil && second.snapshots)
        pool.checkin(first)
        pool.checkin(second)
    }
}
