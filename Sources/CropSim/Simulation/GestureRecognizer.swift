import CropScenario
import CropModel
import CropVocabulary
import RealModule

/// Turns touch samples into the editor's semantic events, the way UIKit's pan, pinch and tap
/// recognizers would together.
///
/// States: idle → possible (one finger down, not yet past the drag threshold) → panning or
/// pinching → idle, with `failed` after a cancellation (a third finger, the system) until every
/// finger has lifted (or, under `fingerAfterPinch: ignoredAlone`, until a landing makes two
/// fingers down). A second finger turns a drag into a pinch and lifting one turns a pinch back
/// into a drag; both hand-overs start the new gesture from the current pose, so the image never
/// jumps.
public struct GestureRecognizer: Sendable {
    public enum State: Sendable, Equatable {
        case idle
        case possible(start: Point, downTime: Int64)
        /// One finger left after a pinch: it pans from its next move, without a threshold.
        case resting
        case panning
        case pinching(startSpan: Double)
        case failed
    }

    public let settings: RecognizerSettings
    public private(set) var state: State = .idle
    /// Fingers down, in landing order (a pinch uses the first two).
    private var fingers: [(id: Int, point: Point)] = []
    /// Positions of the first two fingers the last emitted event was computed from.
    /// Two are enough: a third finger fails the gesture, and a failed gesture emits nothing until
    /// every finger has lifted. Fixed slots, not an array: this is written on every emitted event.
    private var lastEmitted: (first: (id: Int, point: Point)?, second: (id: Int, point: Point)?) = (nil, nil)
    private var lastTap: (time: Int64, point: Point)?
    /// Fingers whose touches were cancelled: their later samples are ignored.
    private var cancelled: Set<Int> = []
    private var pendingMove = false
    /// The pinch's finger-to-finger direction when last seen (degrees), how far it has turned
    /// since the pinch began (unwrapped, clockwise positive), and, once that passed the rotation
    /// threshold, the threshold with its sign: the photo turns by the fingers' turn beyond it, so
    /// a twist of 40° turns it 30° however the samples fall (nil until then).
    private var fingerDirection: Double?
    private var fingersTurned = 0.0
    private var twistRecognizedAt: Double?

    public init(settings: RecognizerSettings = .standard) {
        self.settings = settings
    }

    /// True while a pan or pinch is active: the editor must hide the grid.
    public var isGestureActive: Bool {
        switch state {
        case .panning, .pinching: true
        default: false
        }
    }

    /// The recognized gesture, as an editor names it.
    public var gesture: GestureKind {
        switch state {
        case .panning: .pan
        case .pinching: .pinch
        default: .idle
        }
    }

    public var touchPoints: [Point] { fingers.map(\.point) }
    /// The fingers down, in landing order: a touch-level model is sent their cancellation.
    public var fingersDown: [(id: Int, point: Point)] { fingers }
    /// Whether the finger's samples are ignored (it was cancelled, or landed while the host took
    /// no touches): a touch-level model is not sent them either.
    public func ignores(finger id: Int) -> Bool { cancelled.contains(id) }
    public var hasTouches: Bool { !fingers.isEmpty }

    /// Feeds one sample. Moves are coalesced: call `flush` at the end of each tick.
    public mutating func handle(
        finger id: Int, point: Point, phase: TouchPhase, time: Int64, into events: inout [EditorEvent]
    ) {
        guard cancelled.isEmpty || !cancelled.contains(id) else {
            if phase == .up || phase == .cancel { cancelled.remove(id) }
            return
        }
        switch phase {
        case .move:
            if let i = fingers.firstIndex(where: { $0.id == id }) {
                fingers[i].point = point
                pendingMove = true
            }
        case .down:
            flush(into: &events)
            guard !fingers.contains(where: { $0.id == id }) else { return }
            fingers.append((id, point))
            fingerLanded(time: time, into: &events)
        case .up:
            flush(into: &events)
            guard let i = fingers.firstIndex(where: { $0.id == id }) else { return }
            fingers[i].point = point
            let lifted = fingers.remove(at: i)
            fingerLifted(lifted.point, time: time, into: &events)
        case .cancel:
            flush(into: &events)
            guard fingers.contains(where: { $0.id == id }) else { return }
            cancelAll(into: &events)
        }
    }

    /// A finger that lands while the editor takes no touches (it is cropping, or the session has
    /// ended): ignored until it lifts, like the fingers `cancelAll` cancels.
    public mutating func ignore(finger id: Int) { cancelled.insert(id) }

    /// The system cancelled every touch (an incoming call, a system gesture).
    public mutating func cancelAll(into events: inout [EditorEvent]) {
        if isGestureActive { events.append(.gestureCancelled) }
        for f in fingers { cancelled.insert(f.id) }
        fingers.removeAll()
        lastEmitted = (nil, nil)
        state = .idle
        pendingMove = false
    }

