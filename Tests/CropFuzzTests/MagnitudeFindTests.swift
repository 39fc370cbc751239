import CropFuzz
import CropModel
import CropSim
import CropSpec
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
        #expect(Set(finds.map(\.failure)).isSuperset(of: ["maskCovered", "panFollowsFinger"]), "\(report.failures.map(\.failure))")
        for f in finds { #expect(f.message.contains(" device px"), "\(f.failure): \(f.message)") }
        for g in report.failures where measured.contains(g.failure) {
            #expect(g.example.message.contains(" device px"), "\(g.failure): \(g.example.message)")
        }
    }

    /// The reference editor showing its clamp 0.0005 pt inside the pan bound (0.0015 device px).
    /// Only the pose it shows moves, not the crop it would request: it declares no confirm (nor
    /// haptics, whose limits it would seem to leave), so only where gestures land is judged apart
    /// from the reference.
    struct InsetClamp: EditorModel {
        var editor: Editor

        static func identity(in context: Void) -> ModelIdentity {
            ModelIdentity(name: "inset-clamp", version: "1", capabilities: Capabilities.all.subtracting([.rotation, .cropRect, .haptics, .confirm, .upload]))
        }

        static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal) -> Self {
            Self(editor: try Editor.open(request, effects: &effects))
        }

        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) { editor.apply(event, into: &effects) }
        mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }

        var observation: Observation {
            var o = editor.observation
            let limit = editor.zoomGeometry.panLimit(scale: o.pose.scale)
            func pulled(_ t: Double, _ l: Double) -> Double { l > 0.0005 && abs(t) >= l - 1e-9 ? t - (t < 0 ? -0.0005 : 0.0005) : t }
            o.pose.translation = Point(x: pulled(o.pose.translation.x, limit.x), y: pulled(o.pose.translation.y, limit.y))
            return o
        }
    }

    /// Sub-pixel traces are counted apart and find nothing; `failSubPixel` makes them finds, each
    /// a target with its size under a quarter of a device pixel.
    @Test func subPixelTracesAreCountedApartAndFailOnlyWhenAsked() throws {
        let out = try TemporaryFolder()
        let config = CampaignConfig.fuzzing(ModelRunner(InsetClamp.self, in: ()), seed: 3, runs: 120, jobs: 2, out: out.path)
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

    /// The magnitude a message states: "…; off by 0.0015 device px".
    static func pixels(_ message: String) -> Double? {
        message.firstMatch(of: /; off by ([0-9.]+) device px/).flatMap { Double($0.output.1) }
    }
}
