import CropVocabulary

/// Where a checked editor's effects go and who watches its frames: the simulator's scripted
/// backend and recorder, or nothing at all in a unit test (`NoHost`).
///
/// A model over a pipe answers a whole batch of events and ticks at once, so the host hears of
/// effects and frames when the answers are judged, in order, not when the events were sent.
public protocol EditorHost {
    /// Performs (and logs) what an event or tick returned at `tick`.
    mutating func perform(_ effects: [EditorEffect], tick: Int)

    /// The profile row as the host's store holds it now: the oracle judges it after every tick of
    /// the flow after confirm (R12.3, R12.5).
    var profile: (path: String?, version: Int) { get }

    /// Whether `frameEnded` wants the slider's reading and the model's readout every frame (a
    /// recorder does; reading them costs a little on every tick).
    var watchesFrames: Bool { get }

    /// Frame `tick` has ended and been judged. `geometry` is the spec's zoom math for the view as
    /// it is now (the oracle's own: what a scenario's `sMin` or `maxTx` means). Returns false
    /// when the host has seen enough (the run has settled): a batch's later answers are then
    /// dropped unjudged.
    mutating func frameEnded(
        tick: Int, observation: Observation, sliderPercent: Double, readout: Readout?,
        geometry: SpecGeometry
    ) -> Bool
}

/// A host with no backend and no recorder: effects are judged and dropped.
public struct NoHost: EditorHost {
    public init() {}
    @inlinable public mutating func perform(_ effects: [EditorEffect], tick: Int) {}
    @inlinable public var profile: (path: String?, version: Int) { (nil, 0) }
    @inlinable public var watchesFrames: Bool { false }
    @inlinable public mutating func frameEnded(
        tick: Int, observation: Observation, sliderPercent: Double, readout: Readout?,
        geometry: SpecGeometry
    ) -> Bool {
        true
    }
}
