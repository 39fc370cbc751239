/// The snapshot exchanges (docs/model-protocol.md#snapshots), each within the request deadline
/// like any other (or `snapshotTimeout`, when a pool gives one): a reply that is late, malformed,
/// of another type, or a handle the model already gave, fails the process as any broken reply
/// does (the pool drops it), and the caller (the studio's live run) falls back to replaying from
/// tick 0 in a fresh process.
extension ModelProcess {
    /// A handle for the session as it stands; nil when the model does not keep snapshots, cropsim
    /// holds `WireSnapshots.maxHeld` already, or the model failed.
    func snapshot() -> Int? {
        guard snapshots, held.count < WireSnapshots.maxHeld else { return nil }
        guard let handle = snapshotExchange(.snapshot, handle: nil) else { return nil }
        guard !held.contains(handle) else {
            fail(.protocolViolation, "its reply to snapshot: handle \(handle) was given before and not released")
            return nil
        }
        held.insert(handle)
        return handle
    }

    /// Puts the session back to `handle`; false when the model failed (or the handle is not one
    /// cropsim holds, which cropsim never sends).
    func restore(_ handle: Int) -> Bool {
        guard held.contains(handle) else { return false }
        _ = snapshotExchange(.restore, handle: handle)
        return failure == nil
    }

    func release(_ handle: Int) {
        guard held.remove(handle) != nil else { return }
        _ = snapshotExchange(.release, handle: handle)
    }

    /// A new session (`open`) discards the previous one's snapshots, on both sides.
    func sessionOpened() { held.removeAll() }

    private func snapshotExchange(_ request: WireSnapshots.Request, handle: Int?) -> Int? {
        let reply = exchange(request.type, deadline: snapshotTimeout) { request.members(handle, into: &$0) }
        guard let line = reply else { return nil }
        guard lastKind == .json else {
            fail(.protocolViolation, "its reply to \(request.rawValue) must be a json frame")
            return nil
        }
        var r = WireReader(line)
        var refusal: String?
        do throws(WireError) {
            let got = try r.snapshotReply(to: request, id: answeredID, refusal: &refusal)
            if let refusal {
                fail(.errorReply, "it answered \(request.rawValue) with an error: \(refusal)")
                return nil
            }
            return got
        } catch {
            fail(
                error.violation ? .protocolViolation : .malformed, "its reply to \(request.rawValue): \(error.message)")
            return nil
        }
    }
}
