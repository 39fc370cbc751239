import CropFuzz
import CropModel
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Finds are ranked by severity (issue 32): a trace that breaks a safety property and a target
/// property at the same tick is filed under safety, with the target listed beside it, and the
/// summary leads with safety. Before, the trace was filed under the property that sorted first
/// (`focalPointKept` before `maskCovered`), so with one find per failure and place a harmless
/// deviation seen on every trace swallowed the safety bug.
@Suite struct SeverityTests {
    /// The reference editor with two planted bugs, each switched by a type: every pan lands half a
    /// point short of the finger (a target deviation the editor still clamps: harmless), and a
    /// pinch shows the pan it would have without the clamp (a safety bug: the mask is uncovered
    /// when a pinch zooms out near an edge or its fingers drag the photo off).
    struct Deviant<ShortPan: Switch, Unclamped: Switch>: EditorModel {
        var editor: Editor
        /// The pose shown after an unclamped pinch update (nil: the editor's own).
        var shown: Pose?

        static func identity(in context: Void) -> ModelIdentity {
            ModelIdentity(
                name: "deviant\(ShortPan.on ? "-short" : "")\(Unclamped.on ? "-unclamped" : "")", version: "1",
                capabilities: Capabilities.all.subtracting([.rotation, .cropRect]))
        }

        static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
            -> Self
        {
            Self(editor: try Editor.open(request, effects: &effects))
        }

        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
            shown = nil
            switch event {
            case .panChanged(let d) where ShortPan.on:
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                editor.apply(.panChanged(delta: length > 0.5 ? d * ((length - 0.5) / length) : .zero), into: &effects)
            case .pinchChanged(_, let focal) where Unclamped.on:
                editor.apply(event, into: &effects)
                guard case .pinching(let anchor) = editor.gesture else { return }
                let p = editor.pose
                let t = Pose.translation(
                    placing: anchor.imagePoint, under: focal - editor.geometry.viewport.center, scale: p.scale,
                    angle: p.angle)
                shown = Pose(scale: p.scale, translation: t, angle: p.angle)
            default:
                editor.apply(event, into: &effects)
            }
        }

        mutating func tick(into effects: inout [EditorEffect]) {
            editor.tick(into: &effects)
            if !editor.gesture.isActive { shown = nil }
        }

        var observation: Observation {
            var o = editor.observation
            if let shown { o.pose = shown }
            return o
        }

        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }
    }

    protocol Switch { static var on: Bool { get } }
    enum On: Switch { static var on: Bool { true } }
    enum Off: Switch { static var on: Bool { false } }

    /// A pinch-heavy campaign of `runs` traces, and the folder its finds are saved in.
    func campaign<M: EditorModel>(_ model: M.Type, runs: Int = 300) throws -> (CampaignReport, TemporaryFolder)
    where M.Context == Void {
        let out = try TemporaryFolder()
        return (
            Campaign.run(
                .fuzzing(ModelRunner(model, in: ()), seed: 5, runs: runs, jobs: 2, profile: .pinchHeavy, out: out.path)),
            out
        )
    }

    /// Both bugs: the summary's first group is safety, every group is ranked by severity, the mask
    /// is found in the same run as with the safety bug alone, the deviation is still reported,
    /// and the mask find (its summary entry and its saved file) lists the focal point it also broke.
    @Test func theSafetyFindLeadsWhenAHarmlessDeviationIsEverywhere() throws {
        let (report, out) = try campaign(Deviant<On, On>.self)
        let groups = report.failures.map { "\($0.severity) \($0.failure) during \($0.place) ×\($0.count)" }
        #expect(report.failures.first?.severity == .safety, "\(groups)")
        #expect(report.failures.map(\.severity) == report.failures.map(\.severity).sorted(), "\(groups)")
        let mask = try #require(report.failures.first { $0.failure == "maskCovered" }, "\(groups)")
        // Found as early as the bug alone is: run i is the same trace in both campaigns.
        let (alone, _) = try campaign(Deviant<Off, On>.self)
        func first(_ r: CampaignReport) -> Finding? {
            r.findings.filter { $0.failure == "maskCovered" }.min { ($0.run ?? -1) < ($1.run ?? -1) }
        }
        let both = try #require(first(report)), only = try #require(first(alone))
        #expect(both.run == only.run)
        print(
            "both bugs: \(groups); first maskCovered: run \(both.run ?? -1) after \(both.foundAfterSeconds) s; the bug alone: run \(only.run ?? -1) after \(only.foundAfterSeconds) s"
        )
        #expect(mask.example.alsoBroken.contains("focalPointKept"), "\(mask.example.alsoBroken)")
        #expect(report.failures.contains { $0.failure == "panFollowsFinger" && $0.severity == .target }, "\(groups)")
        let file = try #require(mask.example.file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let listed = try #require(text.firstMatch(of: /also broken: ([^.]*)\./)?.output.1, "\(text)")
        #expect(file.hasPrefix(out.path) && listed.contains("focalPointKept (target)"), "\(listed)")
    }

    /// The short pans alone are the harmless deviation the test above relies on: no safety find.
    @Test func theShortPanAloneIsNoSafetyBug() throws {
        let (report, _) = try campaign(Deviant<On, Off>.self)
        #expect(
            !report.failures.isEmpty && report.failures.allSatisfy { $0.severity != .safety },
            "\(report.failures.map { "\($0.severity) \($0.failure)" })")
    }
}
