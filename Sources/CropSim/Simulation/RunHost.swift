import CropScenario
import CropSpec
import CropVocabulary

/// The host side of one simulated run, as the checked editor reports to it: the scripted backend
/// performs the effects, and the recorder keeps effects, frames and the scenario's checkpoints.
/// For a model over a pipe this runs when a batch's answers are judged, so everything the loop
/// decided ahead of the answers is checked here (`mispredicted`).
struct RunHost: EditorHost {
    var backend: Backend
    var effects: [TimedEffect] = []
    var frames: [FrameRecord] = []
    var failures: [ExpectationFailure] = []
    /// Expectations the model's capabilities leave unjudged, by JSON path.
    var expectationsNotJudged: [String] = []
    let recordFrames: Bool
    let rotationAllowed: Bool
    let reported: Capabilities
    /// The backend answers only a model that implements the flow after confirm (a flag: the
    /// capability is a global read through an accessor call, and every effect asked).
    let answersBackend: Bool
    let policies: Policies
    let blanket: [String: String]
    /// The fingers on the glass and the recognized gesture at each queued tick, for frames not
    /// yet recorded.
    var touches: [(points: [Point], gesture: GestureKind)] = []
    var touchesRead = 0
    /// Checkpoints by tick, in order, and the next one due.
    let checkpoints: [(tick: Int, checkpoint: Checkpoint)]
    var nextCheckpoint = 0
    /// Set while the loop queues settling ticks ahead of a deferred model's answers: a frame that
    /// ends settled stops the batch there.
    var settling: (lastTick: Int, fingersDown: Bool)?
    /// The last tick the loop has queued: a backend delivery due at or before it was not sent
    /// with it, so the answers after it are not what this run would have produced.
    var queuedThrough = 0
    private(set) var mispredicted = false

    init(_ scenario: Scenario, recordFrames: Bool, identity: ModelIdentity) {
        backend = Backend(scenario.backend)
        self.recordFrames = recordFrames
        rotationAllowed = scenario.config.allowRotation
        reported = identity.capabilities
        answersBackend = identity.capabilities.contains(.upload)
        policies = identity.policies
        blanket = scenario.policies
        checkpoints = scenario.checkpoints.map {
            (tick: Int(($0.time * Double(TickClock.ticksPerSecond)).rounded(.up)), checkpoint: $0)
        }
        .sorted { $0.tick < $1.tick }
    }

    var lastCheckpointTick: Int { checkpoints.last?.tick ?? 0 }
    var profile: (path: String?, version: Int) { (backend.profile.avatarPath, backend.profile.avatarVersion) }
    var watchesFrames: Bool { recordFrames || nextCheckpoint < checkpoints.count || settling != nil }

    mutating func perform(_ effects: [EditorEffect], tick: Int) {
        // By index: `for effect in effects` copied each effect once more before the record's own
        // copy, and an effect's copy goes through its enum's value witness (about 100
        // instructions; a limit's light impact comes with most clamped gesture events).
        for i in effects.indices {
            self.effects.append(TimedEffect(tick: tick, effect: effects[i]))
            if answersBackend { backend.handle(effects[i], tick: tick) }
        }
        if let due = backend.nextDue, due <= queuedThrough { mispredicted = true }
    }

    mutating func frameEnded(
        tick: Int, observation: Observation, sliderPercent: Double, readout: Readout?,
        geometry: SpecGeometry
    ) -> Bool {
        if recordFrames {
            let fingers = touchesRead < touches.count ? touches[touchesRead] : ([], .idle)
            touchesRead += 1
            if touchesRead == touches.count { touches.removeAll(keepingCapacity: true); touchesRead = 0 }
            frames.append(
                FrameRecord(
                    tick: tick, observation: observation, sliderPercent: sliderPercent, readout: readout ?? Readout(),
                    spec: geometry, recognized: fingers.gesture, touches: fingers.points,
                    rotationAllowed: rotationAllowed))
        }
        while nextCheckpoint < checkpoints.count, checkpoints[nextCheckpoint].tick <= tick {
            let c = checkpoints[nextCheckpoint].checkpoint
            let outcome = ExpectationCheck.check(
                c.expect, at: c.path, observed: observed(observation, sliderPercent, readout, geometry),
                effects: effects, backend: backend)
            failures += outcome.failures.map {
                ExpectationFailure(path: $0.path, message: "at t=\(formatSeconds(c.time)) s: \($0.message)")
            }
            expectationsNotJudged += outcome.notJudged
            nextCheckpoint += 1
        }
        guard let settling, tick >= settling.lastTick else { return true }
        return !(isSettled(observation, readout ?? Readout()) && !settling.fingersDown)
    }

    /// Nothing moves and nothing is left for the backend to deliver or the editor to retry. The
    /// readout is read last and only if needed: while a move settles the frame animates, and
    /// building the editor's readout (and copying it) cost about 10 instructions a tick.
    func isSettled(_ observation: Observation, _ readout: @autoclosure () -> Readout) -> Bool {
        !observation.animating && backend.isIdle && readout().upload != .waiting
    }

    func observed(
        _ observation: Observation, _ sliderPercent: Double, _ readout: Readout?,
        _ geometry: SpecGeometry
    ) -> ExpectationCheck.Observed {
        ExpectationCheck.Observed(
            observation: observation, sliderPercent: sliderPercent, readout: readout ?? Readout(),
            geometry: geometry, reported: reported, policies: policies, blanket: blanket)
    }
}
