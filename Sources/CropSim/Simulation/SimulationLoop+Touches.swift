import CropScenario
import CropSpec
import CropVocabulary

/// Driving a touch-level model (`Capabilities.touches`, docs/model-protocol.md#touches): the model
/// is sent the touches and recognizes them itself, while cropsim's recognizer, set up with the
/// model's recognition policies, makes the events the oracle judges each answer by.
extension SimulationLoop {
    /// One touch sample: to the recognizer, then to the model with the events it made. A cancel
    /// is the system cancelling every touch (the recognizer cancels them all), so every other
    /// finger down is sent its `cancel` too, as after `pointercancel` for each.
    mutating func send(
        _ finger: Int, _ point: Point, _ phase: TouchPhase, time: Int64, to checked: inout CheckedEditor<M>
    ) {
        let ignored = recognizer.ignores(finger: finger)
        let down = phase == .cancel ? recognizer.fingersDown : []
        recognizer.handle(finger: finger, point: point, phase: phase, time: time, into: &events)
        if !movesAtFrameEnd { recognizer.flush(into: &events) }
        // A finger the host takes no touches from (cancelled, or landed while cropping) never
        // reaches the editor: it is not sent.
        guard let recognized = admitted(checked), !ignored else { return }
        let ms = Double(time) / 1000
        checked.touch(
            TouchSample(pointer: finger, phase: Self.phase(phase), point: point, milliseconds: ms),
            recognized: recognized, host: &host)
        guard down.contains(where: { $0.id == finger }) else { return }
        for other in down where other.id != finger {
            checked.touch(
                TouchSample(pointer: other.id, phase: .cancel, point: other.point, milliseconds: ms), recognized: [],
                host: &host)
        }
    }

    /// A system or accessibility step: a `cancel` for every finger it cancels (with the moves that
    /// waited for them), and its events. Other moves wait on for the frame's end: an input that
    /// is not a touch does not apply them.
    mutating func sendSystem(_ action: Action, time: Int64, to checked: inout CheckedEditor<M>) {
        if !recognizer.fingersDown.isEmpty, Self.cancelsTouches(action) { recognizer.flush(into: &events) }
        var waiting = carried + events
        carried = []
        events.removeAll()
        let down = recognizer.fingersDown
        Simulator.systemEvents(action, recognizer: &recognizer, into: &events)
        guard let produced = admitted(checked) else { return }
        let still = Set(recognizer.fingersDown.map(\.id))
        let cancelled = down.filter { !still.contains($0.id) }
        var rest = produced
        if !cancelled.isEmpty, rest.first == .gestureCancelled {
            waiting.append(rest.removeFirst())
        }
        for finger in cancelled {
            let sample = TouchSample(
                pointer: finger.id, phase: .cancel, point: finger.point, milliseconds: Double(time) / 1000)
            checked.touch(sample, recognized: waiting, host: &host)
            waiting = []
        }
        for event in rest {
            checked.apply(event, after: waiting, host: &host)
            waiting = []
        }
        carried = waiting
    }

    /// The frame's end: the moves the recognizer flushed land with the tick.
    mutating func endFrame(_ checked: inout CheckedEditor<M>) {
        guard let recognized = admitted(checked) else { return }
        if options.recordFrames { host.touches.append((recognizer.touchPoints, recognizer.gesture)) }
        checked.tick(recognizerActive: recognizer.isGestureActive, recognized: carried + recognized, host: &host)
        carried = []
    }

    /// Takes the events made so far, or nil when one needs a capability the model lacks (the
    /// scenario then does not apply); the touch gate sees each.
    private mutating func admitted(_ checked: CheckedEditor<M>) -> [EditorEvent]? {
        let taken = events
        events.removeAll(keepingCapacity: true)
        for event in taken {
            if let reason = unsupported(event, checked) {
                missing = reason
                return nil
            }
            gate.saw(event)
        }
        return taken
    }

    private static func cancelsTouches(_ action: Action) -> Bool {
        switch action {
        case .cancelTouches, .confirm: true
        default: false
        }
    }

    private static func phase(_ p: TouchPhase) -> TouchSample.Phase {
        switch p {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: .cancel
        }
    }
}
