@testable import CropReportDiff
import Testing

/// The comparison on small runs built in the test: each case changes one thing and checks that
/// exactly that is reported, with the right tick and size.
struct ScenarioDiffTests {
    /// A run of `count` ticks whose scale grows by 0.01 a tick.
    func run(_ id: String = "g/s", count: Int = 10, scale: (Int) -> Double = { 1 + Double($0) / 100 }) -> ScenarioLogs {
        ScenarioLogs(
            id: id, frames: (0..<count).map { FrameSample(tick: $0, scale: scale($0)) },
            photo: PhotoPoints(width: 400, height: 300))
    }

    func haptic(_ tick: Int, _ name: String) -> LogLine {
        LogLine(tick: tick, text: "{\"tick\":\(tick),\"reason\":\"\(name)\"}", name: name)
    }

    @Test func identicalRunsDoNotDiffer() {
        let d = ScenarioDiff.compare(run(), run())
        #expect(d.isIdentical)
        #expect(d.firstTick == nil)
    }

    @Test func poseDifferenceHasItsFirstTickAndSize() {
        let b = run { $0 >= 4 ? 1 + Double($0) / 100 + 0.03 : 1 + Double($0) / 100 }
        let d = ScenarioDiff.compare(run(), b)
        #expect(d.pose?.firstTick == 4)
        #expect(abs((d.pose?.maxScale ?? 0) - 0.03) < 1e-12)
        #expect(d.pose?.maxOffset == 0)
        #expect(d.firstTick == 4)
        #expect(d.haptics == nil && d.tips == nil && d.verdict == nil)
    }

    @Test func offsetAndAngleAreMeasured() {
        var b = run()
        b.frames[7].tx = 3
        b.frames[7].ty = 4
        b.frames[8].angle = 2.5
        b.frames[9].angle = 359
        var a = run()
        a.frames[9].angle = -0.5
        let d = ScenarioDiff.compare(a, b)
        #expect(d.pose?.firstTick == 7)
        #expect(d.pose?.maxOffset == 5)
        #expect(d.pose?.maxAngle == 2.5)
        #expect(ReportDiff.line(d) == "g/s: pose differs from tick 7 (max Δscale 0, Δoffset 5 pt, Δangle 2.5°)")
    }

    @Test func aRunThatEndsEarlierIsSaidToEndEarlier() {
        let d = ScenarioDiff.compare(run(count: 10), run(count: 12))
        #expect(d.pose == nil, "every tick both runs have is the same pose")
        #expect(d.ended == ScenarioDiff.Ended(side: "A", lastTick: 9, otherLastTick: 11))
        #expect(d.firstTick == 10)
        #expect(ReportDiff.line(d) == "g/s: A ended earlier at tick 9 (B ran to tick 11)")
        let reversed = ScenarioDiff.compare(run(count: 12), run(count: 10))
        #expect(ReportDiff.line(reversed) == "g/s: B ended earlier at tick 9 (A ran to tick 11)")
        // A pose that also differs before the end is still a pose difference, over the common ticks.
        let both = ScenarioDiff.compare(run(count: 12), run(count: 10) { $0 == 3 ? 2 : 1 + Double($0) / 100 })
        #expect(both.pose?.firstTick == 3 && both.ended?.side == "B")
    }

    @Test func hapticsAreComparedLineByLine() {
        var a = run(), b = run()
        a.haptics = [haptic(3, "zoomMax"), haptic(9, "success")]
        b.haptics = [haptic(3, "zoomMax"), haptic(6, "zoomMin"), haptic(9, "success")]
        let d = ScenarioDiff.compare(a, b)
        #expect(d.haptics?.countA == 2 && d.haptics?.countB == 3 && d.haptics?.firstTick == 6)
        #expect(d.pose == nil)
        #expect(ReportDiff.line(d) == "g/s: haptics 2→3 from tick 6")
    }

    @Test func frameFieldsBesidesThePoseCount() {
        var b = run()
        b.frameLines[5] = LineDigest(Array("another line".utf8))
        let d = ScenarioDiff.compare(run(), b)
        #expect(d.pose == nil)
        #expect(d.frameFirstTick == 5)
        #expect(!d.isIdentical)
    }

    @Test func verdictAndOtherFiles() {
        var a = run(), b = run()
        b.verdict = "failed"
        b.violations = 2
        a.otherFiles["telemetry.jsonl"] = Array("x\n".utf8)
        let d = ScenarioDiff.compare(a, b)
        #expect(d.verdict?.a == "passed" && d.verdict?.b == "failed" && d.verdict?.violationsB == 2)
        #expect(d.files == ["telemetry.jsonl"])
        #expect(ReportDiff.line(d) == "g/s: verdict passed→failed (violations 0→2), telemetry.jsonl differ")
    }

