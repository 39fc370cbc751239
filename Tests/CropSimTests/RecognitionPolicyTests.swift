import CropScenario
import CropSim
import CropVocabulary
import Foundation
import Testing

/// The recognition choices a touch-level editor declares (docs/model-protocol.md#touches) that
/// cropsim's recognizer then makes too, so the oracle judges the editor by its own rules: the
/// finger left after a pinch (`fingerAfterPinch`) and a turn of a quarter or more between two
/// samples (`sharpTurn`).
@Suite struct RecognitionPolicyTests {
    var events: [EditorEvent] = []

    mutating func send(
        _ r: inout GestureRecognizer, _ id: Int, _ x: Double, _ y: Double, _ phase: TouchPhase, ms: Int64
    ) {
        r.handle(finger: id, point: Point(x: x, y: y), phase: phase, time: ms * 1000, into: &events)
        r.flush(into: &events)
    }

    /// Rotation, when asked for, from the first degree (`twistThreshold: none`).
    static func recognizer(after: Policies.FingerAfterPinch = .drags, sharpTurns: Bool? = nil) -> GestureRecognizer {
        var settings = RecognizerSettings()
        settings.fingerAfterPinch = after
        if let sharpTurns {
            settings.recognizesRotation = true
            settings.followsSharpTurns = sharpTurns
            settings.rotationThreshold = 0
        }
        return GestureRecognizer(settings: settings)
    }

    /// A pinch, one of its fingers lifted, the other moved, then a new finger beside it: returns
    /// the events after the lift.
    mutating func leftoverThenNewFinger(_ policy: Policies.FingerAfterPinch) -> [EditorEvent] {
        var r = Self.recognizer(after: policy)
        send(&r, 1, 100, 400, .down, ms: 0)
        send(&r, 2, 300, 400, .down, ms: 0)
        send(&r, 2, 320, 400, .move, ms: 16)
        send(&r, 2, 320, 400, .up, ms: 33)
        let lifted = events.count
        send(&r, 1, 130, 400, .move, ms: 50)
        send(&r, 3, 230, 400, .down, ms: 66)
        send(&r, 3, 330, 400, .move, ms: 83)
        return Array(events[lifted...])
    }

    @Test mutating func theLeftoverDragsOnByDefault() {
        #expect(leftoverThenNewFinger(.drags).prefix(2) == [.panBegan, .panChanged(delta: Point(x: 30, y: 0))])
    }

    @Test mutating func ignoredTheLeftoverAndAnyNewFingerMakeNothingUntilAllLift() {
        #expect(leftoverThenNewFinger(.ignored) == [])
    }

    @Test mutating func ignoredAloneTheLeftoverMakesNothingButANewFingerPinchesWithIt() {
        #expect(
            leftoverThenNewFinger(.ignoredAlone) == [
                .pinchBegan(focal: Point(x: 180, y: 400)),
                .pinchChanged(scale: 2, focal: Point(x: 230, y: 400))
            ])
    }

    /// After a third finger stopped a pinch, a landing that makes two fingers down pinches again
    /// under `ignoredAlone` (a web cropper's `touchstart` with two touches), and not under `ignored`.
    @Test(arguments: [(Policies.FingerAfterPinch.ignoredAlone, true), (.ignored, false)])
    mutating func afterAThirdFingerTwoFingersDownPinchOnlyUnderIgnoredAlone(
        _ policy: Policies.FingerAfterPinch, _ pinches: Bool
    ) {
        var r = Self.recognizer(after: policy)
        send(&r, 1, 100, 400, .down, ms: 0)
        send(&r, 2, 300, 400, .down, ms: 0)
        send(&r, 3, 200, 600, .down, ms: 16)
        #expect(events.last == .gestureCancelled)
        send(&r, 2, 300, 400, .up, ms: 33)
        send(&r, 3, 200, 600, .up, ms: 33)
        send(&r, 4, 100, 200, .down, ms: 50)
        #expect(events.last == (pinches ? .pinchBegan(focal: Point(x: 100, y: 300)) : .gestureCancelled))
    }

    /// Two fingers whose direction turns by 120° between two samples: no twist by default (fingers
    /// swapping places), a turn of 120° under `sharpTurn: followed`.
    @Test(arguments: [(false, 0.0), (true, 120.0)])
    mutating func aSharpTurnTurnsThePhotoOnlyWhenFollowed(_ followed: Bool, _ turned: Double) throws {
        var r = Self.recognizer(sharpTurns: followed)
        send(&r, 1, 100, 400, .down, ms: 0)
        send(&r, 2, 300, 400, .down, ms: 0)
        let a = 120.0 * .pi / 180
        r.handle(
            finger: 2, point: Point(x: 100 + 200 * cos(a), y: 400 + 200 * sin(a)), phase: .move, time: 16_000,
            into: &events)
        r.flush(into: &events)
        guard case .twistChanged(_, let rotation, _)? = events.last else {
            Issue.record("no twist: \(events)")
            return
        }
        #expect(abs(rotation - turned) < 1e-9)
    }
}
