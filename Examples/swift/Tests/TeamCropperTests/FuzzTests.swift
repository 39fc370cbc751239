import CropFuzz
import CropSim
import Foundation
import TeamCropper
import Testing

/// A seeded fuzz campaign against TeamEditor in this process: random gestures drawn only from
/// what it declares, every property of the spec oracle, each failure shrunk and saved as a
/// scenario file.
@Suite struct FuzzTests {
    /// Runs of seed 1: the same traces every time. 3000 runs (1.7 million checked ticks) take
    /// about 8 s in a debug build on 2 cores, alongside the scenario suite; 0.5 s in release.
    static let runs = 3000

    @Test func aSeededCampaignFindsNothing() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "team-cropper-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let report = Campaign.run(
            .fuzzing(ModelRunner(TeamEditor.self, in: ()), seed: 1, runs: Self.runs, jobs: 2, out: out.path))

        print(
            "TeamEditor fuzz: \(report.runs) runs, \(report.ticks) ticks in \(String(format: "%.2f", report.seconds)) s: "
                + "\(Int(report.ticksPerSecond.rounded())) ticks/s")
        // A clean campaign leaves nothing behind; finds stay in `out` to be read and replayed.
        if !report.failed { try? FileManager.default.removeItem(at: out) }
        // One line per kind of failure and place, with the find that was shrunk and saved.
        let finds = report.failures.map { group in
            let f = group.example
            return "\(group.count)× \(group.failure) during \(group.place): \(f.message)\n"
                + "    first in run \(f.run.map(String.init) ?? "-") after \(String(format: "%.1f", f.foundAfterSeconds)) s, "
                + (f.file.map { "shrunk from \(f.originalSteps) to \(f.steps) steps: \($0)" }
                    ?? f.saveError ?? "its shrunk trace fails elsewhere: a repeat of a saved find")
        }
        // Bound first, so that a failure prints these numbers and the finds, not the whole report.
        let (findCount, runs) = (report.findings.count, report.runs)
        #expect(findCount == 0, "finds kept in \(out.path):\n\(finds.joined(separator: "\n"))")
        #expect(runs == Self.runs)
    }
}
