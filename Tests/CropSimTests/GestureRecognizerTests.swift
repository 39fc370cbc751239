import CropModel
import CropSim
import Testing

@Suite struct GestureRecognizerTests {
    var recognizer = GestureRecognizer()
    var events: [EditorEvent] = []

    mutating func send(_ id: Int, _ x: Double, _ y: Double, _ phase: TouchPhase, ms: Int64) {
        recognizer.handle(finger: id, point: Point(x: x, y: y), phase: phase, time: ms * 1000, into: &events)
        recognizer.flush(into: &events)
    }

    @Test mutating func aDragBeginsOnlyPastTheThresholdAndCountsFromThere() {
        send(1, 100, 100, .down, ms: 0)
        send(1, 109, 100, .move, ms: 10)
        #expect(events.isEmpty && !recognizer.isGestureActive)
        send(1, 111, 100, .move, ms: 20)
        #expect(events == [.panBegan] && recognizer.isGestureActive)
        send(1, 121, 105, .move, ms: 30)
        #expect(events.last == .panChanged(delta: Point(x: 10, y: 5)))
        send(1, 121, 105, .up, ms: 40)
        #expect(events.last == .panEnded && !recognizer.isGestureActive)
    }

    @Test mutating func twoQuickNearbyTapsAreADoubleTapAtTheSecondTap() {
        send(1, 100, 100, .down, ms: 0)
        send(1, 100, 100, .up, ms: 50)
        send(2, 120, 110, .down, ms: 250)
        send(2, 120, 110, .up, ms: 300)
        #expect(events == [.doubleTap(at: Point(x: 120, y: 110))])
    }

    @Test mutating func tapsTooSlowOrTooFarApartAreNot() {
        send(1, 100, 100, .down, ms: 0)
        send(1, 100, 100, .up, ms: 50)
        send(2, 100, 100, .down, ms: 301)   // 0.301 s after the first down
        send(2, 100, 100, .up, ms: 350)
        send(3, 141, 100, .down, ms: 400)   // 41 pt from the previous tap
        send(3, 141, 100, .up, ms: 450)
        #expect(events.isEmpty)
    }

    @Test mutating func aLongTouchIsNotATap() {
        send(1, 100, 100, .down, ms: 0)
        send(1, 100, 100, .up, ms: 600)
        send(2, 100, 100, .down, ms: 700)
        send(2, 100, 100, .up, ms: 750)
        #expect(events.isEmpty)
    }

    @Test mutating func aSecondFingerTurnsTheDragIntoAPinchAndLiftingItBack() {
        send(1, 100, 100, .down, ms: 0)
        send(1, 120, 100, .move, ms: 10)
        send(2, 220, 100, .down, ms: 20)
        #expect(events == [.panBegan, .panEnded, .pinchBegan(focal: Point(x: 170, y: 100))])
        send(2, 320, 100, .move, ms: 30)
        #expect(events.last == .pinchChanged(scale: 2, focal: Point(x: 220, y: 100)))
        send(2, 320, 100, .up, ms: 40)
        #expect(events.last == .pinchEnded)
        send(1, 125, 100, .move, ms: 50)
        #expect(Array(events.suffix(2)) == [.panBegan, .panChanged(delta: Point(x: 5, y: 0))])
    }

    @Test mutating func aThirdFingerCancelsAndNothingHappensUntilAllLift() {
        send(1, 100, 100, .down, ms: 0)
        send(2, 200, 100, .down, ms: 0)
        send(3, 150, 200, .down, ms: 10)
        #expect(events.last == .gestureCancelled && !recognizer.isGestureActive)
        send(2, 250, 100, .move, ms: 20)
        send(3, 150, 200, .up, ms: 30)
        send(2, 260, 100, .move, ms: 40)
        #expect(events.last == .gestureCancelled)
    }

    @Test mutating func coincidentFingersUseTheMinimumSpan() {
        send(1, 100, 100, .down, ms: 0)
        send(2, 100, 100, .down, ms: 0)
        send(2, 103, 100, .move, ms: 10)
        guard case .pinchChanged(let scale, _)? = events.last else {
            Issue.record("no pinch change: \(events)")
            return
        }
        #expect(scale == 3 / RecognizerSettings.standard.minimumPinchSpan)
    }
}
