import Foundation

/// Parses a scenario's log files from their bytes. A line that is not what cropsim writes is
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

    private struct Timed: Decodable {
        var tick: Int
        var kind: String?
        var reason: String?
        var type: String?
    }

    /// `frames.jsonl`: one sample per line, ticks strictly increasing.
    public static func frames(_ bytes: [UInt8], file: String) throws(Malformed) -> (samples: [FrameSample], lines: [String]) {
        var samples: [FrameSample] = [], lines: [String] = []
        for (number, line) in try textLines(bytes, file: file) {
            guard let sample = try? JSONDecoder().decode(FrameSample.self, from: Data(line.utf8)) else {
                throw Malformed(file: file, line: number, reason: "is not a frame cropsim writes")
            }
            if let last = samples.last, sample.tick <= last.tick {
                throw Malformed(file: file, line: number, reason: "tick \(sample.tick) does not follow tick \(last.tick)")
            }
            samples.append(sample)
            lines.append(line)
        }
        return (samples, lines)
    }

    /// A log of timed records (`haptics.jsonl`, `effects.jsonl`), each named for summaries.
    public static func timed(_ bytes: [UInt8], file: String) throws(Malformed) -> [LogLine] {
        var out: [LogLine] = []
        for (number, line) in try textLines(bytes, file: file) {
            guard let record = try? JSONDecoder().decode(Timed.self, from: Data(line.utf8)), record.tick >= 0 else {
                throw Malformed(file: file, line: number, reason: "is not a record with a tick")
            }
            out.append(LogLine(tick: record.tick, text: line, name: record.reason ?? record.kind ?? record.type ?? "record"))
        }
        return out
    }

    /// Splits `effects.jsonl` into the tips and alerts shown, and every other effect.
    public static func splitTips(_ effects: [LogLine]) -> (tips: [LogLine], others: [LogLine]) {
        let isTip: (LogLine) -> Bool = { $0.name == "show" || $0.name == "alert" }
        return (effects.filter(isTip), effects.filter { !isTip($0) })
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

    /// Non-empty lines with their numbers; refused unless the file is UTF-8 ending in a newline.
    static func textLines(_ bytes: [UInt8], file: String) throws(Malformed) -> [(Int, String)] {
        guard !bytes.isEmpty else { return [] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Malformed(file: file, line: 1, reason: "is not UTF-8")
        }
        guard text.hasSuffix("\n") else {
            throw Malformed(file: file, line: text.split(separator: "\n", omittingEmptySubsequences: false).count, reason: "the last line has no newline; was the file cut short?")
        }
        return text.split(separator: "\n").enumerated().map { ($0.offset + 1, String($0.element)) }
    }
}
