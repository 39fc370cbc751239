import CropPipe
import Testing

/// A number past the largest double: malformed in a reply (the protocol spells infinity
/// `"Infinity"`, issue 34), ±infinity in cropsim's own logs, which write it `1e999`.
@Suite struct WireNumberOverflowTests {
    func read(_ text: String, logs: Bool = false) -> Result<Double, WireError> {
        var r = WireReader(Array(text.utf8), overflowIsInfinity: logs)
        do throws(WireError) { return .success(try r.number()) } catch { return .failure(error) }
    }

    @Test func aReplyNumberPastTheLargestDoubleIsMalformed() {
        for text in ["1e400", "-1e400", "1e999", "18e307", "1" + String(repeating: "0", count: 400)] {
            guard case .failure(let error) = read(text) else {
                Issue.record("\(text) was read as a number")
                continue
            }
            #expect(error.message == "at byte 0: a number too large for a double (infinity is the string \"Infinity\")")
            #expect(!error.violation)
        }
    }

    @Test func theLargestDoubleAndTheInfinityStringsStillRead() throws {
        #expect(try read("1.7976931348623157e308").get() == .greatestFiniteMagnitude)
        #expect(try read("\"Infinity\"").get() == .infinity)
        #expect(try read("\"-Infinity\"").get() == -.infinity)
        #expect(try read("1e-400").get() == 0)
    }

    @Test func cropsimsOwnLogsReadBackTheirInfinity() throws {
        #expect(try read("1e999", logs: true).get() == .infinity)
        #expect(try read("-1e999", logs: true).get() == -.infinity)
    }
}
