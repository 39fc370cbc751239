import CropBuild
import CropLogs
import CropScenario
import CropSim
import CropText
import CropVocabulary

/// `junit.xml`: one testcase per scenario, in the shape Jenkins, GitLab and GitHub annotators
/// read (testsuites/testsuite/testcase, properties, failure with message and body). A CI
/// artifact, not a byte-stable log: every `time` is the measured wall time, in seconds.
public enum JUnitReport {
    /// Any collection of results, so that a caller may pass a lazy view instead of a copy.
    public static func xml(
        _ results: some Collection<RunResult>, wallSeconds: [String: Double], build: BuildInfo = .current
    ) -> String {
        let failures = results.filter(\.failed).count
        let skipped = results.filter { $0.outcome == .notApplicable }.count
        var out = header(
            tests: results.count, failures: failures, skipped: skipped,
            seconds: wallSeconds.values.reduce(0, +), model: results.first?.model, build: build)
        for r in results { out += testcase(r, wallSeconds: wallSeconds[r.scenario.id] ?? 0) }
        return out + footer
    }

    /// Everything before the first `testcase`: the totals, the build and the editor under test.
    static func header(
        tests: Int, failures: Int, skipped: Int, seconds total: Double, model identity: ModelIdentity?, build: BuildInfo
    ) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out +=
            #"<testsuites name="cropsim" tests="\#(tests)" failures="\#(failures)" errors="0" time="\#(seconds(total))">"#
            + "\n"
        out +=
            #"  <testsuite name="cropsim scenarios" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(seconds(total))">"#
            + "\n"
        // The build and the editor under test, for CI dashboards that show a suite's properties.
        out += "    <properties>\n"
        out += #"      <property name="cropsim" value="\#(escapeMarkup(build.description))"/>"# + "\n"
        if let identity {
            let model = ModelReport(identity, command: nil)
            out += #"      <property name="model" value="\#(escapeMarkup("\(model.name) \(model.version)"))"/>"# + "\n"
            out +=
                #"      <property name="policies" value="\#(escapeMarkup(identity.policies.values.map { "\($0.name)=\($0.value)" }.joined(separator: " ")))"/>"#
                + "\n"
            out +=
                #"      <property name="notJudged" value="\#(escapeMarkup(model.notJudged.joined(separator: " ")))"/>"#
                + "\n"
        }
        return out + "    </properties>\n"
    }

    static let footer = "  </testsuite>\n</testsuites>\n"

    /// One scenario's `testcase` element, with its own lines.
    static func testcase(_ r: RunResult, wallSeconds: Double) -> String {
        let s = r.scenario
        let folder = s.id.split(separator: "/").dropLast().joined(separator: ".")
        var out =
            #"    <testcase classname="\#(escapeMarkup(folder.isEmpty ? "scenarios" : "scenarios.\(folder)"))" name="\#(escapeMarkup(s.id))" file="\#(escapeMarkup(s.file))" time="\#(seconds(wallSeconds))">"#
            + "\n"
        out += "      <properties>\n"
        out += #"        <property name="scenario" value="\#(escapeMarkup(s.file))"/>"# + "\n"
        out += #"        <property name="title" value="\#(escapeMarkup(s.name))"/>"# + "\n"
        out += #"        <property name="covers" value="\#(escapeMarkup(s.covers.joined(separator: " ")))"/>"# + "\n"
        out += #"        <property name="ticks" value="\#(r.ticks)"/>"# + "\n"
        out += "      </properties>\n"
        if let reason = r.notApplicable {
            out +=
                #"      <skipped message="\#(escapeMarkup("not applicable to \(r.model.label): \(reason)"))"/>"# + "\n"
        }
        if r.failed {
            let message = r.firstProblem ?? "failed"
            var body = r.violations.map(\.description)
            body += r.failures.map(\.description)
            let hidden = r.violationCount - r.violations.count
            if hidden > 0 { body.append("… and \(hidden) more violations") }
            out +=
                #"      <failure message="\#(escapeMarkup(message))" type="\#(r.modelFailure != nil ? "ModelFailure" : r.violationCount > 0 ? "InvariantViolation" : "ExpectationFailure")">"#
            out += escapeMarkup(body.joined(separator: "\n")) + "</failure>\n"
        }
        if r.subPixelCount > 0 {
            // Not a failure (docs/oracle.md#sub-pixel): told in the case's output, where CI
            // annotators show it beside a passing test.
            let notes =
                ["sub-pixel target deviations (\(r.subPixelCount), not failing; --fail-sub-pixel fails them):"]
                + r.subPixel.map(\.description)
            out += "      <system-out>" + escapeMarkup(notes.joined(separator: "\n")) + "</system-out>\n"
        }
        return out + "    </testcase>\n"
    }

    /// Seconds with three decimals (`1.500`), as CI dashboards show them.
    static func seconds(_ s: Double) -> String {
        let ms = s.isFinite ? Int((max(0, s) * 1000).rounded()) : 0
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.utf8.count) + fraction
    }
}
