import CropScenario
import CropSim
import CropVocabulary
import Foundation
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
        send(2, 100, 100, .down, ms: 301)  // 0.301 s after the first down
        send(2, 100, 100, .up, ms: 350)
        send(3, 141, 100, .down, ms: 400)  // 41 pt from the previous tap
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

    // MARK: Twist (docs/rotation.md, ROT-threshold)

    /// Two fingers 100 pt apart about (200, 400), turned to `degrees` in 1° samples.
    mutating func twist(to degrees: Double, rotationAllowed: Bool = true) {
        var settings = RecognizerSettings()
        settings.recognizesRotation = rotationAllowed
        recognizer = GestureRecognizer(settings: settings)
        func at(_ a: Double) -> (Point, Point) {
            let r = a * .pi / 180
            return (
                Point(x: 200 - 50 * cos(r), y: 400 - 50 * sin(r)), Point(x: 200 + 50 * cos(r), y: 400 + 50 * sin(r))
            )
        }
        let start = at(0)
        send(1, start.0.x, start.0.y, .down, ms: 0)
        send(2, start.1.x, start.1.y, .down, ms: 0)
        let step = degrees < 0 ? -1.0 : 1.0
        for (i, a) in stride(from: step, through: degrees, by: step).enumerated() {
            let p = at(a)
            recognizer.handle(finger: 1, point: p.0, phase: .move, time: Int64(i + 1) * 8000, into: &events)
            recognizer.handle(finger: 2, point: p.1, phase: .move, time: Int64(i + 1) * 8000, into: &events)
            recognizer.flush(into: &events)
        }
    }

    var lastTwist: Double? {
        for e in events.reversed() { if case .twistChanged(_, let rotation, _) = e { return rotation } }
        return nil
    }

    @Test mutating func aTurnUnderTheThresholdIsAPlainPinch() {
        twist(to: 9)
        #expect(lastTwist == nil)
        #expect(events.contains { if case .pinchChanged = $0 { true } else { false } })
    }

    @Test mutating func aTwistRotatesByTheTurnBeyondTheThresholdBothWays() throws {
        twist(to: 40)
        #expect(abs(try #require(lastTwist) - 30) < 1e-9)
        events = []
        twist(to: -40)
        #expect(abs(try #require(lastTwist) + 30) < 1e-9)
    }

    @Test mutating func withoutRotationATwistIsAPinch() {
        twist(to: 40, rotationAllowed: false)
        #expect(lastTwist == nil)
    }

    @Test mutating func fingersSwappingPlacesAreNoTwist() {
        var settings = RecognizerSettings()
        settings.recognizesRotation = true
        recognizer = GestureRecognizer(settings: settings)
        send(1, 100, 400, .down, ms: 0)
        send(2, 300, 400, .down, ms: 0)
        // Both fingers move before the tick's flush: the direction turns by 180° up to rounding.
        for (a, b, ms) in [((300.0, 401.0), (100.0, 399.0), 8), ((100, 400), (300, 400), 16)]
            as [((Double, Double), (Double, Double), Int64)]
        {
            recognizer.handle(finger: 1, point: Point(x: a.0, y: a.1), phase: .move, time: ms * 1000, into: &events)
            recognizer.handle(finger: 2, point: Point(x: b.0, y: b.1), phase: .move, time: ms * 1000, into: &events)
            recognizer.flush(into: &events)
        }
        #expect(lastTwist == nil)
    }
}
