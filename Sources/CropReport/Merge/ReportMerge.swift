import CropBuild
import CropFiles
import CropLogs
import CropScenario
import CropText
import Foundation

/// Merges the report folders of a sharded suite (`run --shard i/n` on many machines) into the
/// folder one unsharded run would have written: the scenario folders copied byte for byte, and
/// `summary.json`, `junit.xml` and `summary-rows.jsonl` rebuilt in scenario-id order; the caller
/// draws `index.html` from `rows` and `timings.js` from the summary. Everything but the timings
/// is then byte-identical to the unsharded report, whatever the order of the shards.
///
/// A shard is untrusted input (it may come from another machine, or have been edited): every id
/// is checked byte by byte (`UntrustedName`) before a path is formed from it, no symbolic link
/// inside a shard is followed, every file is read without blocking and within a bound (copies
/// stream through one buffer), and anything the merge cannot vouch for is refused with one line.
public struct ReportMerge {
    public struct Shard {
        public var path: String
        public var summary: Summary
        public var rows: SummaryRows
        public var junitCases: [String: String]
        public var junitSeconds: Double
        /// The suite's own properties (the editor under test), kept as the shard wrote them.
        public var junitSuiteProperties: String
    }

    public private(set) var shards: [Shard] = []
    /// Which shard each scenario id came from.
    private var owner: [String: Int] = [:]

    public init() {}

    /// Reads one shard's report; refused (exit 2) when it is not a cropsim report, its files
    /// disagree, it comes from another suite or another build than the shards before it, or a
    /// scenario appears in two shards.
    public mutating func add(_ folder: String) throws(OutputError) {
        var info = stat()
        guard PathText.withCString(folder, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(.refused, "\(folder): is not a report folder")
        }
        InputFiles.register(path: folder)
        guard PathText.withCString(folder + "/summary.json", { access($0, F_OK) }) == 0 || errno != ENOENT else {
            throw OutputError(.refused, "\(folder): has no summary.json; is it a cropsim report?")
        }
        let summaryBytes = try Self.read(folder, "summary.json")
        guard let summary = try? JSONDecoder().decode(Summary.self, from: Data(summaryBytes)) else {
            throw OutputError(.refused, "\(folder)/summary.json: is not a summary cropsim writes")
        }
        let rows: SummaryRows
        do { rows = try SummaryRows(parsing: try Self.read(folder, SummaryRows.fileName)) } catch let error
            as SummaryRows.Malformed
        {
            throw OutputError(.refused, "\(folder)/\(SummaryRows.fileName): \(error)")
        } catch let error as OutputError { throw error } catch {
            throw OutputError(.refused, "\(folder)/\(SummaryRows.fileName): \(error)")
        }
        let ids = summary.scenarios.map(\.id)
        guard rows.rows.map(\.id) == ids.sorted(),
            zip(rows.rows, summary.scenarios.sorted { $0.id < $1.id }).allSatisfy({ $0.pass == $1.passed })
        else {
            throw OutputError(
                .refused, "\(folder): \(SummaryRows.fileName) and summary.json list different scenarios or results")
        }
        if let first = shards.first, first.rows.suite != rows.suite {
            throw OutputError(
                .refused,
                "\(folder): is a shard of another suite (\(rows.suite.scenarios) scenarios, \(rows.suite.fingerprint)) than \(first.path) (\(first.rows.suite.scenarios), \(first.rows.suite.fingerprint))"
            )
        }
        if let first = shards.first, first.summary.build != summary.build {
            throw OutputError(
                .refused,
                "\(folder): was written by cropsim \(Self.name(summary.build)), \(first.path) by \(Self.name(first.summary.build)); merge the shards of one build"
            )
        }
        let junit = String(decoding: try Self.read(folder, "junit.xml"), as: UTF8.self)
        let (cases, seconds, suiteProperties) = Self.testcases(junit)
        for entry in summary.scenarios {
            if let problem = UntrustedName.problem(entry.id) {
                throw OutputError(
                    .refused,
                    "\(folder)/summary.json: scenario id \(jsonString(String(entry.id.prefix(200)))) \(problem)")
            }
            if let other = owner[entry.id] {
                throw OutputError(
                    .refused,
                    "\(folder): scenario \(entry.id) is also in \(shards[other].path); shards must be disjoint")
            }
            guard cases[entry.id] != nil else {
                throw OutputError(.refused, "\(folder)/junit.xml: no testcase for scenario \(entry.id)")
            }
            owner[entry.id] = shards.count
        }
        shards.append(
            Shard(
                path: folder, summary: summary, rows: rows, junitCases: cases, junitSeconds: seconds,
                junitSuiteProperties: suiteProperties))
    }

