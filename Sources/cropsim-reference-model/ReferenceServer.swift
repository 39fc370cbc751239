import CropModel
import CropPipe
import CropVocabulary

/// The reference editor served over the model protocol (docs/model-protocol.md): what a team's
/// own server does, and the conformance check of the protocol itself — the suite through this
/// server must give the same logs, byte for byte, as the same editor in process.
struct ReferenceServer {
    /// Who the server says it is (the reference editor's identity, or fewer capabilities and
    /// other policies when told to declare them).
    let identity: ModelIdentity
    /// Whether the handshake offers protocol version 2 (`--offer 2`): off by default, so that
    /// the server is version 1's byte for byte unless asked.
    let offersBinary: Bool
    /// Whether the handshake declares the snapshot messages (`--snapshots`): off by default, for
    /// the same reason.
    let keepsSnapshots: Bool
    var editor: Editor?
    /// The state last sent, for the next result's changes.
    var sent: ModelState?
    /// The session's snapshots by handle: the editor and the state last sent (a result after a
    /// restore is relative to the snapshot's). Both are values, so a snapshot is a copy.
    var snapshots: [Int: (editor: Editor, sent: ModelState)] = [:]
    var nextHandle = 0

    init(identity: ModelIdentity, offersBinary: Bool = false, keepsSnapshots: Bool = false) {
        self.identity = identity
        self.offersBinary = offersBinary
        self.keepsSnapshots = keepsSnapshots
    }

    /// Answers one request line; nil when the line is not a request (the caller reports it).
    mutating func answer(_ line: [UInt8]) -> WireWriter {
        var w = WireWriter(capacity: 1024)
        var r = WireReader(line)
        do throws(WireError) {
            let (type, id) = try Self.head(line)
            switch type {
            case "hello":
                w.raw("{\"type\":\"hello\",\"id\":"); w.int(id); w.hello(identity)
                if keepsSnapshots { w.raw(",\"snapshots\":true") }
                w.raw(offersBinary ? ",\"offers\":[2]}" : "}")
            case "snapshot" where keepsSnapshots, "restore" where keepsSnapshots, "release" where keepsSnapshots:
                return try snapshotAnswer(type, id: id, line)
            case "open":
                let (_, request) = try r.openRequest()
                open(request, id: id, into: &w)
            case "step":
                try step(&r, id: id, into: &w)
            default:
                return Self.error(id: id, code: 10, "unknown request \"\(type)\"")
            }
        } catch {
            return Self.error(id: (try? Self.head(line).id) ?? 0, code: 12, error.message)
        }
        return w
    }

    private mutating func open(_ request: OpenRequest, id: Int, into w: inout WireWriter) {
        snapshots = [:]
        var effects: [EditorEffect] = []
        do {
            let e = try Editor.open(request, effects: &effects)
            editor = e
            let s = Self.state(e)
            w.raw("{\"type\":\"opened\",\"id\":"); w.int(id)
            w.raw(",\"effects\":"); Self.effects(effects, into: &w)
            w.raw(",\"state\":"); w.state(s, since: nil)
            w.raw("}")
            sent = s
        } catch {
            editor = nil
            w.raw("{\"type\":\"refused\",\"id\":"); w.int(id); w.raw(",\"message\":"); w.string(error.message);
            w.raw("}")
        }
    }

    private mutating func step(_ r: inout WireReader, id: Int, into w: inout WireWriter) throws(WireError) {
        guard var e = editor, var last = sent else { throw WireError("step before open") }
        w.raw("{\"type\":\"stepped\",\"id\":"); w.int(id); w.raw(",\"results\":[")
        var effects: [EditorEffect] = []
        var first = true
        try r.beginObject()
        while let key = try r.nextKey() {
            guard key.is("ops") else { try r.skip(); continue }
            try r.beginArray()
            while try r.nextElement() {
                effects.removeAll(keepingCapacity: true)
                if r.atString {
                    guard try r.string() == "tick" else { throw WireError("an op is an event or \"tick\"") }
                    e.tick(into: &effects)
                } else {
                    e.apply(try r.event(), into: &effects)
                }
                if !first { w.byte(UInt8(ascii: ",")) }
                first = false
                let now = Self.state(e)
                w.byte(UInt8(ascii: "{"))
                if !effects.isEmpty { w.raw("\"effects\":"); Self.effects(effects, into: &w) }
                // The state's changes, unless there are none.
                let mark = w.count
                w.raw(effects.isEmpty ? "\"state\":" : ",\"state\":")
                let object = w.count
                w.state(now, since: last)
                if w.count == object + 2 { w.truncate(to: mark) }
                w.byte(UInt8(ascii: "}"))
                last = now
            }
        }
        w.raw("]}")
        editor = e
        sent = last
    }

    static func state(_ e: Editor) -> ModelState {
        ModelState(observation: e.observation, slider: e.sliderPercent, readout: e.readout)
    }

    static func effects(_ effects: [EditorEffect], into w: inout WireWriter) {
        w.byte(UInt8(ascii: "["))
        for (i, e) in effects.enumerated() {
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            w.effect(e)
        }
        w.byte(UInt8(ascii: "]"))
    }

    /// A request's type and id, read ahead of its members.
    static func head(_ line: [UInt8]) throws(WireError) -> (type: String, id: Int) {
        var r = WireReader(line)
        var type = "", id = 0
        try r.beginObject()
        while let key = try r.nextKey() {
            if key.is("type") {
                type = try r.string()
            } else if key.is("id") {
                id = try r.int(in: 0...Int.max)
            } else {
                try r.skip()
            }
        }
        return (type, id)
    }

    static func error(id: Int, code: Int, _ message: String) -> WireWriter {
        var w = WireWriter()
        w.raw("{\"type\":\"error\",\"id\":"); w.int(id); w.raw(",\"code\":"); w.int(code); w.raw(",\"message\":");
        w.string(message); w.raw("}")
        return w
    }
}
