import CropFuzz
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Campaign-level properties: the correct model survives, shards partition a run, results do not
/// depend on jobs, the regression database is replayed first, repeats are not saved twice, and
/// finds shrink. The failing campaigns need no model bug: the judge is handed a planted property.
@Suite struct CampaignTests {
    func config(
        seed: UInt64, runs: Int, out: String, jobs: Int = 1, shard: (Int, Int) = (1, 1),
        planted: Bool = false, maxFailures: Int? = nil
    ) -> CampaignConfig {
        CampaignConfig(
            seed: seed, runs: runs, jobs: jobs, generator: Generator(maxSteps: 12),
            oracle: TraceJudge(extra: planted ? [.plantedNoLightImpact] : []),
            shardIndex: shard.0, shardCount: shard.1, database: RegressionDatabase(directory: out),
            maxFailures: maxFailures,
            shrinkBudget: 100)
    }

    /// Every invariant, replay determinism and mirror symmetry hold on a few hundred traces.
    @Test func theCorrectModelSurvives() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 3, runs: 600, out: out.path, jobs: 2))
        print("correct model: \(report.runs) traces, \(report.ticks) ticks, \(report.inputs)")
        #expect(report.runs == 600)
        #expect(report.findings.map { "run \($0.run ?? -1): \($0.failure) \($0.message)" } == [])
    }

    /// The byte-level replay check (`frames.jsonl` text of two runs) agrees on a few traces.
    @Test func replaysGiveIdenticalFrameLogBytes() {
        let judge = TraceJudge(checks: TraceChecks(replay: .bytes, mirror: false))
        for run in 0..<8 {
            var reader = ChoiceReader.random(seed: 3, run: run)
            #expect(judge.check(Generator(maxSteps: 6).trace(&reader)).failure == nil)
        }
    }

    /// Replay is sampled by run index: exactly the runs that are multiples of `replayEvery` are
    /// simulated a second time (whatever the jobs), and `replayEvery: 1` replays every trace.
    @Test func replayIsSampledByRunIndex() throws {
        let runs = 16, generator = Generator(maxSteps: 8)
        let ticks = (0..<runs).map { run -> Int in
            var reader = ChoiceReader.random(seed: 5, run: run)
            return TraceJudge(checks: TraceChecks(replay: .off, mirror: false)).check(generator.trace(&reader)).ticks
        }
        for (every, jobs) in [(4, 1), (4, 2), (1, 2)] {
            let out = try TemporaryFolder()
            let checks = TraceChecks(replay: .frames, replayEvery: every, mirror: false)
            #expect((0..<runs).filter { checks.replays(run: $0) } == Array(stride(from: 0, to: runs, by: every)))
            let report = Campaign.run(
                CampaignConfig(
                    seed: 5, runs: runs, jobs: jobs, generator: generator,
                    oracle: TraceJudge(checks: checks), database: RegressionDatabase(directory: out.path)))
            #expect(report.ticks == ticks.reduce(0, +))
            #expect(
                report.simulatedTicks - report.ticks
                    == stride(from: 0, to: runs, by: every).map { ticks[$0] }.reduce(0, +))
        }
        #expect(TraceChecks(replay: .off, replayEvery: 1).replays(run: 0) == false)
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
            let report = Campaign.run(
                config(seed: 9, runs: runs, out: out.path, jobs: jobs, shard: shard, planted: true))
            #expect(report.runs == indices[shard.0 - 1].count || shard.1 == 1)
            return report.findings.compactMap(\.run)
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
        let saved = try #require(first.findings.first?.file)
        let again = Campaign.run(config(seed: 1, runs: 0, out: out.path, planted: true))
        #expect(again.runs == 0)
        #expect(again.databaseReplayed == 1)
        #expect(again.findings.map(\.file) == [saved])
        #expect(again.findings.first?.run == nil)
        #expect(again.findings.first?.failure == first.findings.first?.failure)
        // Without the planted property the saved file passes, and nothing new is found.
        let fixed = Campaign.run(config(seed: 1, runs: 0, out: out.path))
        #expect(fixed.databaseReplayed == 1 && fixed.findings.isEmpty)
    }

    /// A repeat of a failure and place is counted but neither shrunk nor saved again.
    @Test func repeatsAreDeduplicated() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 4, runs: 20, out: out.path, planted: true))
        let saved = report.findings.filter { !$0.duplicate }
        #expect(report.failingRuns > saved.count)
        #expect(Set(saved.compactMap(\.file)).count == saved.count)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }.count
                == saved.count)
    }

    /// A find that needs one gesture shrinks to at most three steps, and the saved scenario, parsed
    /// and run again, breaks the same planted property (and nothing else).
    @Test func findsShrinkAndReplayTheSameFailure() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 1, runs: 60, out: out.path, planted: true, maxFailures: 1))
        let finding = try #require(report.findings.first)
        let run = try #require(finding.run)
        #expect(finding.failure == "plantedNoLightImpact")
        #expect(finding.steps <= 3, "shrunk \(finding.originalSteps) → \(finding.steps) steps")
        #expect(finding.steps <= finding.originalSteps)
        let file = try #require(finding.file)
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let scenario = try ScenarioParser.parse(Array(bytes), file: file, id: "regression")
        #expect(scenario.description.contains("--seed 1, run \(run)"))
        let replayed = TraceJudge(
            checks: TraceChecks(replay: .off, mirror: false), extra: [ExtraProperty.plantedNoLightImpact]
        ).check(scenario)
        #expect(replayed.failure?.kind == .extra("plantedNoLightImpact"))
        #expect(TraceJudge().check(scenario).failure == nil)
    }

    /// The printed summary has one entry per failure and place, with a count and an example,
    /// however many traces failed.
    @Test func theSummaryGroupsFailuresBySignature() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(config(seed: 4, runs: 30, out: out.path, planted: true))
        #expect(report.findings.count > report.failures.count)
        #expect(report.failures.map(\.count).reduce(0, +) == report.findings.count)
        let keys = report.failures.map { [$0.failure, $0.place] }
        #expect(Set(keys).count == keys.count)
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        for group in report.failures {
            #expect(group.example.failure == group.failure && group.example.place == group.place)
        }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
        #expect((json["failures"] as! [Any]).count == report.failures.count)
        #expect(json["findings"] == nil)
    }

    /// A find that cannot be saved is reported as unsaved with the reason, never as a duplicate.
    @Test func anUnsavableFindIsNotLost() throws {
        let out = try TemporaryFolder()
        let file = out.path + "/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let report = Campaign.run(config(seed: 4, runs: 10, out: file + "/finds", planted: true))
        #expect(report.unsaved > 0)
        let unsaved = report.findings.filter { $0.saveError != nil }
        #expect(unsaved.count == report.unsaved)
        #expect(unsaved.allSatisfy { !$0.duplicate && $0.file == nil && $0.saveError!.contains("not-a-folder/finds") })
        #expect(report.findings.filter { !$0.duplicate }.allSatisfy { $0.saveError != nil })
    }

    /// Shard arithmetic saturates instead of trapping, which ends the campaign.
    @Test func runIndicesDoNotOverflow() {
        let huge = CampaignConfig(
            seed: 1, shardIndex: 1, shardCount: Int.max / 2, database: RegressionDatabase(directory: ""))
        #expect(huge.runIndex(0) == 0)
        #expect(huge.runIndex(3) == Int.max)
    }
}

extension Array {
    /// The elements that match, and the rest, each in order.
    func partitioned(by matches: (Element) -> Bool) -> ([Element], [Element]) {
        (filter(matches), filter { !matches($0) })
    }
}
