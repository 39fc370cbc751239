/// The optional snapshot messages (docs/model-protocol.md#snapshots), declared once: what
/// cropsim writes, the reply each expects and how a reply is read. A model declares them in its
/// handshake (`"snapshots":true`); one that does not is never sent them, and sees only the
/// other requests of docs/model-protocol.md.
///
/// Why: the studio keeps one model process per recording between batches and goes back to a
/// snapshot before a late sample or a provisional lift, as it does with copies of an editor in
/// this process, so a batch costs what it adds instead of a replay from tick 0 (docs/studio.md).
public enum WireSnapshots {
    /// The handshake member by which a model declares the messages.
    public static let handshakeField: StaticString = "snapshots"

    /// The most snapshots cropsim holds in one process at a time: the studio's 16 checkpoints,
    /// the live run's own around a provisional lift, and room to spare. A model may count on it
    /// (and refuse more with an `error` reply).
    public static let maxHeld = 24

    /// The largest handle a model may give: a JSON integer every language reads exactly.
    public static let maxHandle = Int(Int32.max)

    /// A request and the reply type it expects.
    public enum Request: String, CaseIterable, Sendable {
        /// Keep the whole session as it stands after the last reply; answered with a new handle.
        case snapshot
        /// Put the session back as it stood when `handle` was taken; the handle stays valid.
        case restore
        /// Forget `handle`; it is never sent again.
        case release

        /// The request's `type`, as the writer takes it.
        public var type: StaticString {
            switch self {
            case .snapshot: "snapshot"
            case .restore: "restore"
            case .release: "release"
            }
        }

        public var reply: String {
            switch self {
            case .snapshot: "snapshotted"
            case .restore: "restored"
            case .release: "released"
            }
        }

        /// The request's members after `type` and `id`.
        public func members(_ handle: Int?, into w: inout WireWriter) {
            guard self != .snapshot, let handle else { return }
            w.raw(",\"handle\":")
            w.int(handle)
        }
    }
}

/// A model that can keep and restore its whole session (a process that declared the snapshot
/// messages). The calls act on the session as it stands after the last answered op, so the caller
/// judges everything queued first.
public protocol SessionSnapshots {
    /// Whether the model declared the messages.
    var keepsSnapshots: Bool { get }
    /// A handle for the session as it stands, or nil (the model failed, or cropsim holds its cap).
    func snapshot() -> Int?
    /// Puts the session back to `handle`; false when the model failed.
    func restore(_ handle: Int) -> Bool
    /// Lets the model forget `handle`.
    func release(_ handle: Int)
}

extension WireReader {
    /// A reply to a snapshot request: `type` must be the one `request` expects, `id` the
    /// request's, and `handle` (a snapshot's reply only) a fresh integer in 0…`maxHandle`.
    /// Returns the handle for `snapshot`, nil for the others; `error` replies are returned as
    /// their message in `refusal`.
    public mutating func snapshotReply(
        to request: WireSnapshots.Request, id expected: Int,
        refusal: inout String?
    ) throws(WireError) -> Int? {
        var type = "", handle: Int?, message: String?
        try beginObject()
        while let key = try nextKey() {
            if key.is("type") {
                type = try string()
            } else if key.is("id") {
                let id = try int(in: 0...Int.max)
                if id != expected { throw WireError("a reply with id \(id) to request \(expected)", violation: true) }
            } else if key.is("handle"), request == .snapshot {
                handle = try int(in: 0...WireSnapshots.maxHandle)
            } else if key.is("message") {
                message = try string()
            } else if key.is("code") {
                _ = try number()
            } else {
                throw WireError("a \(request.reply) reply has no field \"\(key.name)\"", violation: true)
            }
        }
        try end()
        if type == "error" {
            refusal = message ?? ""
            return nil
        }
        guard type == request.reply else {
            throw WireError("expected \(request.reply), got \"\(type)\"", violation: true)
        }
        if request == .snapshot, handle == nil {
            throw WireError("a snapshotted reply needs a handle", violation: true)
        }
        return handle
    }
}
