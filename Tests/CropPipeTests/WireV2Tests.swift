@testable import CropPipe
import CropVocabulary
import Testing

/// Protocol version 2's binary framing (docs/model-protocol.md#version-2-binary): ops and
/// results read back to what was written, and the reader of a hostile model's bytes refuses
/// every broken frame with a `malformed` or `protocolViolation` message, never reading outside it.
/// The process-level cases (a truncated frame, garbage after one, wrong counts) are in
/// `scripts/check-models` (`hostile_model_v2.py`).
@Suite struct WireV2Tests {
    private func reader(_ body: (inout WireWriter) -> Void) -> BinaryReader {
        var w = WireWriter()
        body(&w)
        return BinaryReader(w.bytes)
    }

    @Test func everyEventReadsBackAsItself() throws {
        for (event, _) in WireGoldenTests.events {
            var r = reader { $0.binaryEvent(event) }
            guard case .event(let back) = try r.op() else { Issue.record("\(event) read as another op"); continue }
            #expect(back == event)
            #expect(r.atEnd)
        }
    }

    @Test func touchesAndTicksReadBack() throws {
        let touch = TouchSample(pointer: -3, phase: .cancel, point: Point(x: 146.5, y: -0.0), milliseconds: 108.333)
        var r = reader {
            $0.binaryTouch(touch); $0.byte(BinaryOp.tick.rawValue)
        }
        guard case .touch(let back) = try r.op() else { Issue.record("not a touch"); return }
        #expect(back == touch && back.point.y.sign == .minus)
        guard case .tick = try r.op() else { Issue.record("not a tick"); return }
        #expect(r.atEnd)
    }

