import CropFiles
import CropLogs
import CropScenario
import CropSim
import CropSpec
import CropText
import Foundation

/// Writes a run's report folder so that it is either all there or not there at all, and only
/// where a report may go: a `MarkedFolder` with the report's mark checks the path, stages the
/// files beside it and swaps them in. Every write is a plain system call, so a failure is one
/// line naming the path. There is one way to write a report, `stream` (what `cropsim run` does),
/// and the tests write theirs the same way.
public struct ReportWriter: Sendable {
    public let path: String
    /// The model under test, as summary.json names it.
    public var model: ModelReport?
    /// Which scenarios keep a `trace.json` (docs/reports.md, "What a report keeps").
    public var traces = Traces.all

    /// Which scenarios keep a `trace.json`: it restates `frames.jsonl` for Perfetto and is a
    /// quarter of a scenario's bytes, so `cropsim run` keeps it only where someone will look.
    public enum Traces: String, Sendable, CaseIterable {
        case all, failed
    }

    public init(path: String) {
        self.path = path
    }

    /// Whether a scenario id can name its folder below `scenarios/`: relative, no "", "." or ".."
    /// part that would leave it or alias another, no control character or NUL (`UntrustedName`).
    static func isFolderName(_ id: String) -> Bool { UntrustedName.problem(id, escapedBytes: true) == nil }

    /// Writes the report while its scenarios run, so that a run holds the frames of the scenarios
    /// in flight, never the suite's (issue 36). Under the folder's lock, once the staging folder
    /// exists, `run` gets a `ScenarioSink` that writes each scenario's folder as soon as it is
    /// given; `run` ends with `writeTopFiles`. Then the folder is swapped in (`MarkedFolder`).
    /// `ids` (every scenario the run will write) are checked first, so a bad one costs no run.
    /// `waiting` is called if another run is writing the same folder (this one then waits).
    public func stream(ids: [String], waiting: () -> Void = {}, _ run: (ScenarioSink) throws(OutputError) -> Void)
        throws(OutputError)
    {
        for id in ids where !Self.isFolderName(id) {
            throw OutputError(.refused, "\(path): scenario id \"\(id)\" is not a relative path")
        }
        let folder = try MarkedFolder(path, mark: .report)
        try folder.replace(waiting: waiting) { staging throws(OutputError) in
            try run(ScenarioSink(writer: self, staging: staging))
        }
    }

    /// `summary.json`, `junit.xml`, `index.html`, `summary-rows.jsonl` and `timings.js`, merged
    /// from the spool a scenario at a time. `suite` is every scenario id the run was drawn from
    /// (before `--shard`). The spool keeps the run's order: `run` sorts its scenarios by id, the
    /// order `HTMLReport.render` and `SummaryRows` give, so a run's page is the one `report merge`
    /// draws from its rows.
    public func writeTopFiles(_ spool: ScenarioSpool, suite: SummaryRows.Suite, into sink: ScenarioSink)
        throws(OutputError)
    {
        try sink.writeTop("summary.json") { file throws(OutputError) in
            try spool.writeSummary(model: model, into: &file)
        }
        try sink.writeTop("junit.xml") { file throws(OutputError) in try spool.writeJUnit(into: &file) }
        try sink.writeTop("index.html") { file throws(OutputError) in try spool.writeIndex(model: model, into: &file) }
        try sink.writeTop(SummaryRows.fileName) { file throws(OutputError) in
            try spool.writeRows(suite: suite, into: &file)
        }
        try sink.writeTop("timings.js") { file throws(OutputError) in try spool.writeTimings(into: &file) }
    }

    /// Writes scenario folders into a report being staged; safe to call from many threads.
    public struct ScenarioSink: Sendable {
        let writer: ReportWriter
        let staging: String