    /// A shard's build as a message shows it: the shard's own text, so escaped and cut (issue 34: a
    /// `build.version` holding `ESC[2J` and a newline cleared the screen).
    static func name(_ build: BuildInfo?) -> String {
        build.map { shownText($0.description, limit: 120) } ?? "of an unknown build"
    }

    /// Refused (exit 2) unless the shards together are their whole suite: a missing shard
    /// would otherwise merge into a report that looks complete.
    public func checkComplete() throws(OutputError) {
        guard let suite = shards.first?.rows.suite, owner.count != suite.scenarios else { return }
        throw OutputError(
            .refused,
            "the \(shards.count) reports hold \(owner.count) of their suite's \(suite.scenarios) scenarios; is a shard missing?"
        )
    }

    /// A file of the shard's report: never through a symbolic link, never blocking (a FIFO),
    /// never past `Summary.maxFileBytes`.
    static func read(_ folder: String, _ name: String) throws(OutputError) -> [UInt8] {
        do throws(ReadableFile.Refusal) {
            let file = try ReadableFile(folder + "/" + name, followLinks: false)
            guard file.size <= Summary.maxFileBytes else {
                throw ReadableFile.Refusal(
                    reason: "is larger than \(Summary.maxFileBytes >> 20) MiB, more than any report writes",
                    notRegular: false)
            }
            return try file.readAll(limit: Summary.maxFileBytes)
        } catch {
            let why =
                error.reason == ReadableFile.reason(ENOENT)
                ? "is missing; was the shard run by an older cropsim? Run it again with this one" : error.reason
            throw OutputError(.refused, "\(folder)/\(name): \(why)")
        }
    }

    /// The merged summary page's rows, with the shards' suite.
    public var rows: SummaryRows? {
        shards.first.map { SummaryRows(suite: $0.rows.suite, rows: shards.flatMap(\.rows.rows)) }
    }

    /// The merged summary: every shard's scenarios in id order, the counts recomputed.
    public var summary: Summary? {
        guard var merged = shards.first?.summary else { return nil }
        merged.scenarios = shards.flatMap(\.summary.scenarios).sorted { $0.id < $1.id }
        merged.passed = merged.scenarios.filter(\.passed).count
        let notApplicable = merged.scenarios.filter { $0.notApplicable != nil }.count
        merged.failed = merged.scenarios.count - merged.passed - notApplicable
        merged.notApplicable = notApplicable
        return merged
    }

    /// `junit.xml` in the shape `JUnitReport` writes: the shards' testcases in id order under
    /// one suite; the suite's time is the sum of the shards'.
    public func junit() -> String {
        guard let summary else { return "" }
        let total = JUnitReport.seconds(shards.map(\.junitSeconds).sorted().reduce(0, +))
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out +=
            #"<testsuites name="cropsim" tests="\#(summary.scenarios.count)" failures="\#(summary.failed)" errors="0" time="\#(total)">"#
            + "\n"
        let skipped = summary.scenarios.filter { $0.notApplicable != nil }.count
        out +=
            #"  <testsuite name="cropsim scenarios" tests="\#(summary.scenarios.count)" failures="\#(summary.failed)" errors="0" skipped="\#(skipped)" time="\#(total)">"#
            + "\n"
        out += shards.first?.junitSuiteProperties ?? ""
        for entry in summary.scenarios { out += shards[owner[entry.id]!].junitCases[entry.id]! }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Writes the merged report into `staging` (a `MarkedFolder.replace` staging folder), with
    /// `files` (the page, drawn by the caller) beside `summary.json`.
    public func fill(_ staging: String, shownAs shown: String, files: [String: String]) throws(OutputError) {
        guard let summary, let rows else { return }
        func put(_ name: String, _ text: String) throws(OutputError) {
            try OutputFile.writeNew(Array(text.utf8), to: staging + "/" + name, shownAs: shown, sync: false)
        }
        do { try put("summary.json", try summary.json()) } catch let e as OutputError { throw e } catch {
            throw OutputError(.failed, "\(shown): cannot encode summary.json: \(error)")
        }
        try put("junit.xml", junit())
        try put(SummaryRows.fileName, rows.text)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) { try put(name, text) }
        let ids = summary.scenarios.map(\.id)
        for entry in summary.scenarios {
            let shard = shards[owner[entry.id]!].path
            try Self.requireRealFolders(shard, "scenarios/" + entry.id)
            try copyFolder(
                shard + "/scenarios/" + entry.id, id: entry.id, ids: ids, to: staging + "/scenarios/" + entry.id,
                staging: staging, shownAs: shown)
        }
    }

