@testable import CropPipe
import CropTestSupport
import CropVocabulary
import Testing

/// The reference model's side of the snapshot messages (docs/model-protocol.md#snapshots), over
/// a real pipe: declared only with `--snapshots on`; a restore goes back; a released, unknown or
/// garbage handle, a snapshot before `open` and one past the cap are `error` replies, and cropsim
/// never sends a handle it does not hold.
@Suite struct SnapshotServerTests {
    static let reference = Binaries.cropsim.deletingLastPathComponent().appendingPathComponent(
        "cropsim-reference-model"
    ).path
    static let open = OpenRequest(
        source: SourceImage(storedWidth: 4032, storedHeight: 3024),
        viewport: Viewport(width: 393, height: 852, screenScale: 3), config: AvatarCropperConfig(), reduceMotion: false)

    /// A raw request's reply: the handle, or the error's message.
    static func ask(
        _ p: ModelProcess, _ request: WireSnapshots.Request, _ members: (inout WireWriter) -> Void = { _ in }
    )
        throws -> (handle: Int?, error: String?)
    {
        let reply = p.exchange(request.type, members)
        let line = try #require(reply)
        var r = WireReader(line)
        var refusal: String?
        let handle = try r.snapshotReply(to: request, id: p.answeredID, refusal: &refusal)
        return (handle, refusal)
    }

    @Test func theReferenceKeepsAndRefusesAsThePageSays() throws {
        #expect(try !ModelProcess.start(Self.reference, timeout: 5).snapshots)
        let p = try ModelProcess.start("\(Self.reference) --snapshots on", timeout: 5)
        #expect(p.snapshots)
        #expect(try Self.ask(p, .snapshot).error == "snapshot before a successful open")
        _ = try #require(p.exchange("open") { $0.open(Self.open) })
        p.sessionOpened()
        let h = try #require(p.snapshot())
        #expect(p.restore(h) && p.restore(h), "a handle stays valid after a restore")
        p.release(h)
        #expect(!p.restore(h), "cropsim does not send a handle it released")
        #expect(
            try Self.ask(p, .restore) {
                $0.raw(",\"handle\":"); $0.int(h)
            }.error == "no snapshot has handle \(h)")
        #expect(
            try Self.ask(p, .release) {
                $0.raw(",\"handle\":"); $0.int(h)
            }.error == "no snapshot has handle \(h)")
        #expect(try Self.ask(p, .restore) { $0.raw(",\"handle\":424242") }.error == "no snapshot has handle 424242")
        #expect(try Self.ask(p, .restore) { $0.raw(",\"handle\":\"x\"") }.error != nil)
        #expect(try Self.ask(p, .restore) { $0.raw(",\"handle\":-1") }.error != nil)
        #expect(try Self.ask(p, .restore).error == "a request without a handle")
        let held = (0..<WireSnapshots.maxHeld).compactMap { _ in p.snapshot() }
        #expect(Set(held).count == WireSnapshots.maxHeld)
        #expect(p.snapshot() == nil, "cropsim holds its cap")
        #expect(try Self.ask(p, .snapshot).error == "more than \(WireSnapshots.maxHeld) snapshots held")
        _ = try #require(p.exchange("open") { $0.open(Self.open) })
        p.sessionOpened()
        #expect(
            try Self.ask(p, .restore) {
                $0.raw(",\"handle\":"); $0.int(held[0])
            }.error != nil, "open discards the snapshots")
        #expect(p.failure == nil)
        p.terminate()
    }

    /// The handshake's `snapshots` must be a boolean: anything else stops the command (exit 2's
    /// message), as any broken handshake does; `false` is the same as leaving it out.
    @Test func theHandshakeFieldIsABoolean() throws {
        // The model then waits for its input to close and exits, as a model should: one that
        // slept on instead made each ending wait out `terminate`'s grace period (1 s).
        func hello(_ value: String) -> String {
            "read line; printf '%s\\n' '{\"type\":\"hello\",\"id\":0,\"protocol\":1,\"model\":{\"name\":\"x\"},\"capabilities\":[],\"snapshots\":\(value)}'; read line"
        }
        #expect(try !ModelProcess.start(hello("false"), timeout: 5).snapshots)
        for value in ["\"yes\"", "1", "null", "[true]"] {
            do {
                _ = try ModelProcess.start(hello(value), timeout: 5)
                Issue.record("snapshots: \(value) was taken")
            } catch {
                #expect(error.description.contains("not protocol version 1"), "\(value): \(error.description)")
            }
        }
    }
}
