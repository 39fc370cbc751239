import CropFiles
import CropLogs
import CropSim
import CropVocabulary
import Foundation
import Synchronization

/// What a streaming run keeps of each finished scenario, on disk (issue 36: memory flat in the
/// number of scenarios). On the thread that ran it, a scenario's `summary.json` entry, JUnit
/// case, page row and `timings.js` line (and the caller's own parts, such as its line of the
/// terminal table) are encoded and appended to a file without a name (created in the report's
/// staging folder and unlinked at once, so nothing is left behind, whatever kills the run). In
/// memory stays, per scenario, where its record is and the few numbers the totals need: 40
/// bytes, where a `FinishedScenario` was kilobytes. The top files are then merged from it a
/// record at a time (`SpooledReport`), in the order the scenarios were given.
public final class ScenarioSpool: Sendable {
    /// Where a scenario's parts are in the file, and what the totals count.
    public struct Record: Sendable {
        var offset: Int64
        var length: Int32
        public var outcome: RunResult.Outcome
        public var subPixel: Int32
        public var wallSeconds: Double
    }

    /// The parts every record has, before the caller's own.
    enum Part: Int, CaseIterable {
        case summaryEntry, junitCase, row, timing
    }

    /// The index of the caller's first own part, for `writeParts`.
    public static let firstExtraPart = Part.allCases.count

    /// The number of scenarios the run was given.
    public let count: Int
    /// How many of the caller's own parts each record carries after `Part`'s.
    public let extraParts: Int
    private let fd: Int32
    private let shown: String
    private let state: Mutex<State>

    private struct State {
        var end: Int64 = 0
        var records: [Record?]
        /// The first scenario's model, as the reports written whole name it.
        var model: ModelIdentity?
    }

    /// A spool for `count` scenarios in `folder` (the staging folder: the same disk, and ours).
    public init(count: Int, extraParts: Int, in folder: String, shownAs shown: String) throws(OutputError) {
        let path = folder + "/.scenario-spool"
        fd = PathText.withCString(path) { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard fd >= 0 else { throw .failed(shown, "create \(path)", errno: errno) }
        // Never swapped in with the report: a spool that cannot lose its name is not used.
        guard PathText.withCString(path, { unlink($0) }) == 0 else {
            let code = errno
            close(fd)
            throw .failed(shown, "unlink \(path)", errno: code)
        }
        self.count = count
        self.extraParts = extraParts
        self.shown = shown
        state = Mutex(State(records: Array(repeating: nil, count: count)))
    }

    deinit { close(fd) }

    /// Keeps scenario `index`'s parts; `extra` must hold `extraParts` strings. Safe from many threads.
    public func keep(_ index: Int, _ f: FinishedScenario, extra: [String]) throws(OutputError) {
        precondition(extra.count == extraParts && (0..<count).contains(index), "a spool record out of shape")
        let r = f.result
        let entry: String
        do { entry = try Summary.indented(Summary.Entry(f)) } catch {
            throw OutputError(.failed, "\(shown): cannot encode summary.json: \(error)")
        }
        let timing = f.measured ? HTMLReport.timingEntry(id: r.scenario.id, ns: f.timing.p95Ns) : ""
        let parts = [entry, JUnitReport.testcase(r, wallSeconds: f.wallSeconds), SummaryRow(r).json, timing] + extra
        var bytes: [UInt8] = []
        for part in parts { withUnsafeBytes(of: UInt32(part.utf8.count).littleEndian) { bytes += $0 } }
        for part in parts { bytes += part.utf8 }
        guard bytes.count <= Int32.max else {
            throw OutputError(.failed, "\(shown): \(r.scenario.id): its summary is over 2 GiB")
        }
        let offset = state.withLock { state in
            defer { state.end += Int64(bytes.count) }
            return state.end
        }
        let written = bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard written else { throw .failed(shown, "write its summaries", errno: errno) }
        let record = Record(
            offset: offset, length: Int32(bytes.count), outcome: r.outcome,
            subPixel: Int32(clamping: r.subPixelCount), wallSeconds: f.wallSeconds)
        state.withLock { state in
            state.records[index] = record
            if index == 0 { state.model = r.model }
        }
    }

    /// Every scenario's record, in the order given; each must have been kept.
    public var records: [Record] { state.withLock { $0.records.map { $0! } } }

    /// The first scenario's model.
    public var model: ModelIdentity? { state.withLock { $0.model } }

    /// Reads `record` into `buffer` and returns where each of its parts is in it.
    func parts(_ record: Record, into buffer: inout [UInt8]) throws(OutputError) -> [Range<Int>] {
        let length = Int(record.length)
        if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
        let read = buffer.withUnsafeMutableBytes { out in
            var done = 0
            while done < length {
                let n = pread(fd, out.baseAddress! + done, length - done, off_t(record.offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard read else { throw .failed(shown, "read its summaries back", errno: errno) }
        let n = Part.allCases.count + extraParts
        var ranges: [Range<Int>] = [], start = 4 * n
        for k in 0..<n {
            let size = Int(
                UInt32(buffer[4 * k]) | UInt32(buffer[4 * k + 1]) << 8 | UInt32(buffer[4 * k + 2]) << 16 | UInt32(
                    buffer[4 * k + 3]) << 24)
            ranges.append(start..<start + size)
            start += size
        }
        return ranges
    }
}
