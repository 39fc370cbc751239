import CropFiles
import CropImaging
import CropLogs
import CropReport
import CropSim
import CropTestSupport
import Dispatch
import Foundation
import Synchronization

/// Reports written the one way the product writes them, `ReportWriter.stream`, with the calls
/// `cropsim run` makes (`RunCommand.write`): each scenario's folder with its `detail.js` and
/// `timing.js` as attachments, what the run keeps of it into the spool, then the top files merged
/// from the spool. The results are put in id order, as `run` sorts its scenarios (the spool's
/// merged files keep that order); they are given on `jobs` threads, last first when `reversed`,
/// as `--jobs` threads finish them.
enum WrittenReport {
    static func write(
        _ results: [RunResult], to path: String, wallSeconds: [String: Double] = [:],
        thumbnails: [String: RGBImage] = [:],
        model: ModelReport? = nil, traces: ReportWriter.Traces = .all, jobs: Int = 1, reversed: Bool = false
    ) throws(OutputError) {
        let results = results.sorted { $0.scenario.id < $1.scenario.id }
        var writer = ReportWriter(path: path)
        writer.model = model
        writer.traces = traces
        let order = reversed ? Array(results.indices.reversed()) : Array(results.indices)
        try writer.stream(ids: results.map(\.scenario.id)) { sink throws(OutputError) in
            let spool = try sink.spool(count: results.count, extraParts: 0)
            let firstError = Mutex<OutputError?>(nil), next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, results.count))) { _ in
                while true {
                    let k = next.add(1, ordering: .relaxed).oldValue
                    guard k < order.count, firstError.withLock({ $0 == nil }) else { return }
                    let r = results[order[k]], seconds = wallSeconds[r.scenario.id]
                    do throws(OutputError) {
                        try sink.write(
                            r,
                            attachments: HTMLReport.scenarioFiles(
                                r, wallSeconds: seconds, thumbnail: thumbnails[r.scenario.id]))
                        try spool.keep(order[k], FinishedScenario(r, wallSeconds: seconds ?? 0), extra: [])
                    } catch {
                        firstError.withLock { $0 = $0 ?? error }
                    }
                }
            }
            if let error = firstError.withLock({ $0 }) { throw error }
            try writer.writeTopFiles(spool, suite: SummaryRows.Suite(ids: results.map(\.scenario.id)), into: sink)
        }
    }

    /// A report of `results` in a temporary folder of its own, read back by name.
    struct Folder {
        let temporary: TemporaryFolder
        var path: String { temporary.path("report") }

        init(_ results: [RunResult], wallSeconds: [String: Double] = [:], thumbnails: [String: RGBImage] = [:]) throws {
            temporary = try TemporaryFolder("written-report")
            try WrittenReport.write(
                results, to: temporary.path("report"), wallSeconds: wallSeconds, thumbnails: thumbnails)
        }

        /// A file of the report, by its path below the folder.
        func text(_ relative: String) throws -> String { try temporary.read("report/" + relative) }
    }
}