    @Test func tipsAreTheShownEffects() {
        let lines = [
            LogLine(tick: 0, text: "a", name: "announce"), LogLine(tick: 20, text: "b", name: "show"),
            LogLine(tick: 30, text: "c", name: "alert")
        ]
        let split = LogParser.splitTips(lines)
        #expect(split.tips.map(\.tick) == [20, 30])
        #expect(split.others.map(\.tick) == [0])
    }
}

/// The whole-report result: which scenarios are listed, in which order, and what is written.
struct ReportDiffTests {
    func run(_ id: String, bump: Double = 0) -> ScenarioLogs {
        ScenarioLogs(id: id, frames: (0..<5).map { FrameSample(tick: $0, scale: 1 + ($0 >= 2 ? bump : 0)) })
    }

    @Test func scenariosOnOneSideAreDifferences() {
        var diff = ReportDiff(a: "A", b: "B")
        diff.add(run("a/one"), run("a/one"))
        diff.add(run("a/two"), nil)
        diff.add(nil, run("a/three"))
        #expect(!diff.isIdentical)
        #expect(diff.identical == ["a/one"])
        #expect(diff.lines == ["a/two: only in A", "a/three: only in B"])
        #expect(diff.count(.onlyInA) == 1 && diff.count(.onlyInB) == 1 && diff.count(.both) == 0)
    }

    @Test func summaryLineNamesTickAndSize() {
        var diff = ReportDiff(a: "A", b: "B")
        diff.add(run("p/basic"), run("p/basic", bump: 0.031))
        #expect(diff.lines == ["p/basic: pose differs from tick 2 (max Δscale 0.031)"])
    }

    @Test func jsonAndPageAreStable() {
        func make() -> ReportDiff {
            var diff = ReportDiff(a: "A", b: "B")
            diff.add(run("p/basic"), run("p/basic", bump: 0.5))
            diff.add(run("p/same"), run("p/same"))
            return diff
        }
        let one = make(), two = make()
        #expect(one.json == two.json)
        #expect(DiffPage.render(one) == DiffPage.render(two))
        #expect(one.json.contains("\"identical\":false"))
        #expect(one.json.contains("\"firstTick\":2"))
        #expect(one.json.contains("\"identicalScenarios\":[\"p/same\"]"))
    }

    @Test func pageEscapesIdsAndNames() {
        var diff = ReportDiff(a: "<a>", b: "B")
        var a = run("x/<script>"), b = run("x/<script>", bump: 1)
        a.name = "<img src=x onerror=alert(1)>"
        b.name = a.name
        diff.add(a, b)
        let page = DiffPage.render(diff)
        #expect(!page.contains("<script>"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<a>"))
    }
}

/// The log parsers on the lines cropsim writes, and on lines it never writes.
struct LogParserTests {
    let frame =
        #"{"tick":0,"t":0,"scale":0.5,"tx":1,"ty":-2,"sMin":0.3,"sMax":1.2,"maskDiameter":322.26,"maxTx":64,"maxTy":8,"viewWidth":393,"viewHeight":852,"phase":"idle","animating":false,"session":"editing","gridVisible":true,"instructionVisible":true,"sliderPercent":3.5,"clampZoomMin":false,"clampZoomMax":false,"clampPanX":false,"clampPanY":false,"engaged":[],"touches":[[10,20]]}"#

    @Test func framesParse() throws {
        let parsed = try LogParser.frames(Array((frame + "\n").utf8), file: "f")
        #expect(parsed.samples.first?.scale == 0.5)
        #expect(parsed.samples.first?.ty == -2)
        #expect(parsed.samples.first?.touches == [[10, 20]])
        #expect(parsed.lines == [LineDigest(Array(frame.utf8))])
    }

    @Test func malformedLinesAreRefusedWithTheirNumber() {
        #expect(
            throws: LogParser.Malformed(
                file: "f", line: 2, reason: "is not a frame cropsim writes (a field of every frame is missing)")
        ) {
            try LogParser.frames(Array((frame + "\n{\"tick\":1}\n").utf8), file: "f")
        }
        #expect(throws: LogParser.Malformed(file: "f", line: 2, reason: "tick 0 does not follow tick 0")) {
            try LogParser.frames(Array((frame + "\n" + frame + "\n").utf8), file: "f")
        }
        #expect(
            throws: LogParser.Malformed(
                file: "h", line: 1, reason: "the last line has no newline; was the file cut short?")
        ) {
            try LogParser.timed(Array("{\"tick\":1}".utf8), file: "h")
        }
        #expect(throws: LogParser.Malformed(file: "h", line: 1, reason: "is not UTF-8")) {
            try LogParser.timed([0xff, 0x0a], file: "h")
        }
    }

    @Test func photoPointsFromTheResolvedScenario() {
        let resolved = #"{"orientedWidth":4032,"orientedHeight":3024,"screenScale":3}"#
        #expect(LogParser.photo(Array(resolved.utf8)) == PhotoPoints(width: 1344, height: 1008))
        #expect(LogParser.photo(Array("{}".utf8)) == nil)
    }
}
