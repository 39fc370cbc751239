import CropBuild
import CropLogs
import CropModel
import CropScenario
import CropSim
import CropSpec
import CropVocabulary
import Dispatch
import Foundation
import Synchronization

/// What a fuzz campaign does: which runs, with what generator and oracle, where finds go.
public struct CampaignConfig: Sendable {
    public var seed: UInt64
    /// Runs 0..<runs (of this shard); nil runs until `maxSeconds`.
    public var runs: Int?
    public var maxSeconds: Double?
    public var jobs: Int
    public var generator: Generator
    public var oracle: TraceJudge
    /// Shard `shardIndex` of `shardCount` (1-based) takes the runs i with i mod n = index − 1.
    public var shardIndex: Int
    public var shardCount: Int
    public var database: RegressionDatabase
    /// Stop after this many failing traces (nil: never).
    public var maxFailures: Int?
    public var shrinkBudget: Int
    /// Replay the database's files before generating.
    public var replayDatabase: Bool
    /// The model under test, as the summary and every saved find name it.
    public var model: ModelReport

    public init(
        seed: UInt64, runs: Int? = 1000, maxSeconds: Double? = nil, jobs: Int = 1, generator: Generator = .init(),
        oracle: TraceJudge = .init(), shardIndex: Int = 1, shardCount: Int = 1,
        database: RegressionDatabase, maxFailures: Int? = nil, shrinkBudget: Int = 400, replayDatabase: Bool = true,
        model: ModelReport? = nil
    ) {
        self.model = model ?? ModelReport(oracle.model.identity, command: nil)
        self.seed = seed
        self.runs = runs
        self.maxSeconds = maxSeconds
        self.jobs = jobs
        self.generator = generator
        self.oracle = oracle
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.database = database
        self.maxFailures = maxFailures
        self.shrinkBudget = shrinkBudget
        self.replayDatabase = replayDatabase
    }

    /// Run indices of this shard, in order: the k-th is `index − 1 + k·n`.
    /// `Int.max` when that overflows, which ends the campaign like any index past `runs`.
    public func runIndex(_ k: Int) -> Int {
        let (product, overflow) = k.multipliedReportingOverflow(by: shardCount)
        return overflow
            ? .max : (shardIndex - 1).addingReportingOverflow(product).overflow ? .max : shardIndex - 1 + product
    }
}

/// One failure: where it came from, what broke, the shrunk scenario and how to replay it.
public struct Finding: Sendable, Encodable {
    /// The run index, or nil for a database file that still fails.
    public var run: Int?
    public var failure: String
    /// How bad it is (`Severity`): the failure is the most severe property the trace broke.
    public var severity: Severity
    public var message: String
    /// The other properties the same trace broke (the shrunk one, for a saved find), most severe
    /// first: listed so that filing under the worst hides nothing.
    public var alsoBroken: [String] = []
    /// The kind of step in progress when it broke (`open` before any step, `trace` when the
    /// check is about the whole trace).
    public var place: String
    /// Another find (or a saved file) already has this failure and place.
    public var duplicate: Bool
    /// Why a new find could not be saved (one line naming the path); nil when saved or a duplicate.
    public var saveError: String? = nil
    /// The saved (or replayed) file; nil for duplicates.
    public var file: String?
    public var replay: String?
    public var originalSteps: Int
    public var steps: Int
    public var fingers: Int
    public var samples: Int
    public var shrinkEvaluations: Int
    /// Seconds from the campaign's start until the failing trace was judged (before shrinking).
    public var foundAfterSeconds: Double
}

