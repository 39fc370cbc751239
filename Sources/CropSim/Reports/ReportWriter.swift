import Foundation

/// Writes a run's report folder so that it is either all there or not there at all: everything
/// goes into a sibling temporary folder that replaces the old one by rename at the end.
public struct ReportWriter {
    public let directory: URL
    /// Extra files for a scenario's folder, by scenario id (e.g. `avatar.png` from imaging).
    public var attachments: [String: [String: [UInt8]]] = [:]
    /// Extra files at the top of the folder (e.g. `index.html`).
    public var files: [String: [UInt8]] = [:]

    public init(directory: URL) {
        self.directory = directory
    }

    public func write(_ results: [RunResult], wallSeconds: [String: Double]) throws {
        let fm = FileManager.default
        let parent = directory.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(directory.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            try Summary(results, wallSeconds: wallSeconds).json().write(to: staging.appendingPathComponent("summary.json"), atomically: false, encoding: .utf8)
            try JUnitReport.xml(results, wallSeconds: wallSeconds).write(to: staging.appendingPathComponent("junit.xml"), atomically: false, encoding: .utf8)
            for (name, bytes) in files {
                try Data(bytes).write(to: staging.appendingPathComponent(name))
            }
            for r in results {
                let folder = staging.appendingPathComponent("scenarios").appendingPathComponent(r.scenario.id)
                try fm.createDirectory(at: folder, withIntermediateDirectories: true)
                func put(_ name: String, _ text: String) throws {
                    try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
                }
                try put("scenario.resolved.json", try ResolvedScenario(r).json())
                try put("frames.jsonl", FrameLog.frames(r.frames))
                try put("haptics.jsonl", FrameLog.haptics(r.effects))
                try put("effects.jsonl", FrameLog.effects(r.effects))
                try put("violations.jsonl", r.violations.map { "{\"invariant\":\"\($0.property.rawValue)\",\"tick\":\($0.tick),\"t\":\(formatNumber($0.time)),\"message\":\(jsonString($0.message))}\n" }.joined())
                try put("upload.jsonl", FrameLog.uploads(r.backend))
                try put("telemetry.jsonl", FrameLog.telemetry(r.effects))
                try put("frame-timing.jsonl", FrameTimingStatistics.jsonLines(r.modelNanoseconds))
                try put("trace.json", ChromeTrace.json(r))
                for (name, bytes) in attachments[r.scenario.id] ?? [:] {
                    try Data(bytes).write(to: folder.appendingPathComponent(name))
                }
            }
            // Two renames: the old report steps aside, the new one takes its place, then the old
            // one goes. A crash in between leaves one complete report, never a mixed one.
            let previous = parent.appendingPathComponent(".\(directory.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
            let hadPrevious = fm.fileExists(atPath: directory.path)
            if hadPrevious { try fm.moveItem(at: directory, to: previous) }
            try fm.moveItem(at: staging, to: directory)
            if hadPrevious { try? fm.removeItem(at: previous) }
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
    }
}
