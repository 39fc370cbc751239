/// One touch sample as a touch-level model receives it (`Capabilities.touches`): what a
/// platform's pointer or touch events carry, so the model runs its own gesture recognizer
/// (docs/model-protocol.md#touches).
public struct TouchSample: Hashable, Sendable {
    public enum Phase: String, CaseIterable, Hashable, Sendable { case down, move, up, cancel }

    /// The finger, stable from its `down` to its `up` or `cancel`.
    public var pointer: Int
    public var phase: Phase
    /// Where the finger is, view points, origin top-left, y down.
    public var point: Point
    /// Milliseconds since the session opened, to the microsecond: the unit of
    /// `PointerEvent.timeStamp` and `performance.now()`.
    public var milliseconds: Double

    public init(pointer: Int, phase: Phase, point: Point, milliseconds: Double) {
        self.pointer = pointer
        self.phase = phase
        self.point = point
        self.milliseconds = milliseconds
    }
}

extension EditorEvent {
    /// A gesture's move (pan, pinch or twist update): what policy `inputTiming: atFrameEnd` lets
    /// an editor apply when the frame ends rather than at the event.
    @inlinable public var isGestureMove: Bool {
        switch self {
        case .panChanged, .pinchChanged, .twistChanged: true
        default: false
        }
    }

    /// An event a gesture recognizer makes of touches; the others (slider, resize, confirm…) are
    /// discrete inputs that are not touches.
    @inlinable public var isRecognized: Bool {
        switch self {
        case .panBegan, .panChanged, .panEnded, .pinchBegan, .pinchChanged, .pinchEnded, .twistChanged,
            .gestureCancelled,
            .doubleTap:
            true
        default: false
        }
    }
}