        /// A spool for the run's `count` scenarios, in the staging folder (`ScenarioSpool`).
        public func spool(count: Int, extraParts: Int) throws(OutputError) -> ScenarioSpool {
            try ScenarioSpool(count: count, extraParts: extraParts, in: staging, shownAs: writer.path)
        }

        /// Writes a file at the top of the report a piece at a time.
        func writeTop(_ name: String, _ fill: (inout BufferedFile) throws(OutputError) -> Void) throws(OutputError) {
            try BufferedFile.create(staging + "/" + name, shownAs: writer.path, sync: false, fill)
        }

        /// The scenario's folder with its logs and `attachments` (its avatar, `detail.js`,
        /// `timing.js`: made as the folder is written and dropped once on disk, so a large suite
        /// never holds them all).
        public func write(_ r: RunResult, attachments: [String: [UInt8]] = [:]) throws(OutputError) {
            try writer.writeScenario(r, attachments: attachments, into: staging)
        }
    }

    private func writeScenario(_ r: RunResult, attachments: [String: [UInt8]], into staging: String) throws(OutputError)
    {
        let id = r.scenario.id
        guard Self.isFolderName(id) else {
            throw OutputError(.refused, "\(path): scenario id \"\(id)\" is not a relative path")
        }
        let folder = staging + "/scenarios/" + id
        try Folders.make(folder, shownAs: path, inside: staging)
        let resolved: String
        do { resolved = try ResolvedScenario(r).json() } catch {
            throw OutputError(.failed, "\(path): cannot encode scenario.resolved.json: \(error)")
        }
        try put(folder + "/scenario.resolved.json", resolved)
        try put(folder + "/frames.jsonl", FrameLog.frames(r.frames))
        try put(folder + "/haptics.jsonl", FrameLog.haptics(r.effects))
        try put(folder + "/effects.jsonl", FrameLog.effects(r.effects))
        try put(folder + "/violations.jsonl", (r.violations + r.subPixel).map(Self.violationLine).joined())
        try put(folder + "/upload.jsonl", FrameLog.uploads(r.backend))
        try put(folder + "/telemetry.jsonl", FrameLog.telemetry(r.effects))
        try put(folder + "/frame-timing.jsonl", FrameTimingStatistics.jsonLines(r.modelNanoseconds))
        if traces == .all || r.failed { try put(folder + "/trace.json", ChromeTrace.json(r)) }
        for (name, bytes) in attachments.sorted(by: { $0.key < $1.key }) { try put(folder + "/" + name, bytes) }
    }

    /// One line of `violations.jsonl`; a geometric property's adds its `magnitude` (device
    /// pixels, and along the photo's axes when turned) and a sub-pixel deviation `"subPixel":true`
    /// (docs/reports.md). Lines without them are as they always were.
    static func violationLine(_ v: Violation) -> String {
        var line =
            "{\"invariant\":\"\(v.property.rawValue)\",\"tick\":\(v.tick),\"t\":\(formatNumber(v.time)),\"message\":\(jsonString(v.message))"
        if let m = v.magnitude {
            line += ",\"magnitude\":{\"devicePixels\":\(formatNumber(m.devicePixels))"
            if let p = m.photoAxes { line += ",\"photoAxes\":{\"x\":\(formatNumber(p.x)),\"y\":\(formatNumber(p.y))}" }
            line += "}"
        }
        if v.isSubPixel { line += ",\"subPixel\":true" }
        return line + "}\n"
    }

    private func put(_ file: String, _ bytes: [UInt8]) throws(OutputError) {
        try OutputFile.writeNew(bytes, to: file, shownAs: path, sync: false)
    }

    /// Written straight from the string's UTF-8 storage: a frame log is megabytes.
    private func put(_ file: String, _ text: String) throws(OutputError) {
        var text = text
        let failure: OutputError? = text.withUTF8 { buffer in
            do throws(OutputError) {
                try OutputFile.writeNew(buffer, to: file, shownAs: path, sync: false)
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }
}
