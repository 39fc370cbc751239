import CropScenario
import CropFiles
import CropSim
import CropSpec
import CropText
import Dispatch
import Foundation
import Synchronization

/// Writes a run's report folder so that it is either all there or not there at all, and only
/// where a report may go: `ReportFolder` checks the path, stages the files beside it and swaps
/// them in. Every write is a plain system call, so a failure is one line naming the path.
public struct ReportWriter: Sendable {
    public let path: String
    /// Extra files for a scenario's folder, by scenario id (e.g. `avatar.png` from imaging).
    public var attachments: [String: [String: [UInt8]]] = [:]
    /// Extra files at the top of the folder (e.g. `index.html`).
    public var files: [String: [UInt8]] = [:]
    /// More files for each scenario's folder (e.g. `detail.js`), given the result: made while
    /// the folder is written and dropped once on disk, so a large suite never holds them all.
    public var scenarioFiles: (@Sendable (RunResult) -> [String: [UInt8]])?
    /// Scenario folders written in parallel: formatting the logs is most of the work.
    public var jobs = 1
    /// The model under test, as summary.json names it.
    public var model: ModelReport?

    public init(path: String) {
        self.path = path
    }

    public init(directory: URL) {
        self.init(path: directory.path)
    }

    /// Whether a scenario id can name its folder below `scenarios/`: relative, no "", "." or ".."
    /// part that would leave it or alias another, no control character or NUL (`UntrustedName`).
    static func isFolderName(_ id: String) -> Bool { UntrustedName.problem(id, escapedBytes: true) == nil }

    /// `waiting` is called if another run is writing the same folder (this one then waits).
    public func write(_ results: [RunResult], wallSeconds: [String: Double], waiting: () -> Void = {}) throws(OutputError) {
        let folder = try ReportFolder(path)
        try folder.replace(waiting: waiting) { staging throws(OutputError) in
            try fill(staging, results, wallSeconds: wallSeconds)
        }
    }

    private func fill(_ staging: String, _ results: [RunResult], wallSeconds: [String: Double]) throws(OutputError) {
        func encoded(_ name: String, _ make: () throws -> String) throws(OutputError) -> String {
            do { return try make() } catch { throw OutputError(.failed, "\(path): cannot encode \(name): \(error)") }
        }
        for r in results {
            let id = r.scenario.id
            guard Self.isFolderName(id) else { throw OutputError(.refused, "\(path): scenario id \"\(id)\" is not a relative path") }
        }
        try put(staging + "/summary.json", encoded("summary.json") { try Summary(results, wallSeconds: wallSeconds, model: model).json() })
        try put(staging + "/junit.xml", JUnitReport.xml(results, wallSeconds: wallSeconds))
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) { try put(staging + "/" + name, bytes) }

        let firstError = Mutex<OutputError?>(nil)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, results.count))) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < results.count, firstError.withLock({ $0 == nil }) else { return }
                do throws(OutputError) {
                    try writeScenario(results[i], into: staging)
                } catch {
                    firstError.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = firstError.withLock({ $0 }) { throw error }
    }

    private func writeScenario(_ r: RunResult, into staging: String) throws(OutputError) {
        let id = r.scenario.id
        let folder = staging + "/scenarios/" + id
        try ReportFolder.makeFolders(folder, shownAs: path, inside: staging)
        let resolved: String
        do { resolved = try ResolvedScenario(r).json() } catch { throw OutputError(.failed, "\(path): cannot encode scenario.resolved.json: \(error)") }
        try put(folder + "/scenario.resolved.json", resolved)
        try put(folder + "/frames.jsonl", FrameLog.frames(r.frames))
        try put(folder + "/haptics.jsonl", FrameLog.haptics(r.effects))
        try put(folder + "/effects.jsonl", FrameLog.effects(r.effects))
        try put(folder + "/violations.jsonl", (r.violations + r.subPixel).map(Self.violationLine).joined())
        try put(folder + "/upload.jsonl", FrameLog.uploads(r.backend))
        try put(folder + "/telemetry.jsonl", FrameLog.telemetry(r.effects))
        try put(folder + "/frame-timing.jsonl", FrameTimingStatistics.jsonLines(r.modelNanoseconds))
        try put(folder + "/trace.json", ChromeTrace.json(r))
        for (name, bytes) in (attachments[id] ?? [:]).sorted(by: { $0.key < $1.key }) { try put(folder + "/" + name, bytes) }
        for (name, bytes) in (scenarioFiles?(r) ?? [:]).sorted(by: { $0.key < $1.key }) { try put(folder + "/" + name, bytes) }
    }

    /// One line of `violations.jsonl`; a geometric property's adds its `magnitude` (device
    /// pixels, and along the photo's axes when turned) and a sub-pixel deviation `"subPixel":true`
    /// (docs/reports.md). Lines without them are as they always were.
    static func violationLine(_ v: Violation) -> String {
        var line = "{\"invariant\":\"\(v.property.rawValue)\",\"tick\":\(v.tick),\"t\":\(formatNumber(v.time)),\"message\":\(jsonString(v.message))"
        if let m = v.magnitude {
            line += ",\"magnitude\":{\"devicePixels\":\(formatNumber(m.devicePixels))"
            if let p = m.photoAxes { line += ",\"photoAxes\":{\"x\":\(formatNumber(p.x)),\"y\":\(formatNumber(p.y))}" }
            line += "}"
        }
        if v.isSubPixel { line += ",\"subPixel\":true" }
        return line + "}\n"
    }

    private func put(_ file: String, _ bytes: [UInt8]) throws(OutputError) {
        try OutputFile.writeNew(bytes, to: file, shownAs: path, sync: false)
    }

    /// Written straight from the string's UTF-8 storage: a frame log is megabytes.
    private func put(_ file: String, _ text: String) throws(OutputError) {
        var text = text
        let failure: OutputError? = text.withUTF8 { buffer in
            do throws(OutputError) {
                try OutputFile.writeNew(buffer, to: file, shownAs: path, sync: false)
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }
}
