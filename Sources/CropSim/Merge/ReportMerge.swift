import Foundation

/// Merges the report folders of a sharded suite (`run --shard i/n` on many machines) into the
/// folder one unsharded run would have written: the scenario folders copied byte for byte, and
/// `summary.json` and `junit.xml` rebuilt in scenario-id order, so that everything but timings
/// is byte-identical to the unsharded report. `index.html` is a plain table of the scenarios
/// linking to their folders: the interactive page needs the runs' in-memory results.
public struct ReportMerge {
    public struct Shard {
        public var path: String
        public var summary: Summary
        public var junitCases: [String: String]
        public var junitSeconds: Double
    }

    public private(set) var shards: [Shard] = []
    /// Which shard each scenario id came from.
    private var owner: [String: Int] = [:]

    public init() {}

    /// Reads one shard's report; refused (exit 2) when it is not a cropsim report or a scenario
    /// appears in two shards.
    public mutating func add(_ folder: String) throws(OutputError) {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(.refused, "\(folder): is not a report folder")
        }
        guard let data = FileManager.default.contents(atPath: folder + "/summary.json"),
              let summary = try? JSONDecoder().decode(Summary.self, from: data) else {
            throw OutputError(.refused, "\(folder): has no readable summary.json; is it a cropsim report?")
        }
        let junit = FileManager.default.contents(atPath: folder + "/junit.xml").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let (cases, seconds) = Self.testcases(junit)
        for entry in summary.scenarios {
            if let other = owner[entry.id] {
                throw OutputError(.refused, "\(folder): scenario \(entry.id) is also in \(shards[other].path); shards must be disjoint")
            }
            guard cases[entry.id] != nil else { throw OutputError(.refused, "\(folder)/junit.xml: no testcase for scenario \(entry.id)") }
            owner[entry.id] = shards.count
        }
        shards.append(Shard(path: folder, summary: summary, junitCases: cases, junitSeconds: seconds))
    }

    /// The merged summary: every shard's scenarios in id order, the counts recomputed.
    public var summary: Summary? {
        guard var merged = shards.first?.summary else { return nil }
        merged.scenarios = shards.flatMap(\.summary.scenarios).sorted { $0.id < $1.id }
        merged.passed = merged.scenarios.filter(\.passed).count
        merged.failed = merged.scenarios.count - merged.passed
        return merged
    }

    /// `junit.xml` in the shape `JUnitReport` writes: the shards' testcases in id order under
    /// one suite; the suite's time is the sum of the shards'.
    public func junit() -> String {
        guard let summary else { return "" }
        let total = JUnitReport.seconds(shards.map(\.junitSeconds).reduce(0, +))
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="cropsim" tests="\#(summary.scenarios.count)" failures="\#(summary.failed)" errors="0" time="\#(total)">"# + "\n"
        out += #"  <testsuite name="cropsim scenarios" tests="\#(summary.scenarios.count)" failures="\#(summary.failed)" errors="0" skipped="0" time="\#(total)">"# + "\n"
        for entry in summary.scenarios { out += shards[owner[entry.id]!].junitCases[entry.id]! }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Writes the merged report into `staging` (a `ReportFolder.replace` staging folder).
    public func fill(_ staging: String, shownAs shown: String) throws(OutputError) {
        guard let summary else { return }
        func put(_ name: String, _ text: String) throws(OutputError) {
            try OutputFile.writeNew(Array(text.utf8), to: staging + "/" + name, shownAs: shown, sync: false)
        }
        do { try put("summary.json", try summary.json()) } catch let e as OutputError { throw e } catch {
            throw OutputError(.failed, "\(shown): cannot encode summary.json: \(error)")
        }
        try put("junit.xml", junit())
        try put("index.html", Self.index(summary))
        for entry in summary.scenarios {
            let from = shards[owner[entry.id]!].path + "/scenarios/" + entry.id
            guard !entry.id.hasPrefix("/"), !entry.id.split(separator: "/", omittingEmptySubsequences: false).contains(where: { ["", ".", ".."].contains($0) })
            else { throw OutputError(.refused, "\(from): scenario id \"\(entry.id)\" is not a relative path") }
            try copyTree(from, to: staging + "/scenarios/" + entry.id, shownAs: shown)
        }
    }

    /// Copies the regular files below `from` (folders recreated; links and anything else skipped).
    private func copyTree(_ from: String, to: String, shownAs shown: String) throws(OutputError) {
        try ReportFolder.makeFolders(to, shownAs: shown)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: from) else {
            throw OutputError(.refused, "\(from): missing from its shard's report")
        }
        for name in names.sorted() {
            var info = stat()
            guard lstat(from + "/" + name, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try copyTree(from + "/" + name, to: to + "/" + name, shownAs: shown)
            case S_IFREG:
                guard let data = FileManager.default.contents(atPath: from + "/" + name) else {
                    throw OutputError(.failed, "\(from)/\(name): cannot read")
                }
                try OutputFile.writeNew([UInt8](data), to: to + "/" + name, shownAs: shown, sync: false)
            default: continue
            }
        }
    }

    /// Each `<testcase …>…</testcase>` block of a JUnit file by its name, and the suite's time.
    static func testcases(_ xml: String) -> ([String: String], Double) {
        var cases: [String: String] = [:]
        var current: (name: String, text: String)?
        var seconds = 0.0
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  <testsuite "), let t = attribute("time", in: line) { seconds = Double(t) ?? 0 }
            if line.hasPrefix("    <testcase "), let name = attribute("name", in: line) { current = (unescapeMarkup(name), "") }
            if current != nil { current!.text += line + "\n" }
            if line == "    </testcase>", let c = current {
                cases[c.name] = c.text
                current = nil
            }
        }
        return (cases, seconds)
    }

    static func attribute(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func unescapeMarkup(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func index(_ summary: Summary) -> String {
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>cropsim report (merged)</title>
        <style>body{font:14px system-ui,sans-serif;margin:16px}td,th{padding:2px 10px;text-align:left}.fail{color:#c62828;font-weight:600}</style>
        </head><body><h1>cropsim report (merged from shards)</h1>
        <p>\(summary.passed) passed, \(summary.failed) failed. Each scenario's logs are in its folder; for the interactive page, run the suite unsharded.</p>
        <table><tr><th>result</th><th>scenario</th><th>ticks</th><th>violations</th><th>first problem</th></tr>

        """
        for e in summary.scenarios {
            html += "<tr><td class=\"\(e.passed ? "pass" : "fail")\">\(e.passed ? "pass" : "FAIL")</td><td><a href=\"scenarios/\(escapeMarkup(e.id))/\">\(escapeMarkup(e.id))</a></td><td>\(e.ticks)</td><td>\(e.violations)</td><td>\(escapeMarkup(e.firstProblem ?? ""))</td></tr>\n"
        }
        return html + "</table></body></html>\n"
    }
}
