import ArgumentParser
import CropFiles
import CropImaging
import CropLogs
import CropPhotos
import CropReport
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// `cropsim run`: the main job. Runs scenario files, checks every invariant on every tick,
/// writes the report folder and a JUnit file, prints a table.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios and write reports.",
        discussion: """
            The report folder must be absent, empty or a previous cropsim report (it holds a \
            .cropsim-report marker); anything else is refused before the run. It is replaced \
            crash-safely; runs into one folder take turns. See docs/reports.md.

            """ + ExitStatus.help
    )

    @Argument(help: "Scenario files or folders (searched recursively).") var paths: [String] = ["Scenarios"]
    @Option(help: "Report folder (absent, empty or a previous report), replaced as a whole when the run ends.")
    var reportDir = "Reports/latest"
    @Option(help: "Also write the JUnit XML here (a file, replaced atomically).") var junit: String?
    @Option(help: "Only scenarios whose id or name contains this text.") var filter: String?
    @Option(help: "Run only shard i of n (1-based).") var shard: Shard?
    @Flag(help: "Print the summary as JSON instead of a table.") var json = false
    @Option(help: "Scenarios run in parallel (default: all cores; at most \(Limits.maxJobs)).") var jobs: Int?
    @Flag(help: "No progress line on standard error.") var quiet = false
    @Flag(
        help:
            "Fail on sub-pixel target deviations too (under a quarter of a device pixel; reported apart and passing by default)."
    )
    var failSubPixel = false
    @Option(
        help:
            "Which scenarios keep trace.json (Perfetto): failed (default) or all; every other file is kept for every scenario."
    )
    var traces = ReportWriter.Traces.failed
    @OptionGroup var model: ModelOptions
    @Option(
        help: ArgumentHelp(
            "Seconds between progress lines (default 0.5 on a terminal, 5 otherwise).", visibility: .hidden))
    var progressInterval: Double?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be ≥ 1, got \(jobs)") }
        if let progressInterval { try Limits.check(progressInterval, "--progress-interval", in: 0.001...3600) }
    }

    func run() throws {
        // Every output is checked before the run: a refused path costs nothing.
        try MarkedFolder(reportDir, mark: .report).check()
        if let junit { try OutputFile.check(junit) }
        let (planned, errors) = PlannedScenario.plan(paths)
        guard errors.isEmpty else {
            for e in errors { printToStandardError("error: \(shownText("\(e)"))") }
            throw ExitCode.badInput
        }
        var scenarios = planned.sorted { $0.id < $1.id }
        if let filter {
            scenarios = scenarios.filter {
                $0.id.localizedCaseInsensitiveContains(filter) || $0.name.localizedCaseInsensitiveContains(filter)
            }
        }
        let suite = scenarios.map(\.id)
        if let shard {
            scenarios = scenarios.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
        }
        guard !scenarios.isEmpty else {
            printToStandardError(
                "error: no scenarios found in \(paths.joined(separator: " "))\(filter.map { " matching \"\($0)\"" } ?? "")"
            )
            throw ExitCode.badInput
        }

        let jobs = Limits.jobs(jobs)
        let (runner, pool) = try model.start()
        defer { pool?.shutdown() }
        let line = ProgressLine(quiet: quiet, interval: progressInterval)
        var writer = ReportWriter(path: reportDir)
        writer.model = ModelReport(runner.identity, command: model.command)
        writer.traces = traces
        let color = isatty(STDOUT_FILENO) != 0
        let spool = try write(
            scenarios, suite: suite, runner: runner, jobs: jobs, into: writer, line: line, color: color)
        let records = spool.records
        let failed = records.filter { $0.outcome == .failed }.count
        line.finish(
            String(
                format: "run: %d scenarios, %d failed, report written in %.1f s", scenarios.count, failed, line.seconds)
        )
        if let junit {
            try OutputFile.write(to: junit) { file throws(OutputError) in try spool.writeJUnit(into: &file) }
        }
        var out = StandardOutput()
        if json {
            try spool.writeSummary(model: writer.model, into: &out)
        } else {
            try ResultTable.write(
                spool, idWidth: ResultTable.idWidth(scenarios.lazy.map(\.id)), color: color, into: &out)
            print("Reports: \(reportDir)/")
        }
        if failed > 0 { throw ExitCode.checkFailed }
    }

    /// Runs the scenarios into the report as they finish (the folder is staged under its lock for
    /// the whole run, docs/reports.md): each scenario's folder, avatar, `detail.js` and
    /// `timing.js` are written on the thread that ran it, and what the top files, the JUnit file
    /// and the table need of it goes to a `ScenarioSpool` on disk, so memory grows neither with
    /// the scenarios' frames nor with their number (issue 36). The top files are then merged
    /// from the spool, which is returned for the JUnit file and the table.
    private func write(
        _ scenarios: [PlannedScenario], suite: [String], runner: ModelRunner, jobs: Int, into writer: ReportWriter,
        line: ProgressLine, color: Bool
    ) throws -> ScenarioSpool {
        var options = Simulator.Options()
        options.failSubPixel = failSubPixel
        let total = scenarios.count, reportDir = reportDir
        let thumbnails = Self.thumbnails(scenarios)
        let idWidth = ResultTable.idWidth(scenarios.lazy.map(\.id))
        var kept: ScenarioSpool?
        try writer.stream(
            ids: scenarios.map(\.id),
            waiting: {
                printToStandardError("\(line.messagePrefix)note: waiting for another cropsim run writing \(reportDir)")
            }
        ) { sink throws(OutputError) in
            let spool = try sink.spool(count: scenarios.count, extraParts: ResultTable.partCount)
            kept = spool
            try ParallelRunner.run(
                scenarios, jobs: jobs, model: runner, options: options,
                progress: { done, failed in
                    line.update {
                        String(format: "run: %d of %d scenarios, %d failed, %.1f s", done, total, failed, line.seconds)
                    }
                }, scenario: { planned throws(OutputError) in try planned.load() }
            ) { index, result, seconds throws(OutputError) in
                var one = [result]
                var files = Self.avatars(&one)
                let photo = ScenarioPhotos.path(of: result.scenario).flatMap { thumbnails[$0] }
                files.merge(HTMLReport.scenarioFiles(one[0], wallSeconds: seconds, thumbnail: photo)) { $1 }
                try sink.write(one[0], attachments: files)
                try spool.keep(
                    index, FinishedScenario(one[0], wallSeconds: seconds),
                    extra: ResultTable.parts(one[0], idWidth: idWidth, color: color))
            }
            line.update { "run: \(total) scenarios done, writing \(reportDir)" }
            try writer.writeTopFiles(spool, suite: SummaryRows.Suite(ids: suite), into: sink)
        }
        return kept!
    }

    /// Renders one scenario's avatar (its photo decoded at full size) at a time, whatever the
    /// `--jobs`: two photos of 48 MP decoded at once would be most of a run's peak memory, and
    /// the suite has few photo scenarios, so waiting costs little (issue 36).
    static func avatars(_ one: inout [RunResult]) -> [String: [UInt8]] {
        guard ScenarioPhotos.path(of: one[0].scenario) != nil else { return [:] }
        return avatarLock.withLock { ScenarioPhotos.render(&one)[one[0].scenario.id] ?? [:] }
    }

    private static let avatarLock = NSLock()

    /// The photo each scenario's detail shows, decoded once per file however many scenarios
    /// share it (a generated suite of thousands repeats the same few).
    static func thumbnails(_ scenarios: [PlannedScenario]) -> [String: RGBImage] {
        var out: [String: RGBImage] = [:]
        for path in Set(scenarios.compactMap(\.photo)) {
            if let image = try? ImageFile.thumbnail(path: path) { out[path] = HTMLReport.photo(image) }
        }
        return out
    }
}

extension ReportWriter.Traces: ExpressibleByArgument {}
