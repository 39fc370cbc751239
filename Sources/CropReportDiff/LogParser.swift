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
    public static let maxTick =
        Int(ScenarioBudget.maxSeconds) * TickClock.ticksPerSecond + 2 * Simulator.Options().settleTicks
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
        var scanner = FrameLineScanner()
        let hasher = LineHasher()

        public init(file: String) { splitter = LogLines(file: file, maxLineBytes: LogParser.maxFrameLineBytes) }

        /// A line as cropsim writes it takes `FrameLineScanner`'s fast path; any other line is
        /// accepted or refused by `FrameSample(line:)`, as before the fast path existed.
        public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(Malformed) {
            let file = splitter.file
            try splitter.feed(chunk) { (number, line) throws(Malformed) in
                let scanned = scanner.scan(line)
                let general = scanned == nil ? Array(line) : nil
                let sample: FrameSample
                if let scanned {
                    sample = scanned
                } else {
                    do throws(WireError) { sample = try FrameSample(line: general ?? []) } catch {
                        throw Malformed(
                            file: file, line: number, reason: "is not a frame cropsim writes (\(error.message))")
                    }
                }
                if let last = samples.last, sample.tick <= last.tick {
                    throw Malformed(
                        file: file, line: number, reason: "tick \(sample.tick) does not follow tick \(last.tick)")
                }
                samples.append(sample)
                lines.append(hasher.digest(line))
                if let general { fields.add(line: general) } else { fields.add(scanner.fields, of: line) }
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
            try splitter.feed(chunk) { (number, bytes) throws(Malformed) in
                let line = Array(bytes)
                let record: TimedRecord
                do throws(WireError) { record = try TimedRecord(line: line) } catch {
                    throw Malformed(file: file, line: number, reason: "is not a record with a tick (\(error.message))")
                }
                records.append(
                    LogLine(tick: record.tick, text: String(decoding: line, as: UTF8.self), name: record.name))
            }
        }

        public func finish() throws(Malformed) { try splitter.finish() }
    }

    /// `frames.jsonl` from its bytes.
    public static func frames(_ bytes: [UInt8], file: String) throws(Malformed) -> (
        samples: [FrameSample], lines: [LineDigest], fields: FrameFields
    ) {
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
        guard let r = try? JSONDecoder().decode(Resolved.self, from: Data(bytes)) else { return nil }
        return points(r.orientedWidth, r.orientedHeight, r.screenScale)
    }

    /// `photo` and `imageFile` in one decode where the file is as cropsim writes it (issue 36:
    /// decoding it twice was a tenth of a diff); where that fails, each alone, so a member of the
    /// wrong type still costs only its own value.
    public static func resolved(_ bytes: [UInt8]) -> (photo: PhotoPoints?, imageFile: String?) {
        struct Resolved: Decodable {
            var imageFile: String?
            var orientedWidth: Double?
            var orientedHeight: Double?
            var screenScale: Double?
        }
        guard let r = try? JSONDecoder().decode(Resolved.self, from: Data(bytes)) else {
            return (photo(bytes), imageFile(bytes))
        }
        return (points(r.orientedWidth, r.orientedHeight, r.screenScale), r.imageFile)
    }

    private static func points(_ width: Double?, _ height: Double?, _ screenScale: Double?) -> PhotoPoints? {
        guard let w = width, let h = height, let s = screenScale, s > 0, w > 0, h > 0 else { return nil }
        return PhotoPoints(width: w / s, height: h / s)
    }
}