    /// Each folder from `root` down to `relative` must be a real folder: a shard whose
    /// `scenarios/` or scenario folder is a symbolic link would copy from wherever it points.
    static func requireRealFolders(_ root: String, _ relative: String) throws(OutputError) {
        var path = root
        for part in relative.split(separator: "/") {
            path += "/" + part
            var info = stat()
            guard PathText.withCString(path, { lstat($0, &info) }) == 0 else {
                throw OutputError(.refused, "\(path): missing from its shard's report")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(
                    .refused,
                    "\(path): \(ReadableFile.kind(info.st_mode)); a shard's scenario folders must be real folders")
            }
        }
    }

    /// Copies a scenario's folder: its regular files, streamed. A folder inside it is skipped only
    /// as another scenario's own folder (ids `a` and `a/b`); a link, FIFO, device or any other
    /// folder is refused, since a report never writes one.
    private func copyFolder(
        _ from: String, id: String, ids: [String], to: String, staging: String, shownAs shown: String
    ) throws(OutputError) {
        try Folders.make(to, shownAs: shown, inside: staging)
        for name in try Self.names(in: from) {
            let source = from + "/" + name
            var info = stat()
            guard PathText.withCString(source, { lstat($0, &info) }) == 0 else {
                throw OutputError(.refused, "\(source): vanished while it was merged")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: try OutputFile.copyNew(from: source, to: to + "/" + name, shownAs: shown)
            case S_IFDIR where ids.contains(where: { $0.hasPrefix(id + "/" + name + "/") || $0 == id + "/" + name }):
                continue
            default:
                throw OutputError(
                    .refused,
                    "\(source): \(ReadableFile.kind(info.st_mode)); a report's scenario folder holds files only")
            }
        }
    }

    /// The entries of a folder, sorted, as path text (a name that is not UTF-8 is escaped, and
    /// then refused by `UntrustedName` as a name cropsim never writes).
    static func names(in folder: String) throws(OutputError) -> [String] {
        guard let dir = PathText.withCString(folder, { opendir($0) }) else {
            throw OutputError(.refused, "\(folder): cannot list the folder: \(ReadableFile.reason(errno))")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathText.escape($0.prefix { $0 != 0 }) }
            guard name != "." && name != ".." else { continue }
            if let problem = UntrustedName.problem(name) {
                throw OutputError(.refused, "\(folder)/\(name): the name \(problem)")
            }
            names.append(name)
        }
        return names.sorted()
    }

    /// Each `<testcase …>…</testcase>` block of a JUnit file by its name, the suite's time, and
    /// the suite's `<properties>` block.
    static func testcases(_ xml: String) -> ([String: String], Double, String) {
        var cases: [String: String] = [:]
        var current: (name: String, text: String)?
        var seconds = 0.0
        var suiteProperties = "", inSuiteProperties = false
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  <testsuite "), let t = attribute("time", in: line) { seconds = Double(t) ?? 0 }
            if line == "    <properties>" { inSuiteProperties = true }
            if inSuiteProperties { suiteProperties += line + "\n" }
            if line == "    </properties>" { inSuiteProperties = false }
            if line.hasPrefix("    <testcase "), let name = attribute("name", in: line) {
                current = (unescapeMarkup(name), "")
            }
            if current != nil { current!.text += line + "\n" }
            if line == "    </testcase>", let c = current {
                cases[c.name] = c.text
                current = nil
            }
        }
        return (cases, seconds, suiteProperties)
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
}
