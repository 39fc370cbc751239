import CropFiles
import CropLogs
import CropModel
import CropReport
import CropSim
import CropVocabulary

/// The terminal table `cropsim run` prints: one row per scenario, failures explained below.
/// Each scenario's pieces are made when it finishes and kept in the run's `ScenarioSpool`
/// (`parts`), so that the table of a suite of thousands is printed a row at a time (`write`).
enum ResultTable {
    /// How many of a spool record's parts are the table's: the row, the failure explained and
    /// the sub-pixel deviations explained.
    static let partCount = 3

    /// The SCENARIO column's width, from every id the run will print.
    static func idWidth(_ ids: some Sequence<String>) -> Int {
        min(60, max(8, ids.reduce(0) { max($0, $1.count) }))
    }

    /// One scenario's row, failure and sub-pixel pieces ("" when there is nothing to explain),
    /// each line after a newline, as `write` prints them.
    static func parts(_ r: RunResult, idWidth: Int, color: Bool) -> [String] {
        let paint = painter(color)
        let status =
            switch r.outcome {
            case .passed: paint(pad("pass", 6), "32")
            case .failed: paint(pad("FAIL", 6), "31;1")
            case .notApplicable: paint(pad("n/a", 6), "33")
            }
        let haptics = r.hapticCounts.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        let row =
            status + "  " + pad(r.scenario.id, idWidth) + "  " + left(String(r.ticks), 6) + "  "
            + left(String(r.violationCount), 10) + "  " + (haptics.isEmpty ? "-" : haptics)
        return [row, failure(r, paint: paint), subPixel(r, paint: paint)].map { lines in
            lines.isEmpty
                ? "" : lines.split(separator: "\n", omittingEmptySubsequences: false).map { "\n" + $0 }.joined()
        }
    }

    /// The whole table: the header, the rows, the failures, the sub-pixel deviations, the totals.
    static func write(_ spool: ScenarioSpool, idWidth: Int, color: Bool, into sink: inout some TextSink)
        throws(OutputError)
    {
        let paint = painter(color), records = spool.records, first = ScenarioSpool.firstExtraPart
        try sink.write(
            pad("RESULT", 6) + "  " + pad("SCENARIO", idWidth) + "  " + left("TICKS", 6) + "  " + left("VIOLATIONS", 10)
                + "  HAPTICS")
        try spool.writeParts(first, of: records, into: &sink)
        try spool.writeParts(first + 1, of: records, where: { $0.outcome == .failed }, into: &sink)
        try spool.writeParts(first + 2, of: records, where: { $0.subPixel > 0 }, into: &sink)
        let failed = records.filter { $0.outcome == .failed }.count
        let notApplicable = records.filter { $0.outcome == .notApplicable }.count
        let subPixelCount = records.reduce(0) { $0 + Int($1.subPixel) }
        let summary =
            "\(records.count - failed - notApplicable) passed, \(failed) failed"
            + (notApplicable > 0 ? ", \(notApplicable) not applicable to the model" : "")
            + (subPixelCount > 0
                ? ", \(subPixelCount) sub-pixel target deviation\(subPixelCount == 1 ? "" : "s") (not failing; --fail-sub-pixel)"
                : "")
        try sink.write("\n\n" + (failed == 0 ? paint(summary, "32") : paint(summary, "31;1")))
        if let model = spool.model, model != Editor.referenceIdentity {
            try sink.write("\n" + ModelReport(model, command: nil).line)
        }
        try sink.write("\n")
    }

    /// Why a failed scenario failed: its model failure, first violations and failed expectations.
    private static func failure(_ r: RunResult, paint: (String, String) -> String) -> String {
        guard r.failed else { return "" }
        var lines = ["", paint("✗ \(r.scenario.id)", "31;1") + " (\(r.scenario.file))"]
        if let f = r.modelFailure {
            lines.append("    the model \(f)")
            for line in f.stderrTail.suffix(5) { lines.append("      stderr: \(line)") }
        }
        for v in r.violations.prefix(5) { lines.append("    \(v)") }
        if r.violationCount > 5 {
            lines.append("    … \(r.violationCount - min(5, r.violations.count)) more violations")
        }
        for f in r.failures { lines.append("    \(f)") }
        return lines.joined(separator: "\n")
    }

    /// The sub-pixel target deviations, apart from the failures (docs/oracle.md#sub-pixel): real
    /// differences no one can see, which fail only under `--fail-sub-pixel`.
    private static func subPixel(_ r: RunResult, paint: (String, String) -> String) -> String {
        guard r.subPixelCount > 0 else { return "" }
        var lines = ["", paint("≈ \(r.scenario.id)", "33") + " (\(r.scenario.file)): sub-pixel, not failing"]
        for v in r.subPixel.prefix(3) { lines.append("    \(v)") }
        if r.subPixelCount > 3 {
            lines.append("    … \(r.subPixelCount - min(3, r.subPixel.count)) more sub-pixel deviations")
        }
        return lines.joined(separator: "\n")
    }

    private static func painter(_ color: Bool) -> (String, String) -> String {
        { s, code in color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    }

    private static func pad(_ s: String, _ w: Int) -> String {
        s.count >= w ? s : s + String(repeating: " ", count: w - s.count)
    }
    private static func left(_ s: String, _ w: Int) -> String {
        s.count >= w ? s : String(repeating: " ", count: w - s.count) + s
    }
}