    /// The binary fields of a state changed everywhere read back bit for bit, and a state that did
    /// not change writes nothing.
    @Test func stateFieldsReadBack() throws {
        var before = ModelState.unreported
        before.readout = Readout()
        var after = before
        after.observation.pose = Pose(
            scale: 0.30000000000000004, translation: Point(x: -58.4, y: .infinity), angle: -0.0)
        after.observation.cropRect = Rect(x: 1, y: 2, width: 3, height: 4)
        after.observation.gridVisible = false
        after.observation.animating = true
        after.slider = 12.5
        after.readout.sMin = 0.5125
        after.readout.panLimit = Point(x: 10, y: 20)
        after.readout.cut = [.zoomMax, .tiltMin]
        after.readout.lowDensity = true
        var r = reader {
            $0.binaryState(after, since: before); $0.byte(BinaryField.end.rawValue)
        }
        var read = before
        guard case .end = try r.stateFields(into: &read) else { Issue.record("more than the end"); return }
        #expect(r.atEnd)
        #expect(read.observation.pose.scale.bitPattern == after.observation.pose.scale.bitPattern)
        #expect(read.observation.pose.angle.sign == .minus && read.observation.pose.translation.y == .infinity)
        #expect(
            read.observation.cropRect == after.observation.cropRect && !read.observation.gridVisible
                && read.observation.animating)
        #expect(read.slider == 12.5 && read.readout == after.readout)
        var unchanged = WireWriter()
        unchanged.binaryState(after, since: after)
        #expect(unchanged.count == 0)
    }

    /// Haptics, the one effect a tick commonly carries, are binary when a result has no other.
    @Test func hapticsReadBack() throws {
        let all: [EditorEffect] =
            LimitReason.allCases.map { .haptic(.lightImpact($0)) } + [
                .haptic(.success), .haptic(.error), .haptic(.snap)
            ]
        var w = WireWriter()
        let allBinary = w.binaryHaptics(all)
        #expect(allBinary)
        var r = BinaryReader(w.bytes)
        var s = ModelState.unreported
        for effect in all {
            guard case .haptic(let h) = try r.stateFields(into: &s) else { Issue.record("not a haptic"); return }
            #expect(EditorEffect.haptic(h) == effect)
        }
        #expect(r.atEnd)
        var mixed = WireWriter()
        let mixedBinary = mixed.binaryHaptics([.haptic(.success), .offerRetry])
        #expect(!mixedBinary && mixed.count == 0)
        var bad = BinaryReader([BinaryField.haptic.rawValue, 1, 3])
        #expect(throws: WireError.self) { try bad.stateFields(into: &s) }
    }

    private func refusal(_ bytes: [UInt8]) -> WireError? {
        var r = BinaryReader(bytes)
        var s = ModelState.unreported
        do throws(WireError) {
            while true { if case .end = try r.stateFields(into: &s) { return nil } }
        } catch {
            return error
        }
    }

    @Test func brokenResultsAreRefused() throws {
        let truncated = try #require(refusal([BinaryField.scale.rawValue, 0, 0, 0]))
        #expect(!truncated.violation && truncated.message.contains("truncated: a u64 needs 8 bytes, 3 left"))
        let flag = try #require(refusal([BinaryField.grid.rawValue, 7, 0]))
        #expect(flag.violation && flag.message == "at byte 1: a flag must be 0 or 1, got 7")
        let tag = try #require(refusal([99, 0]))
        #expect(tag.violation && tag.message == "at byte 0: unknown field tag 99")
        let json = try #require(
            refusal([BinaryField.json.rawValue, 0, 0, 0, 0x80, UInt8(ascii: "{"), UInt8(ascii: "}"), 0]))
        #expect(!json.violation && json.message.contains("truncated: the JSON part needs 2147483648 bytes, 3 left"))
        let noEnd = try #require(refusal([BinaryField.grid.rawValue, 1]))
        #expect(noEnd.message.contains("truncated"))
    }

    /// Any NaN reads as the one NaN: not as cropsim's placeholder of a field never reported, which
    /// would pass an `opened` without a pose, nor with a payload that leaks into messages.
    @Test func nanReadsAsTheOneNaNAndInfinityAsItself() throws {
        for bits: UInt64 in [ModelState.missing.bitPattern, 0xFFF0_0000_0000_0001, 0x7FF8_0000_0000_0000] {
            var r = reader { $0.u64(bits) }
            #expect(try r.f64().bitPattern == Double.nan.bitPattern)
        }
        var r = reader { $0.f64(-.infinity) }
        #expect(try r.f64() == -.infinity)
    }

    @Test func brokenOpsAreRefused() throws {
        var unknown = BinaryReader([77])
        #expect(throws: WireError.self) { try unknown.op() }
        var phase = reader {
            $0.binaryTouch(TouchSample(pointer: 1, phase: .down, point: Point(x: 0, y: 0), milliseconds: 0))
        }
        var bytes = phase.bytes
        bytes[9] = 4
        phase = BinaryReader(bytes)
        #expect(throws: WireError.self) { try phase.op() }
        var short = BinaryReader(
            Array(reader { $0.binaryEvent(.panChanged(delta: Point(x: 1, y: 2))) }.bytes.dropLast()))
        #expect(throws: WireError.self) { try short.op() }
    }

    /// A header is judged byte by byte as it comes in: garbage and absurd lengths at once, a
    /// partial header waited for.
    @Test func frameHeaders() throws {
        func header(_ b: [UInt8]) -> Result<(kind: WireFrame.Kind, length: Int)?, WireError> {
            do throws(WireError) { return .success(try WireFrame.header(b, at: 0)) } catch { return .failure(error) }
        }
        #expect(try header([]).get() == nil)
        #expect(try header([0xB2]).get() == nil)
        #expect(try header([0xB2, 0x52, 1, 0]).get() == nil)
        let ok = try #require(try header([0xB2, 0x52, 0x10, 0, 0, 0]).get())
        #expect(ok.kind == .stepped && ok.length == 16)
        let max = UInt32(WireFrame.maxPayload)
        #expect(
            try header([0xB2, 0x4A] + withUnsafeBytes(of: max.littleEndian) { Array($0) }).get()?.length
                == WireFrame.maxPayload)
        let messages: [([UInt8], String)] = [
            ([UInt8(ascii: "{")], "a frame must start with byte 0xB2, got 0x7B"),
            ([0xB2, 0x00], "unknown frame kind 0x00"),
            ([0xB2, 0x52, 0xFF, 0xFF, 0xFF, 0xFF], "a frame of 4294967295 bytes, more than the 16 MiB bound"),
            (
                [0xB2, 0x52] + withUnsafeBytes(of: (max + 1).littleEndian) { Array($0) },
                "a frame of 16777211 bytes, more than the 16 MiB bound"
            )
        ]
        for (bytes, said) in messages {
            guard case .failure(let e) = header(bytes) else { Issue.record("\(bytes) accepted"); continue }
            #expect(e.message == said && !e.violation)
        }
    }

    /// A frame's length is its payload's, written after the payload.
    @Test func framesCarryTheirLength() {
        var w = WireWriter()
        let mark = w.beginFrame(.json)
        w.raw("{}")
        w.endLength(at: mark)
        #expect(w.bytes == [0xB2, 0x4A, 2, 0, 0, 0, UInt8(ascii: "{"), UInt8(ascii: "}")])
    }
}
