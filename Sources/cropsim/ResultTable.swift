import CropModel
import CropReport
import CropSim
import CropVocabulary

/// The terminal table `cropsim run` prints: one row per scenario, failures explained below.
enum ResultTable {
    static func render(_ results: [RunResult], color: Bool) -> String {
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
        lines.append("")
        let notApplicable = results.filter { $0.outcome == .notApplicable }.count
        let summary = "\(results.filter(\.passed).count) passed, \(failed.count) failed"
            + (notApplicable > 0 ? ", \(notApplicable) not applicable to the model" : "")
        lines.append(failed.isEmpty ? paint(summary, "32") : paint(summary, "31;1"))
        if let model = results.first?.model, model != Editor.referenceIdentity {
            lines.append(ModelReport(model, command: nil).line)
        }
        return lines.joined(separator: "\n")
    }
}
