import CropFuzz
import CropModel
import CropSim
import Foundation
import Testing

/// Campaign-level properties: the correct model survives, shards partition a run, results do not
/// depend on jobs, and the regression database is replayed first.
@Suite struct CampaignTests {
    func config(seed: UInt64, runs: Int, out: String, jobs: Int = 1, shard: (Int, Int) = (1, 1),
                maxFailures: Int? = nil) -> CampaignConfig {
        CampaignConfig(seed: seed, runs: runs, jobs: jobs, generator: Generator(maxSteps: 12), oracle: Oracle(),
                       shardIndex: shard.0, shardCount: shard.1, database: RegressionDatabase(directory: out), maxFailures: maxFailures,
                       shrinkBudget: 100)
    }

    /// Every invariant, replay determinism and mirror symmetry hold on a few hundred traces.
    @Test func theCorrectModelSurvives() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 3, runs: 600, out: out.path, jobs: 2))
        print("correct model: \(report.runs) traces, \(report.ticks) ticks, \(report.inputs)")
        #expect(report.runs == 600)
        #expect(report.findings.map { "run \($0.run ?? -1): \($0.failure) \($0.message)" } == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// The byte-level replay check (`frames.jsonl` text of two runs) agrees on a few traces.
    @Test func replaysGiveIdenticalFrameLogBytes() {
        let oracle = Oracle(checks: OracleChecks(replay: .bytes, mirror: false))
        for run in 0..<8 {
            var reader = ChoiceReader.random(seed: 3, run: run)
            #expect(oracle.check(Generator(maxSteps: 6).trace(&reader)).failure == nil)
        }
    }

    /// Shards 1/3, 2/3, 3/3 run disjoint sets of runs whose union is the whole run, with the same
    /// failures as one unsharded campaign, whatever the jobs.
    @Test func shardsPartitionTheRunAndJobsDoNotMatter() throws {
        let runs = 12
        let indices = (1...3).map { i in
            (0..<runs).map { config(seed: 9, runs: runs, out: "", shard: (i, 3)).runIndex($0) }.filter { $0 < runs }
        }
        #expect(Set(indices.joined()) == Set(0..<runs))
        #expect(indices.joined().count == runs)
    }

    /// Shard arithmetic saturates instead of trapping, which ends the campaign.
    @Test func runIndicesDoNotOverflow() {
        let huge = CampaignConfig(seed: 1, shardIndex: 1, shardCount: Int.max / 2, database: RegressionDatabase(directory: ""))
        #expect(huge.runIndex(0) == 0)
        #expect(huge.runIndex(3) == Int.max)
    }
}
