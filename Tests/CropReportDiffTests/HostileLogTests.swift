import CropReportDiff
import CropScenario
import CropSim
import CropTestSupport
import Foundation
import Testing

/// Logs a report diff must survive (issue 34): a tick no run reaches, the non-finite poses a
/// failing model leaves in its report, and logs too large to hold as lines.
struct HostileLogTests {
    let frame =
        #"{"tick":TICK,"t":0,"scale":SCALE,"tx":TX,"ty":0,"sMin":null,"sMax":1e999,"maskDiameter":322,"maxTx":64,"maxTy":8,"viewWidth":393,"viewHeight":852,"phase":"idle","animating":false,"session":"editing","gridVisible":true,"instructionVisible":false,"sliderPercent":0,"clampZoomMin":false,"clampZoomMax":false,"clampPanX":false,"clampPanY":false,"engaged":[],"touches":[]}"#

    func line(tick: String = "0", scale: String = "1", tx: String = "0") -> String {
        frame.replacingOccurrences(of: "TICK", with: tick).replacingOccurrences(of: "SCALE", with: scale)
            .replacingOccurrences(of: "TX", with: tx) + "\n"
    }

    @Test func aTickPastAnyRunIsRefusedNotTrapped() {
        for tick in ["9223372036854775807", "\(LogParser.maxTick + 1)", "-1", "1e300", "0.5"] {
            #expect(throws: LogParser.Malformed.self, "\(tick)") {
                try LogParser.frames(Array(line(tick: tick).utf8), file: "f")
            }
            #expect(throws: LogParser.Malformed.self, "\(tick)") {
                try LogParser.timed(Array("{\"tick\":\(tick)}\n".utf8), file: "h")
            }
        }
        #expect(
            (try? LogParser.frames(Array(line(tick: "\(LogParser.maxTick)").utf8), file: "f"))?.samples.first?.tick
                == LogParser.maxTick)
    }

    @Test func theLargestTickDrawsAPage() throws {
        let run = ScenarioLogs(
            id: "g/s", frames: [FrameSample(tick: 0, scale: 1), FrameSample(tick: LogParser.maxTick, scale: 2)],
            photo: PhotoPoints(width: 100, height: 100))
        var diff = ReportDiff(a: "a", b: "b")
        diff.add(
            run,
            ScenarioLogs(
                id: "g/s", frames: [FrameSample(tick: 0, scale: 1)], photo: PhotoPoints(width: 100, height: 100)))
        #expect(DiffPage.render(diff).contains("tick \(LogParser.maxTick)"))
    }

    @Test func nonFinitePosesReadBackAsCropsimWroteThem() throws {
        let text = line(tick: "0", scale: "null", tx: "1e999") + line(tick: "1", scale: "1", tx: "-1e999")
        let parsed = try LogParser.frames(Array(text.utf8), file: "f")
        #expect(parsed.samples.count == 2)
        #expect(parsed.samples[0].scale.isNaN)
        #expect(parsed.samples[0].tx == .infinity)
        #expect(parsed.samples[1].tx == -.infinity)
    }

    @Test func theSameNonFinitePoseIsNoDifferenceAndAnotherIsInfinitelyFar() {
        let nan = ScenarioLogs(
            id: "g/s", frames: [FrameSample(tick: 0, scale: 1), FrameSample(tick: 1, scale: .nan, tx: .infinity)])
        #expect(ScenarioDiff.compare(nan, nan).isIdentical)
        let finite = ScenarioLogs(id: "g/s", frames: [FrameSample(tick: 0, scale: 1), FrameSample(tick: 1, scale: 1)])
        let d = ScenarioDiff.compare(finite, nan)
        #expect(d.pose?.firstTick == 1)
        #expect(d.pose?.maxScale == .infinity)
        #expect(d.pose?.maxOffset == .infinity)
        #expect(ReportDiff.line(d) == "g/s: pose differs from tick 1 (max Δscale inf, Δoffset inf pt)")
        var diff = ReportDiff(a: "a", b: "b")
        diff.add(finite, nan)
        #expect(diff.json.contains(#""maxScale":1e999,"maxOffset":1e999"#))
        #expect(!DiffPage.render(diff).contains("nan"))
    }

    @Test func aLineLongerThanAnyFrameIsRefusedAtItsNumber() {
        let long = line() + "{\"tick\":1," + String(repeating: " ", count: LogParser.maxFrameLineBytes) + "}\n"
        #expect(
            throws: LogParser.Malformed(
                file: "f", line: 2,
                reason: "is longer than \(LogParser.maxFrameLineBytes) bytes, more than any line cropsim writes")
        ) {
            try LogParser.frames(Array(long.utf8), file: "f")
        }
    }

    @Test func aLogIsReadAsItArrivesAndRefusedAtItsFirstBadLine() throws {
        var parser = LogParser.Frames(file: "f")
        let first = Array(line(tick: "0").utf8), bad = Array("{}\n".utf8)
        try first.withUnsafeBytes { chunk in
            try Result { () throws(LogParser.Malformed) in try parser.feed(chunk) }.get()
        }
        #expect(parser.samples.count == 1)
        #expect(
            throws: LogParser.Malformed(
                file: "f", line: 2, reason: "is not a frame cropsim writes (a field of every frame is missing)")
        ) {
            try bad.withUnsafeBytes { chunk in
                try Result { () throws(LogParser.Malformed) in try parser.feed(chunk) }.get()
            }
        }
    }

    @Test func chartsOfLongRunsAreThinnedToTheirWidth() {
        let run = ScenarioLogs(
            id: "g/s", frames: (0...LogParser.maxTick).map { FrameSample(tick: $0, scale: 1 + Double($0 % 7) / 10) })
        var diff = ReportDiff(a: "a", b: "b")
        diff.add(run, ScenarioLogs(id: "g/s", frames: [FrameSample(tick: 0, scale: 1)]))
        let page = DiffPage.render(diff)
        #expect(page.utf8.count < 100_000)
        #expect(page.contains(">1.6×</text>"), "the highest value survives the thinning")
    }
}