    /// Emits one event for all the movement since the last flush.
    public mutating func flush(into events: inout [EditorEvent]) {
        guard pendingMove else { return }
        pendingMove = false
        switch state {
        case .possible(let start, _):
            guard let p = fingers.first?.point else { return }
            let d = p - start
            if (d.x * d.x + d.y * d.y).squareRoot() >= settings.dragThreshold {
                // Deltas count from here: the threshold's 10 pt do not make the image jump.
                state = .panning
                rememberEmitted()
                events.append(.panBegan)
                // Without a threshold the first move drags too, from where the finger went down.
                if settings.dragThreshold == 0, let f = fingers.first {
                    lastEmitted.first = (f.id, start)
                    emitPan(into: &events)
                }
            }
        case .resting:
            state = .panning
            events.append(.panBegan)
            emitPan(into: &events)
        case .panning:
            emitPan(into: &events)
        case .pinching(let startSpan):
            guard fingers.count >= 2 else { return }
            // Fingers on one spot have no direction (the next sample that has one starts afresh),
            // and a quarter turn or more between two samples (8–17 ms apart) is fingers swapping
            // places, not a twist: near a half turn clockwise or not is a coin toss that rounding
            // decides. Neither turns the photo, unless the editor declares `sharpTurn: followed`.
            if settings.recognizesRotation {
                let direction = span >= settings.minimumPinchSpan ? self.direction : nil
                if let direction, let last = fingerDirection {
                    let delta = Turn.normalized(direction - last)
                    if abs(delta) < Self.largestTurnPerSample - 1e-9 || settings.followsSharpTurns {
                        fingersTurned += delta
                    }
                }
                fingerDirection = direction
                if twistRecognizedAt == nil, abs(fingersTurned) >= settings.rotationThreshold {
                    twistRecognizedAt = fingersTurned < 0 ? -settings.rotationThreshold : settings.rotationThreshold
                }
            }
            if let base = twistRecognizedAt {
                events.append(.twistChanged(scale: span / startSpan, rotation: fingersTurned - base, focal: centroid))
            } else {
                events.append(.pinchChanged(scale: span / startSpan, focal: centroid))
            }
            rememberEmitted()
        case .idle, .failed:
            break
        }
    }

    private mutating func rememberEmitted() {
        lastEmitted = (fingers.first, fingers.count > 1 ? fingers[1] : nil)
    }

    private func lastEmittedPoint(of id: Int) -> Point? {
        if let f = lastEmitted.first, f.id == id { return f.point }
        if let s = lastEmitted.second, s.id == id { return s.point }
        return nil
    }

    private mutating func emitPan(into events: inout [EditorEvent]) {
        guard let f = fingers.first else { return }
        let before = lastEmittedPoint(of: f.id) ?? f.point
        rememberEmitted()
        let delta = f.point - before
        if delta != .zero { events.append(.panChanged(delta: delta)) }
    }

    private var span: Double {
        let d = fingers[1].point - fingers[0].point
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    private var centroid: Point { (fingers[0].point + fingers[1].point) / 2 }

    /// Degrees the fingers may turn between two samples and still count as a twist. The test
    /// keeps 1e-9° clear of it: quarter-point samples reach exactly 90°, where rounding would
    /// otherwise decide (the mirror check found that too).
    static let largestTurnPerSample = 90.0

    /// The direction from the first finger to the second, in degrees; on the y-down screen a
    /// growing angle turns clockwise, the photo's positive turn.
    private var direction: Double {
        let d = fingers[1].point - fingers[0].point
        return Double.atan2(y: d.y, x: d.x) * 180 / .pi
    }

    private mutating func fingerLanded(time: Int64, into events: inout [EditorEvent]) {
        switch fingers.count {
        case 1:
            state = .possible(start: fingers[0].point, downTime: time)
        case 2:
            guard state != .failed || settings.fingerAfterPinch == .ignoredAlone else { return }
            if state == .panning { events.append(.panEnded) }
            state = .pinching(startSpan: max(span, settings.minimumPinchSpan))
            fingerDirection = span >= settings.minimumPinchSpan ? direction : nil
            fingersTurned = 0
            twistRecognizedAt = nil
            rememberEmitted()
            events.append(.pinchBegan(focal: centroid))
        default:
            // A third finger cancels the gesture (gesture notes).
            if isGestureActive { events.append(.gestureCancelled) }
            state = .failed
        }
    }

    private mutating func fingerLifted(_ point: Point, time: Int64, into events: inout [EditorEvent]) {
        switch (state, fingers.count) {
        case (.possible(let start, let downTime), 0):
            state = .idle
            let d = point - start
            let still = (d.x * d.x + d.y * d.y).squareRoot() < settings.tapSlop
            let quick = Double(time - downTime) / 1_000_000 <= settings.tapMaxDuration
            if still && quick { tapped(at: point, downTime: downTime, into: &events) }
        case (.panning, 0):
            state = .idle
            events.append(.panEnded)
        case (.pinching, 1):
            events.append(.pinchEnded)
            state = settings.fingerAfterPinch == .drags ? .resting : .failed
            rememberEmitted()
        case (.pinching, let n) where n >= 2:
            // A finger beyond the first two lifted while the pinch goes on with the first two.
            rememberEmitted()
        case (.failed, 0), (.resting, 0):
            state = .idle
        default:
            if fingers.isEmpty { state = .idle }
        }
    }

    private mutating func tapped(at point: Point, downTime: Int64, into events: inout [EditorEvent]) {
        guard settings.recognizesDoubleTap else { return }
        if let previous = lastTap {
            let d = point - previous.point
            let close = (d.x * d.x + d.y * d.y).squareRoot() <= settings.doubleTapMaxDistance
            let soon = Double(downTime - previous.time) / 1_000_000 <= settings.doubleTapMaxInterval
            if close && soon {
                lastTap = nil
                events.append(.doubleTap(at: point))
                return
            }
        }
        lastTap = (downTime, point)
    }
}
