@testable import CropReportDiff
import Testing

/// What a person reads in a diff: which fields differ, which differences only a declared policy
/// explains, rows most severe first with their badges and failed expectation, and no row that
/// differs only by where the suite ran from.
struct DiffReadingTests {
    /// A frame line as cropsim writes one, with `slider` and `phase` as given.
    static func line(_ tick: Int, slider: Double = 3.5, phase: String = "idle") -> String {
        "{\"tick\":\(tick),\"t\":0,\"scale\":1,\"tx\":0,\"ty\":0,\"viewWidth\":393,\"viewHeight\":852,\"maskDiameter\":322,"
            + "\"phase\":\"\(phase)\",\"gridVisible\":true,\"instructionVisible\":false,\"sliderPercent\":\(slider),\"engaged\":[],\"touches\":[]}\n"
    }

    static func logs(_ id: String, _ lines: [String], verdict: String = "passed", problem: String? = nil) throws
        -> ScenarioLogs
    {
        let parsed = try LogParser.frames(Array(lines.joined().utf8), file: "frames.jsonl")
        return ScenarioLogs(
            id: id, verdict: verdict, frames: parsed.samples, frameLines: parsed.lines, frameFields: parsed.fields,
            problem: problem)
    }

    @Test func theFieldsThatDifferAreNamed() throws {
        let a = try Self.logs("g/s", (0..<5).map { Self.line($0) })
        let b = try Self.logs(
            "g/s", (0..<5).map { Self.line($0, slider: $0 >= 2 ? 9 : 3.5, phase: $0 == 4 ? "pan" : "idle") })
        let d = ScenarioDiff.compare(a, b)
        #expect(d.frameFirstTick == 2)
        #expect(d.frameFields == ["phase", "sliderPercent"])
        #expect(ReportDiff.line(d) == "g/s: frames differ from tick 2 in phase, sliderPercent")
    }

    @Test func aDifferenceOnlyADeclaredPolicyExplainsIsGroupedApart() throws {
        let a = try Self.logs("g/s", (0..<3).map { Self.line($0) })
        let b = try Self.logs("g/s", (0..<3).map { Self.line($0, slider: 7) })
        var differentPolicies = ReportDiff(
            a: "A", b: "B", policiesA: ["sliderMapping": "logarithmic"], policiesB: ["sliderMapping": "linear"])
        differentPolicies.add(a, b)
        let row = try #require(differentPolicies.rows.first).diff
        #expect(row.severity == .policy)
        #expect(row.policies == ["sliderMapping logarithmic→linear"])
        #expect(ReportDiff.line(row).hasSuffix("in sliderPercent, declared policy sliderMapping logarithmic→linear"))
        // The same declared policy: the slider moved for another reason, a frame difference.
        var samePolicies = ReportDiff(
            a: "A", b: "B", policiesA: ["sliderMapping": "linear"], policiesB: ["sliderMapping": "linear"])
        samePolicies.add(a, b)
        #expect(samePolicies.rows.first?.diff.severity == .frames)
        // A field no policy governs is never policy-only.
        var phase = ReportDiff(
            a: "A", b: "B", policiesA: ["sliderMapping": "logarithmic"], policiesB: ["sliderMapping": "linear"])
        phase.add(a, try Self.logs("g/s", (0..<3).map { Self.line($0, slider: 7, phase: "pan") }))
        #expect(phase.rows.first?.diff.severity == .frames)
    }

    @Test func rowsAreMostSevereFirstWithBadgesAndTheFailedExpectation() throws {
        let same = (0..<3).map { Self.line($0) }
        var diff = ReportDiff(a: "A", b: "B")
        diff.add(
            try Self.logs("a/frames", same), try Self.logs("a/frames", (0..<3).map { Self.line($0, phase: "pan") }))
        diff.add(try Self.logs("b/gone", same), nil)
        diff.add(
            try Self.logs("c/regressed", same),
            try Self.logs("c/regressed", same, verdict: "failed", problem: "$.expect.scale: want 2, got 1"))
        diff.add(try Self.logs("d/fixed", same, verdict: "failed", problem: "x"), try Self.logs("d/fixed", same))
        #expect(diff.rows.map(\.diff.id) == ["c/regressed", "b/gone", "d/fixed", "a/frames"])
        #expect(
            diff.lines[0]
                == "c/regressed: verdict passed→failed (violations 0→0): B failed on $.expect.scale: want 2, got 1")
        let page = DiffPage.render(diff)
        #expect(
            page.contains(
                "<span class=\"badge passed\" title=\"A\">A passed</span><span class=\"arrow\">→</span><span class=\"badge failed\" title=\"B\">B failed</span>"
            ))
        #expect(page.contains("<div class=\"problem\">B failed: $.expect.scale: want 2, got 1</div>"))
        #expect(page.contains("<h2 class=\"group nowFailing\">Now failing"))
        #expect(page.range(of: "c/regressed")!.lowerBound < page.range(of: "a/frames")!.lowerBound)
        #expect(diff.json.contains("\"severity\":\"nowFailing\""))
    }

    @Test func pathsInFrontOfThePhotoAreNotADifference() {
        let relative = Array("{\"rejectedBecause\" : \"Scenarios/photos/t.jpg: cannot decode\"}".utf8)
        let absolute = Array("{\"rejectedBecause\" : \"/home/ci/repo/Scenarios/photos/t.jpg: cannot decode\"}".utf8)
        let stripped = EmbeddedPaths.stripping(relative, file: "t.jpg")
        #expect(String(decoding: stripped, as: UTF8.self) == "{\"rejectedBecause\" : \"t.jpg: cannot decode\"}")
        #expect(stripped == EmbeddedPaths.stripping(absolute, file: "t.jpg"))
        #expect(EmbeddedPaths.stripping(relative, file: nil) == relative)
        #expect(EmbeddedPaths.stripping(relative, file: "other.jpg") == relative)
        let other = Array("see (a/b/t.jpg) and t.jpg".utf8)
        #expect(
            String(decoding: EmbeddedPaths.stripping(other, file: "t.jpg"), as: UTF8.self) == "see (t.jpg) and t.jpg")
    }

    @Test func aHostileLogCannotGrowTheFieldTable() throws {
        let keys = (0..<200).map { "\"k\($0)\":1" }.joined(separator: ",")
        let line =
            "{\"tick\":0,\"scale\":1,\"tx\":0,\"ty\":0,\"viewWidth\":1,\"viewHeight\":1,\"maskDiameter\":1,\"gridVisible\":true,\"instructionVisible\":true,\"touches\":[],\(keys)}\n"
        let parsed = try LogParser.frames(Array(line.utf8), file: "frames.jsonl")
        #expect(parsed.fields.names.count == FrameFields.maxNames)
        #expect(parsed.fields.names.last == "other fields")
    }
}
