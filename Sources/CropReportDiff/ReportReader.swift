import CropFiles
import CropReport
import CropSim
import CropText
import Foundation

/// One report folder, read as untrusted input the way `report merge` reads a shard: the folder
/// must hold a `summary.json` cropsim writes; every scenario id is checked byte by byte before a
/// path is formed from it; no symbolic link inside the folder is followed; every file is opened
/// without blocking, refused unless regular, and read within `ReportMerge.maxFileBytes`.
public struct ReportReader: Sendable {
    public let folder: String
    /// The scenarios of `summary.json` by id.
    public let entries: [String: Summary.Entry]

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
                throw OutputError(.refused, "\(folder)/summary.json: scenario id \(jsonString(String(entry.id.prefix(200)))) \(problem)")
            }
            guard entries.updateValue(entry, forKey: entry.id) == nil else {
                throw OutputError(.refused, "\(folder)/summary.json: scenario \(entry.id) is listed twice")
            }
        }
        self.entries = entries
    }

    /// The logs of scenario `id` (one of `ids`).
    public func logs(_ id: String) throws(OutputError) -> ScenarioLogs {
        guard let entry = entries[id] else { throw OutputError(.refused, "\(folder): has no scenario \(id)") }
        let base = folder + "/scenarios/" + id
        try requireRealFolders("scenarios/" + id)
        func parsed<T>(_ name: String, _ parse: ([UInt8], String) throws(LogParser.Malformed) -> T) throws(OutputError) -> T {
            do { return try parse(try Self.read(base + "/" + name), base + "/" + name) } catch let error as LogParser.Malformed {
                throw OutputError(.refused, error.description)
            } catch let error as OutputError { throw error } catch { throw OutputError(.refused, "\(base)/\(name): \(error)") }
        }
        let frames = try parsed("frames.jsonl", LogParser.frames)
        let effects = LogParser.splitTips(try parsed("effects.jsonl", LogParser.timed))
        var others: [String: [UInt8]] = [:]
        for name in ScenarioLogs.otherFileNames {
            guard let bytes = try Self.readIfPresent(base + "/" + name) else { continue }
            others[name] = bytes
        }
        let verdict = entry.notApplicable != nil ? "notApplicable" : entry.passed ? "passed" : "failed"
        return ScenarioLogs(id: id, name: entry.name, verdict: verdict, violations: entry.violations,
                            frames: frames.samples, frameLines: frames.lines, haptics: try parsed("haptics.jsonl", LogParser.timed),
                            tips: effects.tips, effects: effects.others, otherFiles: others,
                            photo: others["scenario.resolved.json"].flatMap(LogParser.photo))
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
                throw OutputError(.refused, "\(path): \(ReadableFile.kind(info.st_mode)); a report's scenario folders must be real folders")
            }
        }
    }

    /// A file of the report: never through a symbolic link, never blocking, never past the bound.
    static func read(_ path: String) throws(OutputError) -> [UInt8] {
        do throws(ReadableFile.Refusal) {
            let file = try ReadableFile(path, followLinks: false)
            guard file.size <= ReportMerge.maxFileBytes else {
                throw ReadableFile.Refusal(reason: "is larger than \(ReportMerge.maxFileBytes >> 20) MiB, more than any report writes", notRegular: false)
            }
            return try file.readAll(limit: ReportMerge.maxFileBytes)
        } catch {
            throw OutputError(.refused, "\(path): \(error.reason)")
        }
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
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return "is not a summary cropsim writes"
        }
        let path = "$" + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let what = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "unexpected value"
        return "\(path): \(what.prefix(200)); is it a summary cropsim writes?"
    }
}
