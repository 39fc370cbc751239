import CropBuild
import CropFrames
import CropImaging
import CropLogs
import CropModel
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// The HTML report, in parts so that it scales to thousands of scenarios and so that what is
/// measured lives apart from what is deterministic:
///
/// * `index.html` — a small summary page: one row per scenario (result, group, ticks,
///   violations, haptics, problems) as a JSON block that a script renders, sorts and filters (by
///   result, group, requirement id, broken invariant and free text). It is drawn from
///   `SummaryRow`s alone, which the run also writes to `summary-rows.jsonl`, so `report merge`
///   draws the same page from shards;
/// * `timings.js` — the p95 model time per scenario, for the summary's p95 column;
/// * `scenarios/<id>/detail.js` — that scenario's charts, scrubber and filmstrip, which the page
///   loads only when a row is opened, by adding a `<script src>` (Chromium blocks `fetch` and
///   XHR on `file://`, but not scripts), so the folder still opens from disk or a CI artifact;
/// * `scenarios/<id>/timing.js` — that scenario's frame-time histogram, table and wall seconds,
///   loaded with `detail.js` the same way.
///
/// `index.html` and `detail.js` are byte-stable for one build (the page's footer names it); the
/// two timing scripts are measured.
public enum HTMLReport {
    /// A scenario's files: `detail.js` and `timing.js`.
    public static func scenarioFiles(_ r: RunResult, wallSeconds: Double?, thumbnail: RGBImage?) -> [String: [UInt8]] {
        [
            "detail.js": Array(detail(r, thumbnail: thumbnail).utf8),
            "timing.js": Array(timing(r, wallSeconds: wallSeconds).utf8)
        ]
    }

    /// `index.html`, rows in page order (failures first, then by id) whatever the order given.
    /// `model` names the model under test when it is not the reference editor; `build` is the
    /// cropsim that ran the scenarios (nil for shards older than `BuildInfo`).
    public static func render(rows: [SummaryRow], model: ModelReport? = nil, build: BuildInfo? = .current) -> String {
        let failed = rows.filter(\.failed).count
        let notApplicable = rows.filter { $0.na != nil }.count
        return pageHead(scenarios: rows.count, failed: failed, notApplicable: notApplicable, model: model, build: build)
            + rows.sorted(by: SummaryRow.pageOrder).map(\.json).joined(separator: ",\n") + pageTail(build: build)
    }

    /// `index.html` up to its first row: rows follow, separated by ",\n", then `pageTail`.
    static func pageHead(scenarios: Int, failed: Int, notApplicable: Int, model: ModelReport?, build: BuildInfo?)
        -> String
    {
        let passed = scenarios - failed - notApplicable
        var page = "<!DOCTYPE html>\n<html lang=\"en\" data-js-errors=\"not-run\"><head><meta charset=\"utf-8\">"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        page += "<title>cropsim report: \(passed) of \(scenarios) passed</title>"
        page += "<style>\(PageAssets.css)</style><script>\(PageAssets.errorTrap)</script></head><body>\n"
        page += "<header><h1>cropsim report</h1><p class=\"totals\"><b>\(scenarios)</b> scenarios: "
        page +=
            "<span class=\"badge pass\">✓ \(passed) passed</span> <span class=\"badge \(failed > 0 ? "fail" : "none")\">✗ \(failed) failed</span>"
        if notApplicable > 0 { page += " <span class=\"badge none\">\(notApplicable) not applicable</span>" }
        page += "</p>"
        page += modelLine(model, build: build)
        page +=
            "<p id=\"js-status\" data-status=\"not-run\">The summary and the scrubbers need JavaScript, which has not run.</p></header>\n"
        page +=
            "<noscript><p>This page lists the scenarios with JavaScript. Without it, read <code>summary.json</code> and the logs in "
        page += "<code>scenarios/&lt;id&gt;/</code> beside this file.</p></noscript>\n"
        page += PageAssets.summaryShell
        return page + "<script type=\"application/json\" id=\"rows\">[\n"
    }

    /// `index.html` after its last row.
    static func pageTail(build: BuildInfo?) -> String {
        let madeBy = "<p>Written by cropsim \(escapeMarkup(build?.description ?? "of an unknown build")).</p>"
        return "\n]</script>\n<script src=\"timings.js\"></script>\n"
            + "<footer>\(PageAssets.footer)\(madeBy)</footer>\n<script>\(PageAssets.script)</script>\n</body></html>\n"
    }

    /// `timings.js`: the p95 model time per tick of each scenario, in ns, for the summary's p95
    /// column (the page shows "–" without it).
    public static func timings(p95: [(id: String, ns: Double)]) -> String {
        let entries = p95.sorted { $0.id < $1.id }.map { timingEntry(id: $0.id, ns: $0.ns) }
        return timingsHead + entries.joined(separator: ",\n") + timingsTail
    }

    static let timingsHead = "cropsimTimings({\n", timingsTail = "\n});\n"

    /// One scenario's line of `timings.js`, without a separator.
    static func timingEntry(id: String, ns: Double) -> String { "\(jsonString(id)):\(svgNumber(ns, decimals: 0))" }

    /// `scenarios/<id>/detail.js`: hands the scenario's section to the page that loaded it.
    public static func detail(_ r: RunResult, thumbnail: RGBImage?) -> String {
        "cropsimDetail(\(jsonString(r.scenario.id)),\n\(jsonString(ScenarioSection.render(r, thumbnail: thumbnail))));\n"
    }

    /// `scenarios/<id>/timing.js`: hands the section's measured part to the page.
    public static func timing(_ r: RunResult, wallSeconds: Double?) -> String {
        "cropsimTiming(\(jsonString(r.scenario.id)),\n\(jsonString(ScenarioSection.timing(r.modelNanoseconds, wallSeconds: wallSeconds))));\n"
    }

