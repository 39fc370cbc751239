import CropBuild
import CropFiles
import CropLogs
import Foundation

/// The report's top files merged from a `ScenarioSpool` a record at a time, byte for byte the
/// files `Summary`, `JUnitReport` and `HTMLReport` write from results held in memory
/// (`SpooledReportTests`). Records are taken in the order the scenarios were given, which
/// `cropsim run` sorts by id: the order of `summary.json`, `junit.xml`, `summary-rows.jsonl`
/// and `timings.js`; `index.html` takes the failures first.
extension ScenarioSpool {
    /// The totals every top file shows.
    struct Totals {
        var failed = 0, notApplicable = 0, subPixel = 0
        var wallSeconds = 0.0
    }

    func totals(_ records: [Record]) -> Totals {
        records.reduce(into: Totals()) { t, r in
            if r.outcome == .failed { t.failed += 1 }
            if r.outcome == .notApplicable { t.notApplicable += 1 }
            t.subPixel += Int(r.subPixel)
            t.wallSeconds += r.wallSeconds
        }
    }

    /// Writes part `part` (a `Part`'s raw value, or `Part.allCases.count` + k for the caller's
    /// k-th) of each record `which` keeps, in order, each after `separator` but the first after
    /// `first`. Returns how many were written.
    @discardableResult
    public func writeParts(
        _ part: Int, of records: [Record], where which: (Record) -> Bool = { _ in true },
        first: String = "", separator: String = "", skippingEmpty: Bool = false,
        into sink: inout some TextSink
    ) throws(OutputError) -> Int {
        var buffer: [UInt8] = [], written = 0
        for record in records where which(record) {
            let range = try parts(record, into: &buffer)[part]
            if skippingEmpty && range.isEmpty { continue }
            try sink.write(written == 0 ? first : separator)
            try sink.write(buffer, range)
            written += 1
        }
        return written
    }

    /// `summary.json`, as `Summary.json()` writes it.
    public func writeSummary(model: ModelReport?, into sink: inout some TextSink) throws(OutputError) {
        let records = records, t = totals(records)
        let head = Summary(
            passed: records.count - t.failed - t.notApplicable, failed: t.failed, notApplicable: t.notApplicable,
            model: model ?? self.model.map { ModelReport($0, command: nil) })
        let frame: (head: String, tail: String)
        do { frame = try head.frame(entries: !records.isEmpty) } catch {
            throw OutputError(.failed, "cannot encode summary.json: \(error)")
        }
        try sink.write(frame.head)
        try writeParts(Part.summaryEntry.rawValue, of: records, first: "\n", separator: ",\n", into: &sink)
        try sink.write(frame.tail)
    }

    /// `junit.xml`, as `JUnitReport.xml` writes it.
    public func writeJUnit(build: BuildInfo = .current, into sink: inout some TextSink) throws(OutputError) {
        let records = records, t = totals(records)
        try sink.write(
            JUnitReport.header(
                tests: records.count, failures: t.failed, skipped: t.notApplicable, seconds: t.wallSeconds,
                model: model, build: build))
        try writeParts(Part.junitCase.rawValue, of: records, into: &sink)
        try sink.write(JUnitReport.footer)
    }

    /// `index.html`, as `HTMLReport.render(rows:)` writes it: failed rows first, then the others.
    public func writeIndex(model: ModelReport?, build: BuildInfo? = .current, into sink: inout some TextSink)
        throws(OutputError)
    {
        let records = records, t = totals(records)
        try sink.write(
            HTMLReport.pageHead(
                scenarios: records.count, failed: t.failed, notApplicable: t.notApplicable, model: model, build: build))
        let failed = try writeParts(
            Part.row.rawValue, of: records, where: { $0.outcome == .failed }, separator: ",\n", into: &sink)
        try writeParts(
            Part.row.rawValue, of: records, where: { $0.outcome != .failed }, first: failed > 0 ? ",\n" : "",
            separator: ",\n", into: &sink)
        try sink.write(HTMLReport.pageTail(build: build))
    }

    /// `summary-rows.jsonl`, as `SummaryRows.text` writes it.
    public func writeRows(suite: SummaryRows.Suite, into sink: inout some TextSink) throws(OutputError) {
        try sink.write(suite.json + "\n")
        try writeParts(Part.row.rawValue, of: records, first: "", separator: "\n", into: &sink)
        if count > 0 { try sink.write("\n") }
    }

    /// `timings.js`, as `HTMLReport.timings` writes it: the measured scenarios only.
    public func writeTimings(into sink: inout some TextSink) throws(OutputError) {
        try sink.write(HTMLReport.timingsHead)
        try writeParts(Part.timing.rawValue, of: records, separator: ",\n", skippingEmpty: true, into: &sink)
        try sink.write(HTMLReport.timingsTail)
    }
}
