@testable import CropPipe
import CropVocabulary
import Foundation
import PropertyBased
import Testing

/// Protocol version 1's bytes, fixed (issue 36): the writer builds each message from pre-encoded
/// fragments and formats numbers without a `String`, and what it writes must stay what version 1
/// always wrote. Each golden line below is the old writer's output, and the reference editor's
/// own reader must read every one back to the event it came from.
@Suite struct WireGoldenTests {
    private func written(_ body: (inout WireWriter) -> Void) -> String {
        var w = WireWriter()
        body(&w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    static let events: [(EditorEvent, String)] = [
        (.panBegan, #"{"type":"panBegan"}"#),
        (
            .panChanged(delta: Point(x: -2.9808440624558443, y: 0.1)),
            #"{"type":"panChanged","dx":-2.9808440624558443,"dy":0.1}"#
        ),
        (.panEnded, #"{"type":"panEnded"}"#),
        (.pinchBegan(focal: Point(x: 196.5, y: -0.0)), #"{"type":"pinchBegan","x":196.5,"y":-0.0}"#),
        (
            .pinchChanged(scale: 1e-05, focal: Point(x: 3, y: 1e16)),
            #"{"type":"pinchChanged","scale":1e-05,"x":3.0,"y":1e+16}"#
        ),
        (.pinchEnded, #"{"type":"pinchEnded"}"#),
        (
            .twistChanged(scale: 1.25, rotation: -0.7853981633974483, focal: Point(x: 2879.9999999999995, y: 426)),
            #"{"type":"twistChanged","scale":1.25,"rotation":-0.7853981633974483,"x":2879.9999999999995,"y":426.0}"#
        ),
        (.rotate90, #"{"type":"rotate90"}"#),
        (.gestureCancelled, #"{"type":"gestureCancelled"}"#),
        (.doubleTap(at: Point(x: 40, y: 383.4)), #"{"type":"doubleTap","x":40.0,"y":383.4}"#),
        (.setZoomSlider(percent: 50, animated: true), #"{"type":"setZoomSlider","percent":50.0,"animated":true}"#),
        (
            .setZoomSlider(percent: 0.30000000000000004, animated: false),
            #"{"type":"setZoomSlider","percent":0.30000000000000004,"animated":false}"#
        ),
        (.incrementZoom, #"{"type":"incrementZoom"}"#),
        (.decrementZoom, #"{"type":"decrementZoom"}"#),
        (.recenter, #"{"type":"recenter"}"#),
        (.resize(Size(width: 852, height: 393)), #"{"type":"resize","width":852.0,"height":393.0}"#),
        (.setReduceMotion(true), #"{"type":"setReduceMotion","on":true}"#),
        (.setReduceMotion(false), #"{"type":"setReduceMotion","on":false}"#),
        (.memoryWarning, #"{"type":"memoryWarning"}"#),
        (.confirm, #"{"type":"confirm"}"#),
        (.cancel, #"{"type":"cancel"}"#),
        (.cropFinished(succeeded: true), #"{"type":"cropFinished","succeeded":true}"#),
        (.cropFinished(succeeded: false), #"{"type":"cropFinished","succeeded":false}"#),
        (.uploadFinished(attempt: 1, outcome: .success), #"{"type":"uploadFinished","attempt":1,"outcome":"success"}"#),
        (.uploadFinished(attempt: 2, outcome: .timeout), #"{"type":"uploadFinished","attempt":2,"outcome":"timeout"}"#),
        (
            .uploadFinished(attempt: 3, outcome: .connectionDropped),
            #"{"type":"uploadFinished","attempt":3,"outcome":"connectionDropped"}"#
        ),
        (
            .uploadFinished(attempt: 12, outcome: .httpError(status: 503)),
            #"{"type":"uploadFinished","attempt":12,"outcome":"httpError","status":503}"#
        ),
        (.profileUpdated(succeeded: true), #"{"type":"profileUpdated","succeeded":true}"#),
        (.profileUpdated(succeeded: false), #"{"type":"profileUpdated","succeeded":false}"#),
        (.retry, #"{"type":"retry"}"#)
    ]

    @Test func everyEventIsWrittenAsVersion1WroteIt() throws {
        for (event, golden) in Self.events {
            #expect(written { $0.event(event) } == golden)
            var r = WireReader(Array(golden.utf8))
            #expect(try r.event() == event, "\(golden)")
        }
    }

    /// Every event case has a golden line: a new case must be added here with its bytes.
    @Test func theGoldenLinesCoverEveryEvent() {
        let types = Set(Self.events.map { String($0.1.split(separator: "\"")[3]) })
        #expect(types.count == 23)
    }

    @Test(arguments: TouchSample.Phase.allCases)
    func everyTouchIsWrittenAsVersion1WroteIt(_ phase: TouchSample.Phase) {
        let t = TouchSample(
            pointer: 12, phase: phase, point: Point(x: 10.5, y: -3.0000000000000004), milliseconds: 116.66666666666667)
        #expect(
            written { $0.touch(t) }
                == #"{"type":"touch","pointer":12,"phase":"\#(phase.rawValue)","x":10.5,"y":-3.0000000000000004,"time":116.66666666666667}"#
        )
    }

    /// Numbers are `description`'s spelling, however they are formatted now.
    @Test func numbersAreTheirDescription() async {
        await propertyCheck(count: 20_000, input: Gen.uint64()) { bits in
            let x = Double(bitPattern: bits)
            guard x.isFinite else { return }
            #expect(written { $0.number(x) } == x.description)
        }
        #expect(
            written {
                $0.number(.nan); $0.number(.infinity); $0.number(-.infinity)
            } == #""NaN""Infinity""-Infinity""#)
    }

    @Test func integersAreTheirDescription() {
        for n in [0, 1, 9, 10, 11, 99, 100, -1, -10, 503, Int.max, Int.min] {
            #expect(written { $0.int(n) } == String(n))
        }
    }

    /// A state's changes, sides included (their names are written from the table, unescaped).
    @Test func stateChangesAreWrittenAsVersion1WroteThem() {
        var s = ModelState.unreported
        s.observation.pose = Pose(scale: 1.5, translation: Point(x: -8.056500000000028, y: 0))
        s.readout.cut = [.panMinX, .tiltMax]
        s.readout.engaged = []
        var last = s
        last.observation.pose.translation.y = 1
        last.readout.cut = nil
        last.readout.engaged = [.zoomMin]
        #expect(written { $0.state(s, since: last) } == #"{"ty":0.0,"cut":["panMinX","tiltMax"],"engaged":[]}"#)
    }
}
