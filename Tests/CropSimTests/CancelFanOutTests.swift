import CropModel
import CropPhotos
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Synchronization
import Testing

/// A touch sample whose phase is `cancel` is the system cancelling every touch: a touch-level
/// editor is sent a `cancel` for every finger down, not only the one the sample names
/// (docs/model-protocol.md#touches), and nothing more for any of them.
@Suite struct CancelFanOutTests {
    /// Every touch sample a model was sent, in order. A class behind a lock because a model is a
    /// value the runner owns: the log is how the test sees what reached it.
    final class TouchLog: Sendable {
        let samples = Mutex<[TouchSample]>([])
    }

    /// The reference editor, declaring touches so it is sent them, writing down each one.
    struct Recorder: EditorModel {
        typealias Context = TouchLog
        var editor: Editor
        let log: TouchLog

        static func identity(in log: TouchLog) -> ModelIdentity {
            var identity = Editor.referenceIdentity
            identity.capabilities.insert(.touches)
            return identity
        }

        static func open(_ request: OpenRequest, in log: TouchLog, effects: inout [EditorEffect]) throws(OpenRefusal)
            -> Self
        {
            Self(editor: try Editor.open(request, effects: &effects), log: log)
        }

        mutating func touch(_ sample: TouchSample, into effects: inout [EditorEffect]) {
            log.samples.withLock { $0.append(sample) }
        }

        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
            editor.apply(event, into: &effects)
        }
        mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
        var observation: Observation { editor.observation }
        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }
    }

    static func samples(of id: String) throws -> [TouchSample] {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent(id + ".json").path])
        let scenario = try #require(ScenarioPhotos.resolve(loaded.scenarios).scenarios.first, "\(loaded.errors)")
        let log = TouchLog()
        _ = ModelRunner(Recorder.self, in: log).run(scenario)
        return log.samples.withLock { $0 }
    }

    /// Finger A's cancel reaches the model with B's at the same instant; B's later moves and its
    /// own recorded cancel do not; the next finger's drag arrives whole.
    @Test func aCancelOnOneFingerCancelsEveryFingerDown() throws {
        let samples = try Self.samples(of: "gestures/cancel-sample-ends-every-finger")
        let cancels = samples.filter { $0.phase == .cancel }
        #expect(cancels.count == 2, "\(cancels)")
        #expect(Set(cancels.map(\.pointer)).count == 2, "\(cancels)")
        #expect(Set(cancels.map(\.milliseconds)).count == 1, "\(cancels)")
        let cancelledAt = try #require(cancels.first?.milliseconds)
        let cancelled = Set(cancels.map(\.pointer))
        let afterwards = samples.filter { $0.milliseconds > cancelledAt }
        #expect(!afterwards.contains { cancelled.contains($0.pointer) }, "\(afterwards)")
        #expect(afterwards.map(\.phase) == [.down, .move, .move, .up], "\(afterwards)")
    }
}
