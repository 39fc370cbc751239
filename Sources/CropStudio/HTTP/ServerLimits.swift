/// What one client may cost the studio's server: bytes, time and connections. The defaults are
/// the documented ones (docs/studio.md, "The server"); tests may shorten the times.
public struct ServerLimits: Sendable {
    /// The request line (`POST /api/input HTTP/1.1`): the page's are under 100 bytes.
    public var maxRequestLine = 8 << 10
    /// The whole head, request line and headers: a browser sends about 1 KiB.
    public var maxHead = 16 << 10
    public var maxHeaders = 64
    /// A JSON body: a second of ten fingers at 240 Hz is about 300 KiB.
    public var maxBody = 1 << 20
    /// Connections open at once, in every phase. A new one beyond it replaces a stalled one
    /// (`HTTPConnection.Stall`); when the studio is working for every one, it is refused (503).
    public var maxConnections = 64
    /// From connecting (or from the previous answer on a kept-alive connection) to a complete
    /// request head: an idle connection and a half-sent head both end here.
    public var headSeconds = 10.0
    /// From the head to the last byte of the body.
    public var bodySeconds = 10.0
    /// To send an answer to a client that does not read it.
    public var writeSeconds = 10.0

    public init() {}
}