/// The JSON summary printed at the end.
public struct CampaignReport: Sendable, Encodable {
    /// The cropsim that ran the campaign (`cropsim --version`): a find replays the same only on
    /// the build that found it when the oracle or the generator changed in between.
    public var build = BuildInfo.current
    public var seed: UInt64
    public var model: ModelReport
    public var profile: String
    public var shard: String
    public var maxSteps: Int
    public var runs: Int
    public var ticks: Int
    public var simulatedTicks: Int
    public var seconds: Double
    public var tracesPerSecond: Double
    public var ticksPerSecond: Double
    public var failingRuns: Int
    /// Every find, in run order (not printed: a long campaign has tens of thousands).
    public var findings: [Finding]
    /// The finds grouped by failure and place, as printed.
    public var failures: [FailureGroup]
    /// New finds that could not be saved: the campaign failed its job (exit code 3).
    public var unsaved: Int
    /// How many steps of each kind were generated, plus fingers and touch samples.
    public var inputs: [String: Int]
    public var databaseReplayed: Int
    public var out: String
    /// Traces whose only deviations were sub-pixel targets (docs/oracle.md#sub-pixel), and the
    /// largest of them: not finds; absent when none.
    public var subPixelRuns: Int?
    public var largestSubPixel: String?

    public var failed: Bool { !findings.isEmpty }

    enum CodingKeys: String, CodingKey {
        case build, seed, model, profile, shard, maxSteps, runs, ticks, simulatedTicks, seconds, tracesPerSecond,
            ticksPerSecond,
            failingRuns, failures, unsaved, inputs, databaseReplayed, out, subPixelRuns, largestSubPixel
    }
}

/// The finds of one failure kind at one place: how many, and one to look at (the saved one when
/// there is one).
public struct FailureGroup: Sendable, Encodable {
    public var failure: String
    public var severity: Severity
    public var place: String
    public var count: Int
    public var example: Finding

    /// Groups sorted by severity (safety first), then failure, then place: the summary leads with
    /// what matters most, however many harmless deviations a campaign also found.
    static func groups(_ findings: [Finding]) -> [FailureGroup] {
        let byKey = Dictionary(grouping: findings) { [$0.failure, $0.place] }
        return byKey.map { key, members in
            FailureGroup(
                failure: key[0], severity: members[0].severity, place: key[1], count: members.count,
                example: members.first { $0.file != nil } ?? members[0])
        }.sorted { ($0.severity, $0.failure, $0.place) < ($1.severity, $1.failure, $1.place) }
    }
}

/// A snapshot for the live progress line.
public struct CampaignProgress: Sendable {
    public var seconds: Double
    public var runs: Int
    public var ticks: Int
    public var failures: Int
}