    /// The header's line on what was judged and by what: the model under test (the reference
    /// editor too, so a reader never has to guess), the policies that are not the reference
    /// editor's, what it does not implement, the properties left unjudged (never counted as
    /// passed) and the cropsim build, which a reader looks for at the top, not in the footer.
    static func modelLine(_ model: ModelReport?, build: BuildInfo?) -> String {
        let judge = "judged by cropsim \(escapeMarkup(build?.description ?? "of an unknown build"))"
        guard let m = model else {
            return "<p class=\"model\" id=\"model\">Model under test: not recorded · \(judge)</p>"
        }
        var out =
            "<p class=\"model\" id=\"model\">Model under test: <b>\(escapeMarkup(m.name))</b> \(escapeMarkup(m.version)) · \(judge)"
        let reference = Dictionary(uniqueKeysWithValues: Policies().values.map { ($0.name, $0.value) })
        let changed = m.policies.filter { reference[$0.key] != $0.value }.sorted { $0.key < $1.key }
        if !changed.isEmpty {
            out +=
                " · policies: "
                + changed.map { "<code>\(escapeMarkup($0.key))=\(escapeMarkup($0.value))</code>" }.joined(
                    separator: " ")
        }
        if !m.missingCapabilities.isEmpty {
            out += "<br>Does not implement: " + escapeMarkup(m.missingCapabilities.joined(separator: ", "))
        }
        if !m.notJudged.isEmpty {
            out +=
                "<br>Not judged: <span class=\"not-judged\">" + escapeMarkup(m.notJudged.joined(separator: ", "))
                + "</span>"
        }
        return out + "</p>"
    }

    /// A photo shrunk to the size the report embeds: shrink once, show in many sections.
    public static func photo(_ image: RGBImage) -> RGBImage { Thumbnail.shrink(image) }

    /// An id that is safe as an HTML id and inside `url(#…)`, and one to one with the scenario id
    /// (letters, digits and "-" kept; any other byte as "_" and two hex digits): element ids that
    /// do not depend on which other scenarios share the page, so a shard writes the same bytes.
    static func elementKey(_ id: String) -> String {
        var out = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "_" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            }
        }
        return out
    }

    static func badge(_ r: RunResult) -> String {
        switch r.outcome {
        case .passed: "<span class=\"badge pass\">✓ pass</span>"
        case .failed: "<span class=\"badge fail\">✗ fail</span>"
        case .notApplicable: "<span class=\"badge none\">n/a</span>"
        }
    }

    /// Violations grouped by invariant (first tick, its numbers, how many), then failed
    /// expectations and a refusal, at most `limit` lines.
    static func problems(_ r: RunResult, limit: Int) -> String {
        var lines: [String] = []
        if let reason = r.notApplicable { lines.append("not applicable: \(escapeMarkup(reason))") }
        if let f = r.modelFailure {
            lines.append("<b class=\"violation\">model \(f.kind.rawValue)</b>: \(escapeMarkup(f.message))")
        }
        if let rejection = r.rejection { lines.append("refused: \(escapeMarkup(rejection))") }
        let firsts = Dictionary(grouping: r.violations, by: \.property).values
            .map { $0.min { ($0.tick, $0.message) < ($1.tick, $1.message) }! }
            .sorted { ($0.tick, $0.property.rawValue) < ($1.tick, $1.property.rawValue) }
        for first in firsts {
            let inv = first.property
            let total = r.violationCounts[inv] ?? 1
            lines.append(
                "<b class=\"violation\">\(inv.rawValue)</b> at tick \(first.tick) (\(secondsLabel(first.time))): \(escapeMarkup(first.message))\(total > 1 ? " <span class=\"muted\">(\(total) ticks)</span>" : "")"
            )
        }
        lines += r.failures.map {
            "<b class=\"violation\">expectation</b> <code>\(escapeMarkup($0.path))</code>: \(escapeMarkup($0.message))"
        }
        // Sub-pixel target deviations last, apart and not failing (docs/oracle.md#sub-pixel).
        let subPixel = Dictionary(grouping: r.subPixel, by: \.property).values
            .map { $0.min { ($0.tick, $0.message) < ($1.tick, $1.message) }! }
            .sorted { ($0.tick, $0.property.rawValue) < ($1.tick, $1.property.rawValue) }
        for first in subPixel {
            let total = r.subPixelCounts[first.property] ?? 1
            lines.append(
                "<span class=\"subpixel\">≈ sub-pixel \(first.property.rawValue)</span> at tick \(first.tick) (\(secondsLabel(first.time))): \(escapeMarkup(first.message))\(total > 1 ? " <span class=\"muted\">(\(total) ticks)</span>" : "")"
            )
        }
        guard !lines.isEmpty else { return "" }
        let shown = lines.prefix(limit).joined(separator: "<br>")
        return lines.count > limit ? shown + "<br><span class=\"muted\">… \(lines.count - limit) more</span>" : shown
    }
}

extension SummaryRow {
    /// The row of a run's result.
    public init(_ r: RunResult) {
        let haptics = r.hapticCounts.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(
            separator: ", ")
        let problems = HTMLReport.problems(r, limit: 3)
        self.init(
            id: r.scenario.id, name: r.scenario.name, pass: r.passed, ticks: r.ticks, violations: r.violationCount,
            haptics: haptics, covers: r.scenario.covers,
            invariants: r.violationCounts.keys.map(\.rawValue).sorted() + (r.failures.isEmpty ? [] : ["expectation"])
                + (r.modelFailure == nil ? [] : ["model"]),
            problems: problems.isEmpty ? nil : problems, notApplicable: r.notApplicable, subPixel: r.subPixelCount)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
