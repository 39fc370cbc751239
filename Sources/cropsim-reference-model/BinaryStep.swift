import CropModel
import CropPipe
import CropVocabulary

/// Version 2 on the server's side (docs/model-protocol.md#version-2-binary): a request frame
/// answered with a reply frame — a `json` frame as version 1's line is, a binary `step` with a
/// binary `stepped`.
extension ReferenceServer {
    /// The whole reply frame to one request frame.
    mutating func answer(_ kind: WireFrame.Kind, _ payload: [UInt8]) -> WireWriter {
        var w = WireWriter(capacity: 1024)
        switch kind {
        case .json:
            let mark = w.beginFrame(.json)
            w.append(answer(payload))
            w.endLength(at: mark)
        case .step:
            var r = BinaryReader(payload)
            do throws(WireError) {
                try step(&r, into: &w)
            } catch {
                w = Self.errorFrame(id: Self.id(payload), code: 12, error.message)
            }
        case .stepped:
            w = Self.errorFrame(id: 0, code: 12, "a request in a frame of kind stepped")
        }
        return w
    }

    /// A binary `step`: id (u64), op count (u32), the ops, nothing after. Each result is the
    /// binary state fields that changed, a `json` part when there are effects or a string field
    /// changed, and the end tag; effects that are all haptics are binary too.
    private mutating func step(_ r: inout BinaryReader, into w: inout WireWriter) throws(WireError) {
        let id = try r.u64()
        let count = try r.u32()
        guard var e = editor, var last = sent else { throw WireError("step before open") }
        let mark = w.beginFrame(.stepped)
        w.u64(id)
        w.u32(count)
        var effects: [EditorEffect] = []
        var part = WireWriter(capacity: 256)
        for _ in 0..<count {
            effects.removeAll(keepingCapacity: true)
            switch try r.op() {
            case .tick: e.tick(into: &effects)
            case .event(let event): e.apply(event, into: &effects)
            case .touch: throw WireError("unknown event \"touch\"")
            }
            let now = Self.state(e)
            w.binaryState(now, since: last)
            part.removeAll()
            let haptics = !effects.isEmpty && w.binaryHaptics(effects)
            Self.jsonPart(haptics ? [] : effects, now, since: last, into: &part)
            if part.count > 0 {
                w.byte(BinaryField.json.rawValue)
                w.u32(UInt32(part.count))
                w.append(part)
            }
            w.byte(BinaryField.end.rawValue)
            last = now
        }
        guard r.atEnd else { throw WireError("\(r.remaining) bytes after the last op") }
        w.endLength(at: mark)
        editor = e
        sent = last
    }

    /// `{"effects":[…],"state":{…}}` with what there is of either (version 1's result), or
    /// nothing when there is neither.
    private static func jsonPart(
        _ effects: [EditorEffect], _ now: ModelState, since last: ModelState, into w: inout WireWriter
    ) {
        w.byte(UInt8(ascii: "{"))
        if !effects.isEmpty { w.raw("\"effects\":"); Self.effects(effects, into: &w) }
        let mark = w.count
        w.raw(effects.isEmpty ? "\"state\":{" : ",\"state\":{")
        let fields = w.count
        w.stringFields(now, since: last)
        if w.count == fields { w.truncate(to: mark) } else { w.byte(UInt8(ascii: "}")) }
        if w.count == 1 { w.removeAll() } else { w.byte(UInt8(ascii: "}")) }
    }

    static func errorFrame(id: Int, code: Int, _ message: String) -> WireWriter {
        var w = WireWriter()
        let mark = w.beginFrame(.json)
        w.append(error(id: id, code: code, message))
        w.endLength(at: mark)
        return w
    }

    /// A binary request's id, for an error reply to it (0 if it is too short to hold one).
    private static func id(_ payload: [UInt8]) -> Int {
        var r = BinaryReader(payload)
        return (try? r.u64()).map { Int(truncatingIfNeeded: $0) } ?? 0
    }
}
