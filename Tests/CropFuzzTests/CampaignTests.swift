import CropFuzz
import CropModel
import CropSim
import Foundation
import Testing

/// Campaign-level properties: the correct model survives, shards partition a run, results do not
/// depend on jobs, and the regression database is replayed first.
@Suite struct CampaignTests {
    func config(seed: UInt64, runs: Int, out: String, jobs: Int = 1, shard: (Int, Int) = (1, 1), fault: String? = nil,
                maxFailures: Int? = nil) -> CampaignConfig {
        CampaignConfig(seed: seed, runs: runs, jobs: jobs, generator: Generator(maxSteps: 12),
                       oracle: Oracle(faults: fault.flatMap(Fault.named) ?? []), faultName: fault,
                       shardIndex: shard.0, shardCount: shard.1, database: RegressionDatabase(directory: out), maxFailures: maxFailures,
                       shrinkBudget: 100)
    }

    /// Every invariant, replay determinism and mirror symmetry hold on a few hundred traces.
    @Test func theCorrectModelSurvives() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 3, runs: 600, out: out.path, jobs: 2))
        print("correct model: \(report.runs) traces, \(report.ticks) ticks, \(report.inputs)")
        #expect(report.runs == 600)
        #expect(report.failures.map { "run \($0.run ?? -1): \($0.failure) \($0.message)" } == [])
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

        // With a fault nearly every trace fails: compare which runs fail, sharded and not.
        func failingRuns(shard: (Int, Int), jobs: Int) throws -> [Int] {
            let out = try TemporaryFolder()
            let report = Campaign.run(config(seed: 9, runs: runs, out: out.path, jobs: jobs, shard: shard, fault: "clampOnlyAtGestureEnd"))
            #expect(report.runs == indices[shard.0 - 1].count || shard.1 == 1)
            return report.failures.compactMap(\.run)
        }
        let whole = try failingRuns(shard: (1, 1), jobs: 1)
        let sharded = try (1...3).flatMap { try failingRuns(shard: ($0, 3), jobs: 2) }.sorted()
        #expect(!whole.isEmpty)
        #expect(sharded == whole)
    }

    /// A saved failure is replayed before any new trace: a campaign of zero runs still finds it.
    @Test func theDatabaseIsReplayedFirst() throws {
        let out = try TemporaryFolder()
        let first = Campaign.run(config(seed: 1, runs: 60, out: out.path, fault: "orientationNotSwapped", maxFailures: 1))
        let saved = try #require(first.failures.first?.file)
        let again = Campaign.run(config(seed: 1, runs: 0, out: out.path, fault: "orientationNotSwapped"))
        #expect(again.runs == 0)
        #expect(again.databaseReplayed == 1)
        #expect(again.failures.map(\.file) == [saved])
        #expect(again.failures.first?.run == nil)
        #expect(again.failures.first?.failure == first.failures.first?.failure)
        // Against the correct model the saved file passes, and nothing new is found.
        let fixed = Campaign.run(config(seed: 1, runs: 0, out: out.path))
        #expect(fixed.databaseReplayed == 1 && fixed.failures.isEmpty)
    }

    /// A repeat of a failure and place is counted but neither shrunk nor saved again.
    @Test func repeatsAreDeduplicated() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 4, runs: 20, out: out.path, fault: "orientationNotSwapped"))
        let saved = report.failures.filter { !$0.duplicate }
        #expect(report.failingRuns > saved.count)
        #expect(Set(saved.compactMap(\.file)).count == saved.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }.count == saved.count)
    }
}
