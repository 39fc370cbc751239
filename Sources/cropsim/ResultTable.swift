import CropModel
import CropReport
import CropSim
import CropVocabulary

/// The terminal table `cropsim run` prints: one row per scenario, failures explained below.
enum ResultTable {
    /// Any collection of results: a run passes a lazy view of what it kept, not a copy.
    static func render(_ results: some Collection<RunResult>, color: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let idWidth = min(60, max(8, results.map(\.scenario.id.count).max() ?? 8))
        func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : s + String(repeating: " ", count: w - s.count) }
        func left(_ s: String, _ w: Int) -> String { s.count >= w ? s : String(repeating: " ", count: w - s.count) + s }
        var lines = [pad("RESULT", 6) + "  " + pad("SCENARIO", idWidth) + "  " + left("TICKS", 6) + "  " + left("VIOLATIONS", 10) + "  HAPTICS"]
        for r in results {
            let status = switch r.outcome {
            case .passed: paint(pad("pass", 6), "32")
            case .failed: paint(pad("FAIL", 6), "31;1")
            case .notApplicable: paint(pad("n/a", 6), "33")
            }
            let haptics = r.hapticCounts.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            lines.append(status + "  " + pad(r.scenario.id, idWidth) + "  " + left(String(r.ticks), 6) + "  "
                         + left(String(r.violationCount), 10) + "  " + (haptics.isEmpty ? "-" : haptics))
        }
        let failed = results.filter(\.failed)
        for r in failed {
            lines.append("")
            lines.append(paint("✗ \(r.scenario.id)", "31;1") + " (\(r.scenario.file))")
            if let f = r.modelFailure {
                lines.append("    the model \(f)")
                for line in f.stderrTail.suffix(5) { lines.append("      stderr: \(line)") }
            }
            for v in r.violations.prefix(5) { lines.append("    \(v)") }
            if r.violationCount > 5 { lines.append("    … \(r.violationCount - min(5, r.violations.count)) more violations") }
            for f in r.failures { lines.append("    \(f)") }
        }
        lines += subPixel(results, paint: paint)
        lines.append("")
        let notApplicable = results.filter { $0.outcome == .notApplicable }.count
        let subPixelCount = results.map(\.subPixelCount).reduce(0, +)
        let summary = "\(results.filter(\.passed).count) passed, \(failed.count) failed"
            + (notApplicable > 0 ? ", \(notApplicable) not applicable to the model" : "")
            + (subPixelCount > 0 ? ", \(subPixelCount) sub-pixel target deviation\(subPixelCount == 1 ? "" : "s") (not failing; --fail-sub-pixel)" : "")
        lines.append(failed.isEmpty ? paint(summary, "32") : paint(summary, "31;1"))
        if let model = results.first?.model, model != Editor.referenceIdentity {
            lines.append(ModelReport(model, command: nil).line)
        }
        return lines.joined(separator: "\n")
    }

    /// The sub-pixel target deviations, apart from the failures (docs/oracle.md#sub-pixel): real
    /// differences no one can see, which fail only under `--fail-sub-pixel`.
    static func subPixel(_ results: some Collection<RunResult>, paint: (String, String) -> String) -> [String] {
        var lines: [String] = []
        for r in results where r.subPixelCount > 0 {
            lines.append("")
            lines.append(paint("≈ \(r.scenario.id)", "33") + " (\(r.scenario.file)): sub-pixel, not failing")
            for v in r.subPixel.prefix(3) { lines.append("    \(v)") }
            if r.subPixelCount > 3 { lines.append("    … \(r.subPixelCount - min(3, r.subPixel.count)) more sub-pixel deviations") }
        }
        return lines
    }
}
