import CropFuzz
import CropModel
import CropSim
import Foundation
import Testing

/// Campaign-level properties: the correct model survives, shards partition a run, results do not
/// depend on jobs, the regression database is replayed first, repeats are not saved twice, and
/// finds shrink. The failing campaigns need no model bug: the judge is handed a planted property.
@Suite struct CampaignTests {
    func config(seed: UInt64, runs: Int, out: String, jobs: Int = 1, shard: (Int, Int) = (1, 1),
                planted: Bool = false, maxFailures: Int? = nil) -> CampaignConfig {
        CampaignConfig(seed: seed, runs: runs, jobs: jobs, generator: Generator(maxSteps: 12),
                       oracle: TraceJudge(extra: planted ? [Self.noLightImpact] : []),
                       shardIndex: shard.0, shardCount: shard.1, database: RegressionDatabase(directory: out), maxFailures: maxFailures,
                       shrinkBudget: 100)
    }

    /// A planted property that any trace reaching a zoom or pan limit by hand breaks: "no light
    /// impact ever". It needs one gesture, so its finds must shrink to a step or two.
    static let noLightImpact = ExtraProperty(name: "plantedNoLightImpact") { result in
        result.haptics.first { $0.haptic.reason != nil }.map { ($0.tick, "light impact \($0.haptic.reason!.rawValue)") }
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
        let judge = TraceJudge(checks: TraceChecks(replay: .bytes, mirror: false))
        for run in 0..<8 {
            var reader = ChoiceReader.random(seed: 3, run: run)
            #expect(judge.check(Generator(maxSteps: 6).trace(&reader)).failure == nil)
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

        // With the planted property many traces fail: compare which runs fail, sharded and not.
        func failingRuns(shard: (Int, Int), jobs: Int) throws -> [Int] {
            let out = try TemporaryFolder()
            let report = Campaign.run(config(seed: 9, runs: runs, out: out.path, jobs: jobs, shard: shard, planted: true))
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
        let first = Campaign.run(config(seed: 1, runs: 60, out: out.path, planted: true, maxFailures: 1))
        let saved = try #require(first.failures.first?.file)
        let again = Campaign.run(config(seed: 1, runs: 0, out: out.path, planted: true))
        #expect(again.runs == 0)
        #expect(again.databaseReplayed == 1)
        #expect(again.failures.map(\.file) == [saved])
        #expect(again.failures.first?.run == nil)
        #expect(again.failures.first?.failure == first.failures.first?.failure)
        // Without the planted property the saved file passes, and nothing new is found.
        let fixed = Campaign.run(config(seed: 1, runs: 0, out: out.path))
        #expect(fixed.databaseReplayed == 1 && fixed.failures.isEmpty)
    }

    /// A repeat of a failure and place is counted but neither shrunk nor saved again.
    @Test func repeatsAreDeduplicated() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 4, runs: 20, out: out.path, planted: true))
        let saved = report.failures.filter { !$0.duplicate }
        #expect(report.failingRuns > saved.count)
        #expect(Set(saved.compactMap(\.file)).count == saved.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }.count == saved.count)
    }

    /// A find that needs one gesture shrinks to at most three steps, and the saved scenario, parsed
    /// and run again, breaks the same planted property (and nothing else).
    @Test func findsShrinkAndReplayTheSameFailure() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 1, runs: 60, out: out.path, planted: true, maxFailures: 1))
        let finding = try #require(report.failures.first)
        let run = try #require(finding.run)
        #expect(finding.failure == "plantedNoLightImpact")
        #expect(finding.steps <= 3, "shrunk \(finding.originalSteps) → \(finding.steps) steps")
        #expect(finding.steps <= finding.originalSteps)
        let file = try #require(finding.file)
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let scenario = try ScenarioParser.parse(Array(bytes), file: file, id: "regression")
        #expect(scenario.description.contains("--seed 1, run \(run)"))
        let replayed = TraceJudge(checks: TraceChecks(replay: .off, mirror: false), extra: [Self.noLightImpact]).check(scenario)
        #expect(replayed.failure?.kind == .extra("plantedNoLightImpact"))
        #expect(TraceJudge().check(scenario).failure == nil)
    }

    /// Shard arithmetic saturates instead of trapping, which ends the campaign.
    @Test func runIndicesDoNotOverflow() {
        let huge = CampaignConfig(seed: 1, shardIndex: 1, shardCount: Int.max / 2, database: RegressionDatabase(directory: ""))
        #expect(huge.runIndex(0) == 0)
        #expect(huge.runIndex(3) == Int.max)
    }
}
