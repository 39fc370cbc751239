import CropFuzz
import CropModel
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// A team's editor in the caller's process (`CampaignConfig.fuzzing`): the campaign draws only
/// what it declares, judges it like any other, and its finds say how to replay them there.
@Suite struct InProcessModelTests {
    /// The reference editor under another name, without rotation, and — when `Mute` says so —
    /// swallowing its limit haptics (a team that forgot to wire the buzz).
    struct TeamEditor<Mute: MuteChoice>: EditorModel {
        var editor: Editor

        static func identity(in context: Void) -> ModelIdentity {
            ModelIdentity(
                name: Mute.mutes ? "team-muted" : "team", version: "0.1",
                capabilities: Capabilities.all.subtracting(.rotation))
        }

        static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
            -> Self
        {
            Self(editor: try Editor.open(request, effects: &effects))
        }

        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
            var own: [EditorEffect] = []
            editor.apply(event, into: &own)
            effects += own.filter { !Mute.mutes || !$0.isLimitHaptic }
        }

        mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
        var observation: Observation { editor.observation }
        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }
    }

    protocol MuteChoice { static var mutes: Bool { get } }
    enum Buzzes: MuteChoice { static var mutes: Bool { false } }
    enum Muted: MuteChoice { static var mutes: Bool { true } }

    @Test func aCleanTeamEditorSurvivesAndIsNeverRotated() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(
            .fuzzing(ModelRunner(TeamEditor<Buzzes>.self, in: ()), runs: 300, jobs: 2, out: out.path))
        #expect(report.findings.map { "\($0.failure): \($0.message)" } == [])
        #expect(report.model.name == "team" && report.model.command == nil)
        #expect(report.model.missingCapabilities == ["rotation"])
        #expect(report.inputs["twist", default: 0] == 0 && report.inputs["rotate90", default: 0] == 0)
        #expect(report.inputs["pinch", default: 0] > 0)
    }

    @Test func aMutedTeamEditorsFindSaysHowToReplayItInProcess() throws {
        let out = try TemporaryFolder()
        let report = Campaign.run(
            .fuzzing(ModelRunner(TeamEditor<Muted>.self, in: ()), runs: 300, maxFailures: 1, out: out.path))
        let find = try #require(report.findings.first)
        #expect(find.failure.contains("Haptic") || find.failure.contains("haptic"), "\(find.failure): \(find.message)")
        #expect(find.steps <= 3)
        let replay = try #require(find.replay)
        #expect(
            replay.hasPrefix("in process: ModelRunner(<the team-muted type>.self") && !replay.contains("cropsim run"),
            "\(replay)")
        let file = try #require(find.file)
        let scenario = try #require(ScenarioLoader.load([file]).scenarios.first)
        #expect(ModelRunner(TeamEditor<Muted>.self, in: ()).run(scenario).outcome == .failed)
        #expect(ModelRunner(TeamEditor<Buzzes>.self, in: ()).run(scenario).outcome == .passed)
    }
}

/// An editor that refuses every photo as too small: the fuzzer must blame it (photoAcceptance),
/// not call the trace invalid, whenever the spec accepts the photo.
struct Refuser: EditorModel {
    static func identity(in context: Void) -> ModelIdentity {
        ModelIdentity(name: "refuser", version: "1", capabilities: .all)
    }
    static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> Self
    {
        throw OpenRefusal(message: "This photo is too small for a profile picture")
    }
    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {}
    mutating func tick(into effects: inout [EditorEffect]) {}
    var observation: Observation { fatalError("never opened") }
    var sliderPercent: Double { 0 }
    var readout: Readout { fatalError("never opened") }
}

extension InProcessModelTests {
    @Test func refusingAnAcceptablePhotoIsPhotoAcceptance() throws {
        let text =
            #"{ "name": "ok", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 } }"#
        let scenario = try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
        let verdict = TraceJudge(model: ModelRunner(Refuser.self, in: ())).check(scenario)
        #expect(verdict.failure?.kind == .property(.photoAcceptance), "\(String(describing: verdict.failure))")
    }
}

extension EditorEffect {
    var isLimitHaptic: Bool {
        if case .haptic(let h) = self { return h.reason != nil }
        return false
    }
}
