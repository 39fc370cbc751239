import ArgumentParser
import CropModel
import CropPhotos
import CropReport
import CropSim
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
    @Option(help: "Scenarios run in parallel (default: all cores; at most \(Limits.maxJobs)).") var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be ≥ 1, got \(jobs)") }
    }

    func run() throws {
        // Every output is checked before the run: a refused path costs nothing.
        try ReportFolder(reportDir).check()
        if let junit { try OutputFile.check(junit) }
        let loaded = ScenarioLoader.load(paths)
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        let errors = loaded.errors + photos.errors
        guard errors.isEmpty else {
            for e in errors { printToStandardError("error: \(e)") }
            throw ExitCode.badInput
        }
        var scenarios = photos.scenarios.sorted { $0.id < $1.id }
        if let filter {
            scenarios = scenarios.filter { $0.id.localizedCaseInsensitiveContains(filter) || $0.name.localizedCaseInsensitiveContains(filter) }
        }
        if let shard {
            scenarios = scenarios.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
        }
        guard !scenarios.isEmpty else {
            printToStandardError("error: no scenarios found in \(paths.joined(separator: " "))\(filter.map { " matching \"\($0)\"" } ?? "")")
            throw ExitCode.badInput
        }

        var outcome = ParallelRunner.run(scenarios, jobs: Limits.jobs(jobs), options: Simulator.Options())
        var writer = ReportWriter(path: reportDir)
        writer.attachments = ScenarioPhotos.render(&outcome.results)
        let html = HTMLReport.render(outcome.results, wallSeconds: outcome.wallSeconds,
                                     thumbnails: ScenarioPhotos.thumbnails(outcome.results))
        writer.files["index.html"] = Array(html.utf8)
        try writer.write(outcome.results, wallSeconds: outcome.wallSeconds) {
            printToStandardError("note: waiting for another cropsim run writing \(reportDir)")
        }
        if let junit {
            try OutputFile.write(Array(JUnitReport.xml(outcome.results, wallSeconds: outcome.wallSeconds).utf8), to: junit)
        }
        if json {
            print(try Summary(outcome.results, wallSeconds: outcome.wallSeconds).json(), terminator: "")
        } else {
            print(ResultTable.render(outcome.results, color: isatty(STDOUT_FILENO) != 0))
            print("Reports: \(reportDir)/")
        }
        if outcome.results.contains(where: { !$0.passed }) { throw ExitCode.checkFailed }
    }
}
