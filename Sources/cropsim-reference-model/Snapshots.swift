import CropPipe

/// The snapshot messages on the server's side (docs/model-protocol.md#snapshots): the session is
/// two values (the editor and the state last sent), so a snapshot is a copy of them under a new
/// handle. An unknown or released handle, a snapshot before `open` or past cropsim's cap is an
/// `error` reply (code 12), which cropsim takes as the model failing.
extension ReferenceServer {
    mutating func snapshotAnswer(_ type: String, id: Int, _ line: [UInt8]) throws(WireError) -> WireWriter {
        var w = WireWriter(capacity: 64)
        switch type {
        case "snapshot":
            guard let editor, let sent else { throw WireError("snapshot before a successful open") }
            guard snapshots.count < WireSnapshots.maxHeld else {
                throw WireError("more than \(WireSnapshots.maxHeld) snapshots held")
            }
            // Handles wrap after 2^31 snapshots; one still held is skipped, never given twice.
            var handle = nextHandle
            while snapshots[handle] != nil { handle = handle == WireSnapshots.maxHandle ? 0 : handle + 1 }
            nextHandle = handle == WireSnapshots.maxHandle ? 0 : handle + 1
            snapshots[handle] = (editor, sent)
            w.raw("{\"type\":\"snapshotted\",\"id\":"); w.int(id); w.raw(",\"handle\":"); w.int(handle); w.raw("}")
        case "restore":
            let handle = try Self.handle(line)
            guard let kept = snapshots[handle] else { throw WireError("no snapshot has handle \(handle)") }
            editor = kept.editor
            sent = kept.sent
            w.raw("{\"type\":\"restored\",\"id\":"); w.int(id); w.raw("}")
        default:
            let handle = try Self.handle(line)
            guard snapshots.removeValue(forKey: handle) != nil else {
                throw WireError("no snapshot has handle \(handle)")
            }
            w.raw("{\"type\":\"released\",\"id\":"); w.int(id); w.raw("}")
        }
        return w
    }

    /// The `handle` member of a `restore` or `release` request.
    private static func handle(_ line: [UInt8]) throws(WireError) -> Int {
        var r = WireReader(line)
        var handle: Int?
        try r.beginObject()
        while let key = try r.nextKey() {
            if key.is("handle") { handle = try r.int(in: 0...WireSnapshots.maxHandle) } else { try r.skip() }
        }
        guard let handle else { throw WireError("a request without a handle") }
        return handle
    }
}
