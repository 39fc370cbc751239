import CropTestSupport
import Foundation
import Testing

/// `cropsim report merge`: shards run on many machines join into the report one run would have
/// written (docs/photos.md#beyond-one-machine), and anything that is not such a shard is refused
/// with exit 2, one line naming it, and nothing written.
@Suite struct ReportMergeTests {
    /// A suite with a failing scenario too, so failures and their JUnit bodies merge as well.
    static func suite(in tmp: TemporaryFolder, folders: [String]) throws -> String {
        for folder in folders {
            try FileManager.default.copyItem(
                atPath: Repository.path("Scenarios/\(folder)"), toPath: tmp.path("suite/\(folder)"))
        }
        let passing = try String(
            contentsOfFile: Repository.path("Scenarios/gestures/pinch-past-both-limits.json"), encoding: .utf8)
        let failing = passing.replacing(/"name": "[^"]*"/, with: #""name": "deliberately failing""#)
            .replacingOccurrences(of: #""scale": "sMax""#, with: #""scale": 123456"#)
        try tmp.write(failing, to: "suite/\(folders[0])/zz-failing.json")
        return tmp.path("suite")
    }

    static func runShards(_ suite: String, into tmp: TemporaryFolder) throws {
        let failures = try (1...3).map { i in
            try execute(["run", suite, "--shard", "\(i)/3", "--jobs", "2", "--quiet", "--report-dir", tmp.path("s\(i)")]
            ).status
        }
        #expect(failures.sorted() == [0, 0, 1], "one shard holds the failing scenario")
    }

    /// `cropsim --version`'s "VERSION (COMMIT)": the label reports and finds name their build by.
    static func buildLabel() throws -> String {
        let run = try execute(["--version"])
        let match = try #require(
            run.stdout.wholeMatch(of: /cropsim ([^ ]+) \(([^ )]+)\)\n/), "--version printed \(run.stdout)")
        return "\(match.output.1) (\(match.output.2))"
    }

    /// Byte for byte, timings aside, whatever the order of the shards.
    @Test func threeShardsMergeIntoTheUnshardedReport() throws {
        let tmp = try TemporaryFolder()
        let suite = try Self.suite(in: tmp, folders: ["gestures", "devices"])
        try AssertExecuteCommand(["run", suite, "--jobs", "2", "--quiet", "--report-dir", tmp.path("all")], exitCode: 1)
        try Self.runShards(suite, into: tmp)
        for (out, order) in [("merged", ["s2", "s3", "s1"]), ("merged2", ["s1", "s2", "s3"])] {
            try AssertExecuteCommand(["report", "merge"] + order.map(tmp.path) + ["--out", tmp.path(out)], exitCode: 1)
        }
        let all = try ReportFiles(tmp.url("all")), merged = try ReportFiles(tmp.url("merged")),
            merged2 = try ReportFiles(tmp.url("merged2"))
        #expect(merged.paths == all.paths && merged2.paths == all.paths)
        #expect(["index.html", "summary-rows.jsonl", "timings.js"].allSatisfy(all.paths.contains))
        let details = all.paths.filter { $0.hasSuffix("/detail.js") }.count
        #expect(details > 0 && details == all.paths.filter { $0.hasSuffix("/timing.js") }.count)
        var compared = 0
        for path in all.paths {
            #expect(try merged.data(path) == merged2.data(path), "\(path): depends on the order of the shards")
            guard !Timing.isTimingFile(path) else { continue }
            #expect(try Timing.untimed(all, path) == Timing.untimed(merged, path), "\(path): the merged report differs")
            compared += 1
        }
        #expect(compared > 50)
    }

    /// Shards of `Scenarios/devices` (and a failing one), each hostile case a broken copy of shard 1.
    @Test func whatIsNotAShardIsRefusedAndNothingWritten() throws {
        let tmp = try TemporaryFolder()
        let suite = try Self.suite(in: tmp, folders: ["devices"])
        try Self.runShards(suite, into: tmp)
        try tmp.write("keep\n", to: "foreign/notes.txt")
        /// Exit 2 and the one line: exactly `error` (`{tmp}`: the temporary folder), or holding `containing`.
        func merge(
            _ shards: [String], out: String = "m3", error: String? = nil, containing: String? = nil, _ comment: Comment
        ) throws {
            let run = try execute(
                ["report", "merge"] + shards.map(tmp.path) + ["--out", out == "." ? "." : tmp.path(out)])
            #expect(run.status == 2 && run.stderrLines.count == 1, "\(comment): exit \(run.status), \(run.stderr)")
            if let error {
                #expect(run.stderr == "error: \(error.replacingOccurrences(of: "{tmp}", with: tmp.path))\n", comment)
            }
            if let containing { #expect(run.stderr.contains(containing), "\(comment): \(run.stderr)") }
        }
        try merge(
            ["s1", "s1"],
            error: "{tmp}/s1: scenario devices/ipad-density-cap is also in {tmp}/s1; shards must be disjoint",
            "the same shard twice")
        try merge(["foreign"], error: "{tmp}/foreign: has no summary.json; is it a cropsim report?", "not a report")
        try merge(["nothing"], error: "{tmp}/nothing: is not a report folder", "a missing folder")
        try merge(
            ["s1"], out: "foreign",
            error:
                "{tmp}/foreign: is a folder cropsim did not write (it has no .cropsim-report); refusing to replace it",
            "--out a foreign folder")
        try merge(
            ["s1"], out: ".", error: ".: names no report folder of its own; give one such as Reports/latest", "--out .")
        try merge(["s1", "s3"], containing: "of their suite's", "a missing shard")

        // The same scenarios but one, with the third shard's place.
        try FileManager.default.copyItem(atPath: suite, toPath: tmp.path("other"))
        try FileManager.default.removeItem(atPath: tmp.path("other/devices/zz-failing.json"))
        try AssertExecuteCommand(["run", tmp.path("other"), "--shard", "3/3", "--quiet", "--report-dir", tmp.path("o3")]
        )
        try merge(
            ["s1", "s2", "o3"], containing: "\(tmp.path("o3")): is a shard of another suite", "a shard of another suite"
        )

        // A shard another build wrote: its summary names that build.
        let build = try Self.buildLabel()
        #expect(try tmp.read("s1/junit.xml").contains(#"<property name="cropsim" value="\#(build)"/>"#))
        #expect(try tmp.read("s1/index.html").contains("Written by cropsim \(build)."))
        try FileManager.default.copyItem(atPath: tmp.path("s3"), toPath: tmp.path("b3"))
        try BrokenShard.edit(tmp.url("b3"), "summary.json") {
            $0.replacing(/"commit" : "[^"]*"/, with: #""commit" : "0000000""#)
        }
        #expect(
            try tmp.read("b3/summary.json").contains(#""commit" : "0000000""#),
            "the shard's summary.json names no build")
        try merge(["s1", "s2", "b3"], containing: "(0000000)", "a shard of another build")

        // Each a copy of shard 1 named for the damage: the names have spaces too.
        for broken in BrokenShard.all {
            let copy = "h-\(broken.name)"
            try FileManager.default.copyItem(atPath: tmp.path("s1"), toPath: tmp.path(copy))
            try broken.damage(tmp.url(copy))
            try merge([copy, "s2", "s3"], error: "{tmp}/\(copy)\(broken.error)", "\(broken.name)")
        }
        #expect(!tmp.exists("m3") && !tmp.exists("escaped"), "a refused merge wrote something")
        #expect(try tmp.contents("foreign") == ["notes.txt"])
    }
}

