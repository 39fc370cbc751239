import ArgumentParser
import CropFiles
import CropFuzz
import CropLogs
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// `cropsim fuzz`: generates random touch-level sessions, checks every invariant plus replay and
/// mirror symmetry, shrinks each new failure to a small scenario and saves it where the suite
/// (or the next fuzz run) replays it. Prints a JSON summary; exit 1 when anything failed.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz the editor with random gestures; shrink and save every failure as a scenario.",
        discussion: """
            Run i of a seed is the same trace on any machine and with any --jobs or --shard, so \
            --shard 1/4 … 4/4 split a run disjointly. Files already in --out are replayed first. \
            --out must be absent, empty or a folder of finds (it holds .cropsim-finds), and is \
            checked for writability before the campaign starts; a find that cannot be saved is an \
            error (exit code 3). The JSON summary groups failures by kind and place.

            """ + ExitStatus.help,
        subcommands: [FuzzMergeCommand.self]
    )

    @Option(help: "Campaign seed (default: random; printed in every output).") var seed: UInt64?
    @Option(help: "Traces to generate (default 1000 unless --max-seconds is given).") var runs: Int?
    @Option(help: "Stop generating after this many seconds.") var maxSeconds: Double?
    @Option(help: "Traces judged in parallel (default: all cores; at most \(Limits.maxJobs)).") var jobs: Int?
    @Option(help: "At most this many steps per trace.") var maxSteps = 20
    @Option(
        help: "Input weights: \(FuzzProfile.builtIn.map(\.name).joined(separator: ", ")), or a JSON file of weights.")
    var profile = "default"
    @Option(help: "Where shrunk failures are saved and replayed from (default Scenarios/regressions).")
    var out: String?
    @Option(help: "Run only shard i of n (1-based): runs with index mod n = i − 1.") var shard: Shard?
    @Option(help: "Stop after this many failing traces.") var maxFailures: Int?
    @Option(help: "Candidates the shrinker may try per failure, 0…1000000.") var shrinkBudget = 400
    @Option(
        help:
            "Replay determinism: off, frames (every frame record bit for bit) or bytes (frames.jsonl text; ~35× the cost of a run)."
    )
    var replayCheck = TraceChecks.Replay.frames
    @Option(
        help:
            "Replay one generated trace in N and check its scenario text against the in-memory one (1: every trace; saved files and shrinking always replay)."
    )
    var replayEvery = TraceChecks.defaultReplayEvery
    @Flag(help: "Skip the mirror-symmetry check.") var noMirrorCheck = false
    @Flag(
        help:
            "Fail on sub-pixel target deviations too (under a quarter of a device pixel; counted apart and finding nothing by default)."
    )
    var failSubPixel = false
    @Flag(
        help: ArgumentHelp(
            "Also judge the planted property \"no light impact, ever\", which nearly every campaign breaks: a self-test of saving, grouping and shrinking finds that needs no model bug.",
            visibility: .hidden))
    var plant = false
    @Flag(help: "No progress line on standard error.") var quiet = false
    @OptionGroup var model: ModelOptions
    @Option(
        help: ArgumentHelp(
            "Seconds between progress lines (default 0.5 on a terminal, 5 otherwise).", visibility: .hidden))
    var progressInterval: Double?
    @Option(
        parsing: .upToNextOption,
        help: "Replay these scenario files or folders through the fuzzer's oracle instead of generating.")
    var replay: [String] = []
    @Option(
        help: ArgumentHelp(
            "Write the generated traces' choice bytes here as a libFuzzer seed corpus, and stop.", visibility: .hidden))
    var exportCorpus: String?

    func validate() throws {
        if let runs, runs < 0 { throw ValidationError("--runs must be ≥ 0") }
        if let maxSeconds, !(maxSeconds.isFinite && maxSeconds > 0) {
            throw ValidationError("--max-seconds must be a positive number")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be ≥ 1") }
        if !(1...1000).contains(maxSteps) { throw ValidationError("--max-steps must be 1…1000") }
        if let maxFailures, maxFailures < 1 { throw ValidationError("--max-failures must be ≥ 1") }
        try Limits.check(shrinkBudget, "--shrink-budget", in: 0...1_000_000)
        try Limits.check(replayEvery, "--replay-every", in: 1...1_000_000)
        if let progressInterval { try Limits.check(progressInterval, "--progress-interval", in: 0.001...3600) }
    }

    func run() throws {
        let profile: FuzzProfile
        do { profile = try FuzzProfile.named(self.profile) } catch {
            throw CommandLineInputError(description: error.description)
        }
        let (runner, pool) = try model.start()
        defer { pool?.shutdown() }
        let oracle = TraceJudge(
            checks: TraceChecks(
                replay: replayCheck, replayEvery: replayEvery, mirror: !noMirrorCheck, failSubPixel: failSubPixel),
            extra: plant ? [.plantedNoLightImpact] : [], model: runner)
        if !replay.isEmpty { return try replayFiles(oracle) }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let generator = try makeGenerator(profile, for: runner.identity)
        if let exportCorpus { return try export(to: exportCorpus, seed: seed, generator: generator) }
        let database = RegressionDatabase(directory: outDirectory)
        try database.claim()

        let config = CampaignConfig(
            seed: seed, runs: runs ?? (maxSeconds == nil ? 1000 : nil), maxSeconds: maxSeconds, jobs: Limits.jobs(jobs),
            generator: generator,
            oracle: oracle, shardIndex: shard?.index ?? 1, shardCount: shard?.count ?? 1,
            database: database, maxFailures: maxFailures, shrinkBudget: shrinkBudget,
            model: ModelReport(runner.identity, command: model.command))
        let line = ProgressLine(quiet: quiet, interval: progressInterval)
        @Sendable func status(seconds: Double, runs: Int, ticks: Int, failures: Int) -> String {
            String(
                format: "fuzz seed %llu: %.1f s, %d traces (%.1f/s), %d ticks (%.0f/s), %d failing",
                seed, seconds, runs, Double(runs) / max(seconds, 1e-9), ticks, Double(ticks) / max(seconds, 1e-9),
                failures)
        }
        let report = Campaign.run(
            config,
            progress: { p in
                line.update { status(seconds: p.seconds, runs: p.runs, ticks: p.ticks, failures: p.failures) }
            },
            found: { announce($0, seed: seed, line: line) })
        line.finish(
            status(seconds: report.seconds, runs: report.runs, ticks: report.ticks, failures: report.failingRuns)
                + ", done")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
        if report.unsaved > 0 { throw ExitCode.environment }
        if report.failed { throw ExitCode.checkFailed }
    }

    /// The campaign's generator, refused with one line when its profile draws nothing this editor
    /// declares (a campaign of no traces would pass while testing nothing).
    func makeGenerator(_ profile: FuzzProfile, for identity: ModelIdentity) throws -> Generator {
        let generator = Generator(profile: profile, maxSteps: maxSteps, capabilities: identity.capabilities)
        guard generator.drawsItsFocus else {
            let kinds = generator.unsupportedFocus
            let needs = kinds.reduce(Capabilities()) { $0.union($1.capability) }.subtracting(identity.capabilities)
            throw CommandLineInputError(
                description: "--profile \(self.profile): draws nothing \(identity.label) supports "
                    + "(its \(kinds.map(\.rawValue).joined(separator: ", ")) steps need the capabilities \(needs.names.joined(separator: ", ")), which it does not declare)"
            )
        }
        return generator
    }

    /// One find as it happens, on standard error: what failed and where, the saved file and how
    /// to replay it, or why it could not be saved (which makes the campaign exit 3 at its end).
    func announce(_ f: Finding, seed: UInt64, line: ProgressLine) {
        guard !f.duplicate else { return }
        if let saveError = f.saveError {
            FileHandle.standardError.write(
                Data(
                    "\(line.messagePrefix)error: a \(f.failure) find was not saved: \(shownText("\(saveError)"))\n".utf8
                ))
            return
        }
        let origin = f.run.map { "run \($0)" } ?? "saved file"
        var text =
            "\(line.messagePrefix)\(f.failure) in \(origin) (seed \(seed), during \(f.place)): \(shownText(f.message))\n"
        if let file = f.file {
            text +=
                "  \(f.run == nil ? "still fails" : "saved \(f.steps) steps, \(f.fingers) fingers, \(f.samples) samples"): \(file)\n"
        }
        if let replay = f.replay { text += "  replay: \(replay)\n" }
        if !f.alsoBroken.isEmpty {
            text += "  filed as \(f.severity), its most severe; also broken: \(f.alsoBrokenText)\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    var outDirectory: String { out ?? "Scenarios/regressions" }

    func replayFiles(_ oracle: TraceJudge) throws {
        let loaded = ScenarioLoader.load(replay)
        for e in loaded.errors { printToStandardError("error: \(shownText("\(e)"))") }
        guard loaded.errors.isEmpty else { throw ExitCode.badInput }
        var failed = false
        for scenario in loaded.scenarios {
            if let failure = oracle.check(scenario).failure {
                failed = true
                print("FAIL \(scenario.file): \(failure.kind): \(shownText(failure.message))")
            } else {
                print("ok   \(scenario.file)")
            }
        }
        if failed { throw ExitCode.checkFailed }
    }

    /// Seeds for the `FuzzTrace` libFuzzer target: each run's choices as the bytes it decodes.
    func export(to directory: String, seed: UInt64, generator: Generator) throws {
        try OutputFile.checkWritableFolder(directory)
        let count = runs ?? 32
        guard count <= 1_000_000 else {
            throw CommandLineInputError(
                description: "--export-corpus writes at most 1000000 seeds, got --runs \(count)")
        }
        for run in 0..<count {
            var reader = ChoiceReader.random(seed: seed, run: run)
            _ = generator.trace(&reader)
            let path = (directory as NSString).appendingPathComponent(String(format: "seed-%llu-run-%04d", seed, run))
            try OutputFile.write(reader.encodedBytes, to: path)
        }
        print("wrote \(count) seeds to \(directory)")
    }
}

extension TraceChecks.Replay: ExpressibleByArgument {}
