import CropFuzz
import CropModel
import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import CropVocabulary
import Testing

/// Magnitudes in finds and sub-pixel traces in campaigns (issue 32).
@Suite struct MagnitudeFindTests {
    /// Every find of a measured property says its size in device pixels, in the find and in the
    /// summary's group; the planted bugs of `SeverityTests` give safety and target finds.
    @Test func everyMeasuredFindStatesItsMagnitude() throws {
        let (report, _) = try SeverityTests().campaign(SeverityTests.Deviant<SeverityTests.On, SeverityTests.On>.self)
        let measured = Set(Property.measured.map(\.rawValue))
        let finds = report.findings.filter { measured.contains($0.failure) }
        #expect(
            Set(finds.map(\.failure)).isSuperset(of: ["maskCovered", "panFollowsFinger"]),
            "\(report.failures.map(\.failure))")
        for f in finds { #expect(f.message.contains(" device px"), "\(f.failure): \(f.message)") }
        for g in report.failures where measured.contains(g.failure) {
            #expect(g.example.message.contains(" device px"), "\(g.failure): \(g.example.message)")
        }
    }

    /// The reference editor showing its clamp 0.0005 pt inside the pan bound (0.0015 device px).
    /// Only the pose it shows moves, not the crop it would request: it declares no confirm (nor
    /// haptics, whose limits it would seem to leave), so only where gestures land is judged apart
    /// from the reference.
    struct InsetClamp<ShortLeft: SeverityTests.Switch>: EditorModel {
        var editor: Editor

        static func identity(in context: Void) -> ModelIdentity {
            ModelIdentity(
                name: "inset-clamp", version: "1",
                capabilities: Capabilities.all.subtracting([.rotation, .cropRect, .haptics, .confirm, .upload]))
        }

        static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
            -> Self
        {
            Self(editor: try Editor.open(request, effects: &effects))
        }

        /// With `ShortLeft` on, a pan to the left also lands half a point short (1.5 device px).
        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
            if ShortLeft.on, case .panChanged(let d) = event, d.x < -0.5 {
                editor.apply(.panChanged(delta: Point(x: d.x + 0.5, y: d.y)), into: &effects)
            } else {
                editor.apply(event, into: &effects)
            }
        }

        mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }

        var observation: Observation {
            var o = editor.observation
            let limit = editor.zoomGeometry.panLimit(scale: o.pose.scale)
            func pulled(_ t: Double, _ l: Double) -> Double {
                l > 0.0005 && abs(t) >= l - 1e-9 ? t - (t < 0 ? -0.0005 : 0.0005) : t
            }
            o.pose.translation = Point(
                x: pulled(o.pose.translation.x, limit.x), y: pulled(o.pose.translation.y, limit.y))
            return o
        }
    }

    /// Sub-pixel traces are counted apart and find nothing; `failSubPixel` makes them finds, each
    /// a target with its size under a quarter of a device pixel.
    @Test func subPixelTracesAreCountedApartAndFailOnlyWhenAsked() throws {
        let out = try TemporaryFolder()
        let config = CampaignConfig.fuzzing(
            ModelRunner(InsetClamp<SeverityTests.Off>.self, in: ()), seed: 3, runs: 120, jobs: 2, out: out.path)
        let report = Campaign.run(config)
        #expect(report.findings.isEmpty, "\(report.failures.map { "\($0.failure): \($0.example.message)" })")
        #expect((report.subPixelRuns ?? 0) > 0, "\(report.subPixelRuns ?? 0)")
        let largest = try #require(report.largestSubPixel.flatMap(Self.pixels))
        #expect(largest > 0 && largest < 0.25, "\(report.largestSubPixel ?? "")")

        var strict = config
        strict.oracle.checks.failSubPixel = true
        let strictOut = try TemporaryFolder()
        strict.database = RegressionDatabase(directory: strictOut.path)
        let failing = Campaign.run(strict)
        #expect(!failing.findings.isEmpty && failing.subPixelRuns == nil)
        for f in failing.findings {
            #expect(f.severity == .target && (Self.pixels(f.message) ?? 1) < 0.25, "\(f.failure): \(f.message)")
        }
    }

    /// Under `failSubPixel` a trace with sub-pixel deviations at the bound and a visible one later
    /// (a pan back to the left landing half a point short) is filed, and shrunk, under the visible
    /// one: a sub-pixel deviation never takes the find of a real miss.
    @Test func aSubPixelDeviationNeverTakesTheFindOfAVisibleOne() throws {
        let text = #"""
            { "name": "right to the bound, then back", "device": { "view": [393, 852], "screenScale": 3, "touchRate": 120 },
              "image": { "width": 4032, "height": 3024 },
              "steps": [ { "at": 0.1, "drag": { "from": ["50%", "50%"], "to": ["95%", "50%"], "duration": 0.4, "hold": 0.2 } },
                         { "at": 1.2, "drag": { "from": ["50%", "50%"], "to": ["40%", "50%"], "duration": 0.3 } } ] }
            """#
        let scenario = try ScenarioParser.parse(Array(text.utf8), file: "b.json", id: "b")
        let judge = TraceJudge(
            checks: TraceChecks(mirror: false, failSubPixel: true),
            model: ModelRunner(InsetClamp<SeverityTests.On>.self, in: ()))
        var options = Simulator.Options()
        options.failSubPixel = true
        let all = judge.model.run(scenario, options: options).violations
        // The sub-pixel deviations come first, the visible ones later.
        #expect(all.first.map { $0.isSubPixel } == true && all.contains { !$0.isSubPixel }, "\(all.map(\.message))")
        let failure = try #require(judge.check(scenario).failure)
        #expect(
            failure.kind == .property(.panFollowsFinger) && (Self.pixels(failure.message) ?? 0) >= 0.25,
            "\(failure.message)")
    }

    /// The magnitude a message states: "…; off by 0.0015 device px".
    static func pixels(_ message: String) -> Double? {
        message.firstMatch(of: /; off by ([0-9.]+) device px/).flatMap { Double($0.output.1) }
    }
}