/// One way to break a shard's files, and the refusal's message after the copy's path.
struct BrokenShard: Sendable {
    var name: String
    var error: String
    var damage: @Sendable (URL) throws -> Void

    static let rows = "summary-rows.jsonl"

    static let all: [BrokenShard] = [
        BrokenShard(
            name: "no rows",
            error: "/\(rows): is missing; was the shard run by an older cropsim? Run it again with this one"
        ) {
            try remove($0, rows)
        },
        BrokenShard(name: "cut rows", error: "/\(rows): is empty or does not end with a newline") {
            try edit($0, rows) { String($0.dropLast(30)) }
        },
        BrokenShard(
            name: "a row summary.json lacks",
            error: ": summary-rows.jsonl and summary.json list different scenarios or results"
        ) { shard in
            try edit(shard, rows) { text in
                let last = text.split(separator: "\n").last.map(String.init) ?? ""
                return text + last.replacing(/"id":"[^"]*"/, with: #""id":"zzz-extra""#) + "\n"
            }
        },
        BrokenShard(
            name: "a row missing", error: ": summary-rows.jsonl and summary.json list different scenarios or results"
        ) {
            try edit($0, rows) { $0.split(separator: "\n").dropLast().joined(separator: "\n") + "\n" }
        },
        BrokenShard(
            name: "a row with foreign markup", error: "/\(rows): line 2: problems hold markup the report never writes"
        ) { shard in
            try edit(shard, rows) { text in
                var lines = text.split(separator: "\n").map(String.init)
                let i = try #require(lines.indices.first { $0 > 0 && !lines[$0].contains(#""prob""#) })
                lines[i] = lines[i].dropLast() + #","prob":"\u003cimg src=x onerror=alert(1)>"}"#
                return lines.joined(separator: "\n") + "\n"
            }
        },
        BrokenShard(name: "rows a FIFO", error: "/\(rows): is a FIFO (named pipe), not a regular file") {
            try remove($0, rows); try fifo($0, rows)
        },
        BrokenShard(name: "summary a FIFO", error: "/summary.json: is a FIFO (named pipe), not a regular file") {
            try remove($0, "summary.json"); try fifo($0, "summary.json")
        },
        BrokenShard(name: "rows a folder", error: "/\(rows): is a folder, not a file") { shard in
            try remove(shard, rows)
            try FileManager.default.createDirectory(
                at: shard.appendingPathComponent(rows), withIntermediateDirectories: false)
        },
        BrokenShard(name: "300 MB of rows", error: "/\(rows): is larger than 32 MiB, more than any report writes") {
            shard in
            let file = try FileHandle(forWritingTo: shard.appendingPathComponent(rows))
            try file.truncate(atOffset: 300 << 20)
            try file.close()
        },
        BrokenShard(name: "a malformed summary.json", error: "/summary.json: is not a summary cropsim writes") {
            try edit($0, "summary.json") { _ in #"{"passed": 1, "failed": "x""# }
        },
        BrokenShard(
            name: "no junit.xml",
            error: "/junit.xml: is missing; was the shard run by an older cropsim? Run it again with this one"
        ) {
            try remove($0, "junit.xml")
        },
        // In all three files, consistently, so only the id itself is wrong.
        BrokenShard(
            name: "a scenario id with ..", error: "/summary.json: scenario id \"../escaped\" has a . or .. part"
        ) { shard in
            let summary = try json(
                String(decoding: try Data(contentsOf: shard.appendingPathComponent("summary.json")), as: UTF8.self))
            let old = try #require((summary["scenarios"] as? [[String: Any]])?.first?["id"] as? String)
            for name in ["summary.json", rows, "junit.xml"] {
                try edit(shard, name) { $0.replacingOccurrences(of: "\"\(old)\"", with: #""../escaped""#) }
            }
            try edit(shard, rows) { text in
                let lines = text.split(separator: "\n").map(String.init)
                let id = /"id":"([^"]*)"/
                let rest = lines.dropFirst().sorted {
                    ($0.firstMatch(of: id)?.output.1 ?? "") < ($1.firstMatch(of: id)?.output.1 ?? "")
                }
                return ([lines[0]] + rest).joined(separator: "\n") + "\n"
            }
        }
    ]

    static func remove(_ shard: URL, _ name: String) throws {
        try FileManager.default.removeItem(at: shard.appendingPathComponent(name))
    }

    static func fifo(_ shard: URL, _ name: String) throws {
        guard mkfifo(shard.appendingPathComponent(name).path, 0o644) == 0 else { throw FixtureError("mkfifo \(name)") }
    }

    static func edit(_ shard: URL, _ name: String, _ change: (String) throws -> String) throws {
        let file = shard.appendingPathComponent(name)
        try Data(try change(String(decoding: try Data(contentsOf: file), as: UTF8.self)).utf8).write(to: file)
    }
}

/// What differs between two runs of the same scenarios: the measured timings (docs/reports.md).
enum Timing {
    /// Files that hold nothing but timings: the p95 per scenario, and each scenario's frames.
    static func isTimingFile(_ path: String) -> Bool {
        path == "timings.js"
            || (path.hasPrefix("scenarios/")
                && ["frame-timing.jsonl", "timing.js"].contains((path as NSString).lastPathComponent))
    }

    /// A file with its timing fields removed: summary.json's per-scenario timing, JUnit's `time`
    /// attributes and the `version` property, trace.json's span durations.
    static func untimed(_ report: ReportFiles, _ path: String) throws -> Data {
        let text = try report.text(path)
        if path == "summary.json" {
            var summary = try json(text)
            summary["scenarios"] = (summary["scenarios"] as? [[String: Any]])?.map {
                $0.filter { !["timing", "wallSeconds"].contains($0.key) }
            }
            return try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
        }
        if path == "junit.xml" {
            return Data(
                text.replacing(/\ time="[^"]*"/, with: "").replacing(
                    /\s*<property name="version" value="[^"]*"\s*\/>/, with: ""
                ).utf8)
        }
        if path.hasPrefix("scenarios/") && path.hasSuffix("/trace.json") {
            return Data(text.replacing(/"dur": *[0-9.e+-]+/, with: "").utf8)
        }
        return try report.data(path)
    }
}
