import CropTestSupport
import Foundation
import Testing

/// `bench --model` with a model the workload does not apply to (issue 34, kept by issue 36):
/// every run would be an empty n/a one and `while total < ticks` would never end. Bench refuses
/// at the first run: exit 2 (bad input, the exit-code contract), one line saying why. Ten billion
/// ticks would never finish, so a bench that ran on would meet `execute`'s deadline, which kills
/// it and fails the test: no wall-clock window is judged. A model that can run it is measured as
/// before.
@Suite struct BenchModelTests {
    static let reference = Binaries.cropsim.deletingLastPathComponent().appendingPathComponent(
        "cropsim-reference-model"
    ).path

    @Test func aModelLackingACapabilityTheWorkloadNeedsIsRefused() throws {
        // The JavaScript example's case: the bench photo has EXIF orientation 6.
        let lacking = "\(Self.reference) --capabilities doubleTap,slider,haptics,tips,grid,confirm"
        let run = try execute(["bench", "--ticks", "10000000000", "--model", lacking], deadline: .seconds(60))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        let line = String(run.stderrLines.first ?? "")
        #expect(line.hasPrefix("error: bench: the workload is not applicable to it: "), "\(line)")
        #expect(line.contains("exifOrientations") && line.hasSuffix("--model must run the whole workload"), "\(line)")
    }

    @Test func aModelThatCanRunTheWorkloadIsMeasured() throws {
        let run = try execute(["bench", "--ticks", "1", "--model", Self.reference], deadline: .seconds(60))
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((report["ticks"] as? Int ?? 0) > 0 && report["violations"] as? Int == 0)
        #expect((report["model"] as? String)?.hasPrefix("cropsim-reference") == true)
    }
}
