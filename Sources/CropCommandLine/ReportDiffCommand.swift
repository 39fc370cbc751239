import ArgumentParser
import CropFiles
import CropReportDiff
import CropSim

/// `cropsim report diff A B`: two reports of the same suite compared scenario by scenario.
struct ReportDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two report folders of the same scenarios (before and after a change).",
        discussion: """
            Compares every scenario's deterministic logs (frames, haptics, effects, telemetry, \
            uploads, violations, the resolved scenario) and its verdict, and prints one line per \
            scenario that differs: what changed, by how much and from which tick. Scenarios only \
            in A or only in B are differences too. Writes index.html (both timelines overlaid and \
            the two filmstrips side by side) and diff.json into --out, which is replaced like \
            run's --report-dir and is never one of the two reports. See docs/report-diff.md.

            Exit codes: 0 identical, 1 the behaviour differs, 2 bad input (not a report folder, \
            a malformed or oversized file, a link inside a report), 3 the output could not be written.
            """
    )

    @Argument(help: "The report folder before (A).") var a: String
    @Argument(help: "The report folder after (B).") var b: String
    @Option(help: "The folder for index.html and diff.json.") var out = "Reports/diff"

    func run() throws {
        InputFiles.register(path: a)
        InputFiles.register(path: b)
        let folder = try MarkedFolder(out, mark: .report)
        try folder.check()
        let before = try ReportReader(a), after = try ReportReader(b)
        var diff = ReportDiff(a: a, b: b, policiesA: before.policies, policiesB: after.policies)
        for id in Set(before.ids).union(after.ids).sorted() {
            diff.add(
                before.entries[id] == nil ? nil : try before.logs(id),
                after.entries[id] == nil ? nil : try after.logs(id))
        }
        let page = Array(DiffPage.render(diff).utf8), json = Array(diff.json.utf8)
        try folder.replace(waiting: { printToStandardError("note: waiting for another cropsim run writing \(out)") }) {
            staging throws(OutputError) in
            try OutputFile.write(page, to: staging + "/index.html")
            try OutputFile.write(json, to: staging + "/diff.json")
        }
        for line in diff.lines { print(line) }
        print(
            "\(out): \(diff.identical.count) identical, \(diff.count(.both)) changed, \(diff.count(.onlyInA)) only in A, \(diff.count(.onlyInB)) only in B"
        )
        if !diff.isIdentical { throw ExitCode.checkFailed }
    }
}
