import CropPipe
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// Parses a scenario's log files as their bytes arrive. A line that is not what cropsim writes is
/// refused with its file and line number: a report folder is untrusted input.
public enum LogParser {
    /// A log that is not what cropsim writes: `file:line: why`.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        public var description: String { "\(file):\(line): \(reason)" }

        public init(file: String, line: Int, reason: String) {
            self.file = file
            self.line = line
            self.reason = reason
        }
    }

    /// Past any tick a run reaches: the simulated-time budget plus twice the settle limit
    /// (7,200 + 2 × 1,200). Ticks are checked against it as they are read, so the frames of one
    /// log (strictly increasing ticks) are bounded too, and no arithmetic on a tick can overflow
    /// (a tick of 2⁶³ − 1 trapped drawing the filmstrip, issue 34).
    public static let maxTick = Int(ScenarioBudget.maxSeconds) * TickClock.ticksPerSecond + 2 * Simulator.Options().settleTicks
    /// A frame line is under 2 KiB with ten fingers down.
    public static let maxFrameLineBytes = 8 << 10
    /// An effect line holds a tip's text or an upload's key at most.
    public static let maxRecordLineBytes = 64 << 10

    /// `frames.jsonl` fed chunk by chunk: one sample per line, ticks strictly increasing.
    public struct Frames {
        public private(set) var samples: [FrameSample] = []
        public private(set) var lines: [LineDigest] = []
        /// Each line's fields, to name the ones that differ.
        public private(set) var fields = FrameFields()
        var splitter: LogLines

        public init(file: String) { splitter = LogLines(file: file, maxLineBytes: LogParser.maxFrameLineBytes) }

        public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(Malformed) {
            let file = splitter.file
            try splitter.feed(chunk) { (number, line) throws(Malformed) in
                let sample: FrameSample
                do throws(WireError) { sample = try FrameSample(line: line) } catch {
                    throw Malformed(file: file, line: number, reason: "is not a frame cropsim writes (\(error.message))")
                }
                if let last = samples.last, sample.tick <= last.tick {
                    throw Malformed(file: file, line: number, reason: "tick \(sample.tick) does not follow tick \(last.tick)")
                }
                samples.append(sample)
                lines.append(LineDigest(line))
                fields.add(line: line)
            }
        }

        public func finish() throws(Malformed) { try splitter.finish() }
    }

    /// A log of timed records (`haptics.jsonl`, `effects.jsonl`) fed chunk by chunk, each named for
    /// summaries.
    public struct Timed {
        public private(set) var records: [LogLine] = []
        var splitter: LogLines

        public init(file: String) { splitter = LogLines(file: file, maxLineBytes: LogParser.maxRecordLineBytes) }

        public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(Malformed) {
            let file = splitter.file
            try splitter.feed(chunk) { (number, line) throws(Malformed) in
                let record: TimedRecord
                do throws(WireError) { record = try TimedRecord(line: line) } catch {
                    throw Malformed(file: file, line: number, reason: "is not a record with a tick (\(error.message))")
                }
                records.append(LogLine(tick: record.tick, text: String(decoding: line, as: UTF8.self), name: record.name))
            }
        }

        public func finish() throws(Malformed) { try splitter.finish() }
    }

    /// `frames.jsonl` from its bytes.
    public static func frames(_ bytes: [UInt8], file: String) throws(Malformed) -> (samples: [FrameSample], lines: [LineDigest], fields: FrameFields) {
        var parser = Frames(file: file)
        try bytes.withUnsafeBytes { chunk in Result { () throws(Malformed) in try parser.feed(chunk) } }.get()
        try parser.finish()
        return (parser.samples, parser.lines, parser.fields)
    }

    /// A log of timed records from its bytes.
    public static func timed(_ bytes: [UInt8], file: String) throws(Malformed) -> [LogLine] {
        var parser = Timed(file: file)
        try bytes.withUnsafeBytes { chunk in Result { () throws(Malformed) in try parser.feed(chunk) } }.get()
        try parser.finish()
        return parser.records
    }

    /// Splits `effects.jsonl` into the tips and alerts shown, and every other effect.
    public static func splitTips(_ effects: [LogLine]) -> (tips: [LogLine], others: [LogLine]) {
        let isTip: (LogLine) -> Bool = { $0.name == "show" || $0.name == "alert" }
        return (effects.filter(isTip), effects.filter { !isTip($0) })
    }

    /// The photo file's name in `scenario.resolved.json` (`imageFile`), which messages may carry
    /// behind a path (`EmbeddedPaths`).
    public static func imageFile(_ bytes: [UInt8]) -> String? {
        struct Resolved: Decodable { var imageFile: String? }
        return (try? JSONDecoder().decode(Resolved.self, from: Data(bytes)))?.imageFile
    }

    /// The photo's points at scale 1 from `scenario.resolved.json`; nil for a refused photo.
    public static func photo(_ bytes: [UInt8]) -> PhotoPoints? {
        struct Resolved: Decodable {
            var orientedWidth: Double?
            var orientedHeight: Double?
            var screenScale: Double?
        }
        guard let r = try? JSONDecoder().decode(Resolved.self, from: Data(bytes)),
              let w = r.orientedWidth, let h = r.orientedHeight, let s = r.screenScale, s > 0, w > 0, h > 0 else { return nil }
        return PhotoPoints(width: w / s, height: h / s)
    }
}
