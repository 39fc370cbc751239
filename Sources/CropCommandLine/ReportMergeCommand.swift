import ArgumentParser
import CropFiles
import CropReport
import CropSim
import CropVocabulary
import Foundation

/// `cropsim report`: commands on report folders.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with report folders (merge shards, diff two runs).",
        subcommands: [ReportMergeCommand.self, ReportDiffCommand.self]
    )
}

/// `cropsim report merge`: the report folders of `run --shard i/n` legs, as one report.
struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the report folders of sharded runs into one report.",
        discussion: """
            The merged report (index.html, summary.json, junit.xml, summary-rows.jsonl and \
            scenarios/) is byte-identical to one unsharded run's, timings aside, whatever the order \
            of the folders. The folders must be every shard of one suite, each once. The output folder is replaced \
            like run's --report-dir (absent, empty or a previous report), and is never one of the shards. \
            A shard is untrusted input: ids are checked byte by byte, links inside it are refused, not \
            followed. Exit code 1 when a merged \
            scenario failed.

            """ + ExitStatus.help
    )

    @Argument(help: "The shards' report folders.") var shards: [String]
    @Option(help: "The merged report folder.") var out = "Reports/merged"

    func validate() throws {
        if shards.isEmpty { throw ValidationError("give at least one report folder to merge") }
    }

    func run() throws {
        // The shards are inputs before anything else: --out naming one of them (or a folder that
        // holds one), however spelled, is refused instead of replacing it.
        for shard in shards { InputFiles.register(path: shard) }
        let folder = try MarkedFolder(out, mark: .report)
        try folder.check()
        var merge = ReportMerge()
        for shard in shards { try merge.add(shard) }
        try merge.checkComplete()
        guard let summary = merge.summary, let rows = merge.rows else { return }
        let page = [
            "index.html": HTMLReport.render(rows: rows.rows, model: summary.model, build: summary.build),
            "timings.js": HTMLReport.timings(p95: summary.scenarios.map { ($0.id, $0.timing.p95Ns) })
        ]
        try folder.replace(waiting: { printToStandardError("note: waiting for another cropsim run writing \(out)") }) {
            staging throws(OutputError) in
            try merge.fill(staging, shownAs: out, files: page)
        }
        print(
            "\(out): \(summary.scenarios.count) scenarios from \(shards.count) reports, \(summary.passed) passed, \(summary.failed) failed"
        )
        if summary.failed > 0 { throw ExitCode.checkFailed }
    }
}
