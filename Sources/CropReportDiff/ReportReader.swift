import CropFiles
import CropLogs
import CropSim
import CropText
import Foundation

/// One report folder, read as untrusted input the way `report merge` reads a shard: the folder
/// must hold a `summary.json` cropsim writes; every scenario id is checked byte by byte before a
/// path is formed from it; no symbolic link inside the folder is followed; every file is opened
/// without blocking, refused unless regular, and read within `Summary.maxFileBytes`.
public struct ReportReader: Sendable {
    public let folder: String
    /// The scenarios of `summary.json` by id.
    public let entries: [String: Summary.Entry]
    /// The policies the report's model declared (`summary.json`'s `model.policies`), by name;
    /// empty for a report that names no model.
    public let policies: [String: String]

    public var ids: [String] { entries.keys.sorted() }

    public init(_ folder: String) throws(OutputError) {
        self.folder = folder
        var info = stat()
        guard PathText.withCString(folder, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(.refused, "\(folder): is not a report folder")
        }
        InputFiles.register(path: folder)
        guard PathText.withCString(folder + "/summary.json", { lstat($0, &info) }) == 0 || errno != ENOENT else {
            throw OutputError(.refused, "\(folder): has no summary.json; is it a cropsim report?")
        }
        let bytes = try Self.read(folder + "/summary.json")
        let summary: Summary
        do { summary = try JSONDecoder().decode(Summary.self, from: Data(bytes)) } catch {
            throw OutputError(.refused, "\(folder)/summary.json: \(Self.jsonProblem(error))")
        }
        var entries: [String: Summary.Entry] = [:]
        for entry in summary.scenarios {
            if let problem = UntrustedName.problem(entry.id) {
                throw OutputError(
                    .refused,
                    "\(folder)/summary.json: scenario id \(jsonString(String(entry.id.prefix(200)))) \(problem)")
            }
            guard entries.updateValue(entry, forKey: entry.id) == nil else {
                throw OutputError(.refused, "\(folder)/summary.json: scenario \(entry.id) is listed twice")
            }
        }
        self.entries = entries
        policies = summary.model?.policies ?? [:]
    }

    /// The logs of scenario `id` (one of `ids`).
    public func logs(_ id: String) throws(OutputError) -> ScenarioLogs {
        guard let entry = entries[id] else { throw OutputError(.refused, "\(folder): has no scenario \(id)") }
        let base = folder + "/scenarios/" + id
        try requireRealFolders("scenarios/" + id)
        var frames = LogParser.Frames(file: base + "/frames.jsonl")
        try Self.stream(
            base + "/frames.jsonl", feed: { (chunk) throws(LogParser.Malformed) in try frames.feed(chunk) },
            finish: frames.finish)
        var haptics = LogParser.Timed(file: base + "/haptics.jsonl")
        try Self.stream(
            base + "/haptics.jsonl", feed: { (chunk) throws(LogParser.Malformed) in try haptics.feed(chunk) },
            finish: haptics.finish)
        var effectLog = LogParser.Timed(file: base + "/effects.jsonl")
        try Self.stream(
            base + "/effects.jsonl", feed: { (chunk) throws(LogParser.Malformed) in try effectLog.feed(chunk) },
            finish: effectLog.finish)
        let effects = LogParser.splitTips(effectLog.records)
        var others: [String: [UInt8]] = [:]
        for name in ScenarioLogs.otherFileNames {
            guard let bytes = try Self.readIfPresent(base + "/" + name) else { continue }
            others[name] = bytes
        }
        let resolved = others["scenario.resolved.json"].map(LogParser.resolved)
        let photo = resolved?.photo, imageFile = resolved?.imageFile
        others = others.mapValues { EmbeddedPaths.stripping($0, file: imageFile) }
        let problem = entry.firstProblem.map {
            String(decoding: EmbeddedPaths.stripping(Array($0.utf8), file: imageFile), as: UTF8.self)
        }
        let verdict = entry.notApplicable != nil ? "notApplicable" : entry.passed ? "passed" : "failed"
        return ScenarioLogs(
            id: id, name: entry.name, verdict: verdict, violations: entry.violations,
            frames: frames.samples, frameLines: frames.lines, frameFields: frames.fields,
            haptics: haptics.records, tips: effects.tips, effects: effects.others, otherFiles: others,
            photo: photo, problem: problem.map { String($0.prefix(500)) })
    }

    /// Each folder from the report down to `relative` must be a real folder: a `scenarios/` or
    /// scenario folder that is a symbolic link would read from wherever it points.
    func requireRealFolders(_ relative: String) throws(OutputError) {
        var path = folder
        for part in relative.split(separator: "/") {
            path += "/" + part
            var info = stat()
            guard PathText.withCString(path, { lstat($0, &info) }) == 0 else {
                throw OutputError(.refused, "\(path): missing from its report")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(
                    .refused,
                    "\(path): \(ReadableFile.kind(info.st_mode)); a report's scenario folders must be real folders")
            }
        }
    }

    /// A file of the report: never through a symbolic link, never blocking, never past the bound.
    static func read(_ path: String) throws(OutputError) -> [UInt8] {
        do throws(ReadableFile.Refusal) {
            let file = try ReadableFile(path, followLinks: false)
            guard file.size <= Summary.maxFileBytes else {
                throw ReadableFile.Refusal(
                    reason: "is larger than \(Summary.maxFileBytes >> 20) MiB, more than any report writes",
                    notRegular: false)
            }
            return try file.readAll(limit: Summary.maxFileBytes)
        } catch {
            throw OutputError(.refused, "\(path): \(error.reason)")
        }
    }

    /// A log of the report fed to its parser through one 64 KiB buffer, never held whole (a
    /// 32 MiB log split into Strings first peaked at 192 MiB, issue 34); opened like `read`.
    static func stream(
        _ path: String, feed: (UnsafeRawBufferPointer) throws(LogParser.Malformed) -> Void,
        finish: () throws(LogParser.Malformed) -> Void
    ) throws(OutputError) {
        func refused(_ reason: String) -> OutputError { OutputError(.refused, "\(path): \(reason)") }
        let file: ReadableFile
        do { file = try ReadableFile(path, followLinks: false) } catch { throw refused(error.reason) }
        guard file.size <= Summary.maxFileBytes else {
            throw refused("is larger than \(Summary.maxFileBytes >> 20) MiB, more than any report writes")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let n: Int
            do { n = try file.read(into: buffer) } catch { throw refused(error.reason) }
            if n == 0 { break }
            total += n
            guard total <= Summary.maxFileBytes else {
                throw refused("grew past \(Summary.maxFileBytes >> 20) MiB while it was read")
            }
            do { try feed(UnsafeRawBufferPointer(rebasing: buffer[..<n])) } catch {
                throw OutputError(.refused, error.description)
            }
        }
        do { try finish() } catch { throw OutputError(.refused, error.description) }
    }

    static func readIfPresent(_ path: String) throws(OutputError) -> [UInt8]? {
        var info = stat()
        if PathText.withCString(path, { lstat($0, &info) }) != 0 && errno == ENOENT { return nil }
        return try read(path)
    }

    /// The decoder's complaint in one line, with the JSON path where it has one.
    static func jsonProblem(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "is not JSON cropsim writes" }
        let context: DecodingError.Context
        switch decoding {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            context = c
        @unknown default: return "is not a summary cropsim writes"
        }
        let path = "$" + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let what = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "unexpected value"
        return "\(path): \(what.prefix(200)); is it a summary cropsim writes?"
    }
}
