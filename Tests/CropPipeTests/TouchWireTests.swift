import CropPipe
import CropVocabulary
import Foundation
import Testing

/// The `touch` op a touch-level model is sent (docs/model-protocol.md#touches): every phase by
/// name, and absurd values written as the protocol's numbers say, so a model can read any touch
/// the fuzzer's hostile profile draws.
@Suite struct TouchWireTests {
    private func written(_ t: TouchSample) throws -> [String: Any] {
        var w = WireWriter()
        w.touch(t)
        let object = try JSONSerialization.jsonObject(with: Data(w.bytes))
        return try #require(object as? [String: Any], "\(String(decoding: w.bytes, as: UTF8.self))")
    }

    @Test(arguments: TouchSample.Phase.allCases)
    func everyPhaseIsWrittenByItsName(_ phase: TouchSample.Phase) throws {
        let m = try written(TouchSample(pointer: 2, phase: phase, point: Point(x: 10.5, y: -3), milliseconds: 116.667))
        #expect(m["type"] as? String == "touch")
        #expect(m["phase"] as? String == phase.rawValue)
        #expect(m["pointer"] as? Int == 2)
        #expect(m["x"] as? Double == 10.5 && m["y"] as? Double == -3)
        #expect(m["time"] as? Double == 116.667)
        #expect(Set(m.keys) == ["type", "pointer", "phase", "x", "y", "time"])
    }

    @Test func absurdValuesAreStillProtocolNumbers() throws {
        let m = try written(
            TouchSample(pointer: Int.min, phase: .move, point: Point(x: .nan, y: -.infinity), milliseconds: 1e300))
        #expect(m["pointer"] as? Int == Int.min)
        #expect(m["x"] as? String == "NaN")
        #expect(m["y"] as? String == "-Infinity")
        #expect(m["time"] as? Double == 1e300)
        let far = try written(
            TouchSample(pointer: Int.max, phase: .down, point: Point(x: 5_000_000, y: -0.0), milliseconds: 0))
        #expect(far["pointer"] as? Int == Int.max)
        #expect(far["x"] as? Double == 5_000_000)
        #expect((far["y"] as? Double)?.sign == .minus)
    }

    /// A touch is one op among events and ticks: the `ops` array stays valid JSON.
    @Test func touchesMixWithTicksInOneStep() throws {
        var w = WireWriter()
        w.raw("[")
        w.touch(TouchSample(pointer: 0, phase: .down, point: Point(x: 1, y: 2), milliseconds: 0))
        w.raw(",\"tick\",")
        w.event(.setZoomSlider(percent: 50, animated: false))
        w.raw("]")
        let ops = try #require(try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [Any])
        #expect(ops.count == 3 && ops[1] as? String == "tick")
    }
}
