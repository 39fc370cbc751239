@testable import CropReportDiff
import Testing

/// `LogLines` passes a line lying whole in a chunk where it lies and gathers only one split
/// across chunks (issue 36): either way a log reads the same, and is refused the same.
struct LogLinesTests {
    let log =
        (0..<40).map { FrameLineScannerTests.frame.replacingOccurrences(of: "\"tick\":7,", with: "\"tick\":\($0),") }
        .joined(separator: "\n") + "\n"

    func feed(_ bytes: [UInt8], chunk: Int) throws -> LogParser.Frames {
        var parser = LogParser.Frames(file: "f")
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            try Array(bytes[start..<min(start + chunk, bytes.count)]).withUnsafeBytes { try parser.feed($0) }
        }
        try parser.finish()
        return parser
    }

    @Test func aLogReadsTheSameInChunksOfAnySize() throws {
        let bytes = Array(log.utf8)
        let whole = try LogParser.frames(bytes, file: "f")
        #expect(whole.samples.map(\.tick) == Array(0..<40))
        for size in [1, 2, 7, 100, 457, 4096] {
            let parser = try feed(bytes, chunk: size)
            #expect(parser.samples == whole.samples, "\(size)")
            #expect(parser.lines == whole.lines, "\(size)")
            #expect(parser.fields == whole.fields, "\(size)")
        }
        // The digests are the lines' own SHA-256, as `LineDigest` computes it one line at a time.
        #expect(whole.lines.first == LineDigest(Array(log.split(separator: "\n")[0].utf8)))
    }

    @Test func textBeyondASCIIIsReadAndBytesThatAreNotUTF8AreRefused() throws {
        let accented = FrameLineScannerTests.frame.replacingOccurrences(of: "\"pinch\"", with: "\"pinché\"") + "\n"
        for size in [1, 3, 4096] {
            #expect(try feed(Array(accented.utf8), chunk: size).samples.count == 1)
            var broken = Array(accented.utf8)
            broken[broken.firstIndex(of: 0xC3)!] = 0xFF
            #expect(throws: LogParser.Malformed(file: "f", line: 1, reason: "is not UTF-8")) {
                try feed(broken, chunk: size)
            }
        }
    }

    @Test func aLineLongerThanTheBoundIsRefusedWholeOrSplit() {
        let long = Array(("{\"pad\":\"" + String(repeating: "x", count: LogParser.maxFrameLineBytes) + "\"}\n").utf8)
        let log = Array(log.utf8) + long
        for size in [5, 1000, 64 << 10] {
            #expect(
                throws: LogParser.Malformed(
                    file: "f", line: 41,
                    reason: "is longer than \(LogParser.maxFrameLineBytes) bytes, more than any line cropsim writes")
            ) {
                try feed(log, chunk: size)
            }
        }
    }

    @Test func asciiIsToldFromEverythingElseEightBytesAtATime() {
        for n in 0..<20 {
            let plain = [UInt8](repeating: 0x41, count: n)
            #expect(plain.withUnsafeBufferPointer(LogLines.isASCII))
            for at in 0..<n {
                var high = plain
                high[at] = 0x80
                #expect(!high.withUnsafeBufferPointer(LogLines.isASCII), "\(n) \(at)")
            }
        }
    }
}