/// Runs a campaign: the database first, then generated traces on `jobs` threads, shrinking and
/// saving each new failure the moment it is found.
///
/// Run i of seed S is generated from its own mt19937 seeded from (S, i), so it is the same trace
/// whatever the jobs, shards or other runs; with `runs` set, which runs fail is deterministic.
public enum Campaign {
    public static func run(
        _ config: CampaignConfig,
        progress: @Sendable (CampaignProgress) -> Void = { _ in },
        found: @Sendable (Finding) -> Void = { _ in }
    ) -> CampaignReport {
        let clock = ContinuousClock()
        let start = clock.now
        @Sendable func elapsed() -> Double {
            let d = clock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
        let shared = Mutex(Shared())
        let stop = Atomic<Bool>(false)

        @Sendable func record(_ finding: Finding) {
            let enough = shared.withLock { s -> Bool in
                s.findings.append(finding)
                if finding.run != nil { s.failingRuns += 1 }
                return config.maxFailures.map { s.findings.count >= $0 } ?? false
            }
            if enough { stop.store(true, ordering: .relaxed) }
            found(finding)
        }

        let replayed =
            config.replayDatabase ? replayDatabase(config, shared: shared, elapsed: elapsed, record: record) : 0
        generate(config, shared: shared, stop: stop, elapsed: elapsed, progress: progress, record: record)

        let seconds = elapsed()
        let s = shared.withLock { $0 }
        let t = s.tally
        let findings = s.findings.sorted { ($0.run ?? -1, $0.failure) < ($1.run ?? -1, $1.failure) }
        progress(CampaignProgress(seconds: seconds, runs: t.runs, ticks: t.ticks, failures: s.failingRuns))
        return CampaignReport(
            seed: config.seed, model: config.model, profile: config.generator.profile.name,
            shard: "\(config.shardIndex)/\(config.shardCount)", maxSteps: config.generator.maxSteps, runs: t.runs,
            ticks: t.ticks, simulatedTicks: t.simulatedTicks, seconds: seconds,
            tracesPerSecond: Double(t.runs) / max(seconds, 1e-9), ticksPerSecond: Double(t.ticks) / max(seconds, 1e-9),
            failingRuns: s.failingRuns, findings: findings, failures: FailureGroup.groups(findings),
            unsaved: findings.filter { $0.saveError != nil }.count, inputs: t.inputs, databaseReplayed: replayed,
            out: config.database.directory,
            subPixelRuns: t.subPixelRuns > 0 ? t.subPixelRuns : nil, largestSubPixel: t.largestSubPixel?.description)
    }

    /// The example database, split across shards by position like the runs: every file that
    /// does not load, and every scenario that fails, is a find. Returns how many were replayed.
    static func replayDatabase(
        _ config: CampaignConfig, shared: borrowing Mutex<Shared>, elapsed: @Sendable () -> Double,
        record: @Sendable (Finding) -> Void
    ) -> Int {
        var replayed = 0
        let loaded = config.database.load()
        for error in loaded.errors {
            record(
                Finding(
                    run: nil, failure: FailureKind.invalidScenario.description,
                    severity: FailureKind.invalidScenario.severity,
                    message: error.description, place: "file",
                    duplicate: false, file: error.file, replay: nil, originalSteps: 0, steps: 0, fingers: 0, samples: 0,
                    shrinkEvaluations: 0, foundAfterSeconds: elapsed()))
        }
        for (position, scenario) in loaded.scenarios.enumerated()
        where position % config.shardCount == config.shardIndex - 1 {
            replayed += 1
            let verdict = config.oracle.check(scenario)
            shared.withLock {
                $0.tally.ticks += verdict.ticks; $0.tally.simulatedTicks += verdict.simulatedTicks
            }
            guard let failure = verdict.failure else { continue }
            record(
                Finding(
                    run: nil, failure: failure.kind.description, severity: failure.kind.severity,
                    message: failure.message,
                    alsoBroken: failure.alsoBroken, place: "file", duplicate: false,
                    file: scenario.file, replay: replayCommand(scenario.file, failure.kind, model: config.model),
                    originalSteps: scenario.steps.count,
                    steps: scenario.steps.count, fingers: 0, samples: 0, shrinkEvaluations: 0,
                    foundAfterSeconds: elapsed()))
        }
        return replayed
    }

    /// Generated traces on `config.jobs` threads until the deadline, the last run or `stop`.
    /// Each job counts in its own `Tally` and publishes to the shared one four times a second and
    /// before handling a find, so jobs never queue on the lock or share a cache line per trace.
    static func generate(
        _ config: CampaignConfig, shared: borrowing Mutex<Shared>, stop: borrowing Atomic<Bool>,
        elapsed: @Sendable () -> Double, progress: @Sendable (CampaignProgress) -> Void,
        record: @Sendable (Finding) -> Void
    ) {
        let next = Atomic<Int>(0)
        let deadline = config.maxSeconds
        let jobs = max(1, config.jobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var local = Tally()
            var lastPublished = elapsed()
            func publish(_ now: Double) {
                let report = shared.withLock { s -> CampaignProgress? in
                    s.tally.add(local)
                    guard now - s.lastProgress >= 0.5 else { return nil }
                    s.lastProgress = now
                    return CampaignProgress(
                        seconds: now, runs: s.tally.runs, ticks: s.tally.ticks, failures: s.failingRuns)
                }
                local = Tally()
                lastPublished = now
                if let report { progress(report) }
            }
            defer { publish(elapsed()) }
            while !stop.load(ordering: .relaxed) {
                let now = elapsed()
                if let deadline, now >= deadline { return }
                if now - lastPublished >= 0.25 { publish(now) }
                let run = config.runIndex(next.add(1, ordering: .relaxed).oldValue)
                if let runs = config.runs, run >= runs { return }
                var reader = ChoiceReader.random(seed: config.seed, run: run)
                let trace = config.generator.trace(&reader)
                let checks = config.oracle.checks
                let verdict = config.oracle.check(
                    trace, replay: checks.replays(run: run), text: checks.checksText(run: run))
                local.count(trace, verdict)
                guard let failure = verdict.failure else { continue }
                publish(elapsed())
                record(
                    handle(
                        failure, run: run, trace: trace, choices: reader.sequence, foundAfter: elapsed(),
                        config: config, shared: shared))
            }
        }
    }

    /// What the generated runs add up to.
    struct Tally {
        var runs = 0
        var ticks = 0
        var simulatedTicks = 0
        /// Steps by kind (counted by position in `InputKind.allCases`), fingers, touch samples.
        var steps = [Int](repeating: 0, count: InputKind.allCases.count)
        var fingers = 0
        var samples = 0
        var subPixelRuns = 0
        var largestSubPixel: Violation?

        mutating func count(_ trace: Trace, _ verdict: TraceJudge.Verdict) {
            runs += 1
            if verdict.failure == nil, let v = verdict.subPixel { countSubPixel(1, v) }
            ticks += verdict.ticks
            simulatedTicks += verdict.simulatedTicks
            for step in trace.steps { steps[step.kind.position] += 1 }
            fingers += trace.fingerCount
            samples += trace.sampleCount
        }

        mutating func add(_ o: Tally) {
            runs += o.runs
            ticks += o.ticks
            simulatedTicks += o.simulatedTicks
            for i in steps.indices { steps[i] += o.steps[i] }
            fingers += o.fingers
            samples += o.samples
            if let v = o.largestSubPixel { countSubPixel(o.subPixelRuns, v) }
        }

        /// The largest first, then the earliest tick and name: the same on every job count.
        mutating func countSubPixel(_ n: Int, _ v: Violation) {
            subPixelRuns += n
            func key(_ v: Violation) -> (Double, Int, String, String) {
                (v.magnitude?.devicePixels ?? 0, -v.tick, v.property.rawValue, v.message)
            }
            if largestSubPixel.map({ key($0) < key(v) }) ?? true { largestSubPixel = v }
        }

        /// As the summary prints them: kinds that occurred, plus `fingers` and `touchSamples`.
        var inputs: [String: Int] {
            var out: [String: Int] = [:]
            for (kind, n) in zip(InputKind.allCases, steps) where n > 0 { out[kind.rawValue] = n }
            if runs > 0 {
                out["fingers"] = fingers
                out["touchSamples"] = samples
            }
            return out
        }
    }

    struct Shared {
        var tally = Tally()
        var failingRuns = 0
        var findings: [Finding] = []
        /// Failure + place of every find so far, before shrinking: repeats are not shrunk.
        var keys: Set<String> = []
        var lastProgress = 0.0
    }

    /// Shrinks a new failure and saves it; a repeat of a known failure and place is only counted.
    static func handle(
        _ failure: Failure, run: Int, trace: Trace, choices: ChoiceSequence, foundAfter: Double,
        config: CampaignConfig, shared: borrowing Mutex<Shared>
    ) -> Finding {
        let place = Self.place(of: failure, in: trace)
        let key = RegressionDatabase.fileName(kind: failure.kind, place: place)
        var finding = Finding(
            run: run, failure: failure.kind.description, severity: failure.kind.severity, message: failure.message,
            alsoBroken: failure.alsoBroken, place: place,
            duplicate: true, file: nil, replay: nil, originalSteps: trace.steps.count, steps: trace.steps.count,
            fingers: trace.fingerCount, samples: trace.sampleCount, shrinkEvaluations: 0, foundAfterSeconds: foundAfter)
        let isNew = shared.withLock { $0.keys.insert(key).inserted }
        guard isNew, !config.database.contains(key) else { return finding }

        let oracle = config.oracle
        // A hang costs the model's whole deadline per candidate: a few tries, not hundreds.
        let budget = failure.kind == .model(.hung) ? min(config.shrinkBudget, 12) : config.shrinkBudget
        let shrunk = Shrinker(generator: config.generator, budget: budget) {
            oracle.failure(failure.kind, on: $0) != nil
        }
        .shrink(choices)
        // Judge the shrunk trace again, through its text, to name its place and message as
        // `cropsim run` will see them.
        let final = oracle.failure(failure.kind, on: shrunk.trace, viaText: true) ?? failure
        finding.message = final.message
        finding.alsoBroken = final.alsoBroken
        finding.place = Self.place(of: final, in: shrunk.trace)
        finding.steps = shrunk.trace.steps.count
        finding.fingers = shrunk.trace.fingerCount
        finding.samples = shrunk.trace.sampleCount
        finding.shrinkEvaluations = shrunk.evaluations
        let name = RegressionDatabase.fileName(kind: failure.kind, place: finding.place)
        let path = config.database.path(of: name)
        let against = config.model.command.map { " --model \(Self.quoted($0))" } ?? ""
        let description =
            "Found by cropsim fuzz --seed \(config.seed)\(against), run \(run), in \(config.model.name) \(config.model.version)"
            + " (cropsim \(BuildInfo.current))"
            + ": \(failure.kind) (\(final.message)). "
            + (final.alsoBroken.isEmpty
                ? "" : "Filed under its most severe property; also broken: \(final.alsoBrokenText). ")
            + "Shrunk from \(trace.steps.count) steps to \(finding.steps) in \(shrunk.evaluations) tries. "
            + "Replay: \(replayCommand(path, failure.kind, model: config.model))"
        let schema =
            FileManager.default.fileExists(
                atPath: (config.database.directory as NSString)
                    .appendingPathComponent("../schema.json")) ? "../schema.json" : nil
        let text = ScenarioWriter.json(
            shrunk.trace, name: "fuzz: \(failure.kind) during \(finding.place)",
            description: description, schema: schema, mirror: failure.kind == .mirrorDiffers)
        do {
            if let saved = try config.database.save(text, as: name) {
                finding.duplicate = false
                finding.file = saved
                finding.replay = replayCommand(saved, failure.kind, model: config.model)
                // The model's last words, kept beside a find it failed as a program.
                let stderr = final.stderrTail.isEmpty ? failure.stderrTail : final.stderrTail
                if case .model = failure.kind, !stderr.isEmpty {
                    _ = try config.database.save(stderr.joined(separator: "\n") + "\n", as: Self.stderrName(name))
                }
            }
        } catch {
            // Never a duplicate: a find that was not saved is lost unless someone is told.
            finding.duplicate = false
            finding.saveError = error.description
        }
        return finding
    }

    /// The kind of the last step that had started by the failing tick.
    static func place(of failure: Failure, in trace: Trace) -> String {
        guard let tick = failure.tick else { return "trace" }
        return trace.steps.last { Trace.tick($0.start) <= tick }?.kind.rawValue ?? "open"
    }

    /// The command that replays a saved find: `cropsim run` for the oracle's properties (under
    /// `scripts/mutants`, with the mutant's binary and `CROPSIM_MUTANT` set, as the runner prints);
    /// the planted property only the fuzzer judges.
    /// An editor in the caller's own process (a team's Swift package) has no command line: its
    /// finds say how to replay them in that process instead.
    static func replayCommand(_ path: String, _ kind: FailureKind, model: ModelReport) -> String {
        if model.command == nil && model.name != Editor.referenceIdentity.name {
            return
                "in process: ModelRunner(<the \(model.name) type>.self, in: ()).run(ScenarioLoader.load([\"\(path)\"]).scenarios[0])"
        }
        let against = model.command.map { " --model \(quoted($0))" } ?? ""
        if case .extra = kind { return "cropsim fuzz --plant --replay \(path)\(against)" }
        return "cropsim run \(path)\(against)"
    }

    /// `find.json` → `find.stderr.txt`.
    static func stderrName(_ name: String) -> String { String(name.dropLast(".json".count)) + ".stderr.txt" }

    /// A command line in single quotes for a POSIX shell.
    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

extension InputKind {
    /// Its index in `allCases`, for counting without hashing names.
    var position: Int { Self.allCases.firstIndex(of: self)! }
}
