import CropScenario
import CropModel
import CropPipe
import CropVocabulary

/// The model a command drives, behind one type: the reference editor, a team's own Swift
/// editor, or a process over a pipe. Each run is specialized for its model; only the choice of
/// model goes through this erasure, once per run.
public struct ModelRunner: Sendable {
    public let identity: ModelIdentity
    private let body: @Sendable (Scenario, [Input]?, Simulator.Options) -> RunResult
    private let startLive: @Sendable (Scenario, [Input], Simulator.Options) -> LiveRun?

    public init<M: EditorModel>(_ model: M.Type, in context: M.Context) where M.Context: Sendable {
        identity = M.identity(in: context)
        body = { Simulator.run($0, model: M.self, in: context, inputs: $1, options: $2) }
        startLive = { LiveRun.start($0, model: M.self, in: context, inputs: $1, options: $2) }
    }

    /// The reference editor (`CropModel.Editor`) in this process.
    public static let reference = ModelRunner(Editor.self, in: ())

    /// A model over a pipe, one process per concurrent run (docs/model-protocol.md). Built here,
    /// in the simulator's own module, so that its runs are specialized like the reference's.
    public static func process(_ pool: ModelProcessPool) -> ModelRunner { ModelRunner(PipeEditor.self, in: pool) }

    public func run(_ scenario: Scenario, inputs: [Input]? = nil, options: Simulator.Options = .init()) -> RunResult {
        body(scenario, inputs, options)
    }

    /// A run kept between batches of input (`LiveRun`), or nil when this model or scenario can
    /// only be run from tick 0 each time.
    public func live(_ scenario: Scenario, inputs: [Input], options: Simulator.Options = .init()) -> LiveRun? {
        startLive(scenario, inputs, options)
    }
}
