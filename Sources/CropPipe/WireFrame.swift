/// Protocol version 2's framing (docs/model-protocol.md#version-2-binary): every message is a
/// frame — a magic byte, a kind, a payload length (u32, little-endian) and the payload. The hot
/// messages (a `step`'s ops, a `stepped` reply's results) are binary; every other message is
/// version 1's JSON object inside a frame of kind `json`.
public enum WireFrame {
    /// The first byte of every frame: not `{`, so a model that offered version 2 tells cropsim's
    /// choice from the first byte after the handshake, and not a byte that starts UTF-8 text.
    public static let magic: UInt8 = 0xB2
    /// Magic, kind and length.
    public static let headerSize = 6
    /// The longest payload, so that a whole frame stays within version 1's 16 MiB line bound.
    public static let maxPayload = (16 << 20) - headerSize

    public enum Kind: UInt8, Sendable {
        /// A version-1 JSON message (any request or reply but the two below).
        case json = 0x4A  // J
        /// cropsim's `step`: id, op count, binary ops.
        case step = 0x53  // S
        /// The model's `stepped`: id, result count, binary results.
        case stepped = 0x52  // R
    }

    /// A frame's header from the bytes of `b` at `i` and after: its kind and payload length, nil
    /// while fewer than `headerSize` bytes are in, or why the bytes are no frame. Each byte is
    /// checked as soon as it is in, before the payload is waited for: garbage or an absurd
    /// length is said at once, not after the deadline.
    public static func header(_ b: [UInt8], at i: Int) throws(WireError) -> (kind: Kind, length: Int)? {
        let available = b.count - i
        guard available >= 1 else { return nil }
        guard b[i] == magic else { throw WireError("a frame must start with byte 0xB2, got 0x\(hex(b[i]))") }
        guard available >= 2 else { return nil }
        guard let kind = Kind(rawValue: b[i + 1]) else { throw WireError("unknown frame kind 0x\(hex(b[i + 1]))") }
        guard available >= headerSize else { return nil }
        let length = Int(b[i + 2]) | Int(b[i + 3]) << 8 | Int(b[i + 4]) << 16 | Int(b[i + 5]) << 24
        guard length <= maxPayload else { throw WireError("a frame of \(length) bytes, more than the 16 MiB bound") }
        return (kind, length)
    }

    static func hex(_ b: UInt8) -> String {
        b < 16 ? "0" + String(b, radix: 16, uppercase: true) : String(b, radix: 16, uppercase: true)
    }
}

extension WireWriter {
    /// Starts a frame of `kind`; `endLength(at:)` with the returned mark writes its length.
    public mutating func beginFrame(_ kind: WireFrame.Kind) -> Int {
        byte(WireFrame.magic)
        byte(kind.rawValue)
        return beginLength()
    }

    /// Writes a u32 length to be filled in by `endLength(at:)` with the returned mark.
    public mutating func beginLength() -> Int {
        u32(0)
        return count
    }

    /// Writes the length of what was written since `mark` into the u32 before it.
    public mutating func endLength(at mark: Int) {
        let length = UInt32(count - mark).littleEndian
        withUnsafeBytes(of: length) { bytes.replaceSubrange(mark - 4..<mark, with: $0) }
    }

    public mutating func u32(_ n: UInt32) { withUnsafeBytes(of: n.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u64(_ n: UInt64) { withUnsafeBytes(of: n.littleEndian) { bytes.append(contentsOf: $0) } }
    /// A double as its 8 IEEE-754 bytes, little-endian: NaN and the infinities as they are.
    public mutating func f64(_ x: Double) { u64(x.bitPattern) }
}

/// Reads a binary payload: every read is bounds-checked, and running past the end is a
/// `malformed` reply ("truncated"), never a read outside it.
public struct BinaryReader {
    let bytes: [UInt8]
    public private(set) var i: Int
    let end: Int

    public init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        i = start
        self.end = end ?? bytes.count
    }

    init(_ line: WireLine) { self.init(line.terminated, to: line.count) }

    public var atEnd: Bool { i == end }
    public var remaining: Int { end - i }

    // The reads are always inlined, their refusal never: a reply has a dozen reads a tick.
    @inline(__always) private mutating func need(_ n: Int, _ what: StaticString) throws(WireError) {
        if end - i < n { throw truncated(n, what) }
    }

    @inline(never) private func truncated(_ n: Int, _ what: StaticString) -> WireError {
        WireError("at byte \(i): truncated: \(what) needs \(n) bytes, \(end - i) left")
    }

    @inline(__always) public mutating func u8() throws(WireError) -> UInt8 {
        try need(1, "a byte")
        defer { i += 1 }
        return bytes[i]
    }

    @inline(__always) public mutating func u32() throws(WireError) -> UInt32 {
        try need(4, "a u32")
        defer { i += 4 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian }
    }

    @inline(__always) public mutating func u64() throws(WireError) -> UInt64 {
        try need(8, "a u64")
        defer { i += 8 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian }
    }

    /// A double. Any NaN reads as the one NaN (`.nan`), as version 1's `"NaN"` does: its sign and
    /// payload carry nothing in the protocol, and no payload must pass for cropsim's own
    /// placeholder of a field never reported (`ModelState.missing`).
    @inline(__always) public mutating func f64() throws(WireError) -> Double {
        let x = Double(bitPattern: try u64())
        return x.isNaN ? .nan : x
    }

    /// 0 or 1; any other byte is a protocol violation.
    public mutating func bool() throws(WireError) -> Bool {
        let at = i
        switch try u8() {
        case 0: return false
        case 1: return true
        case let b: throw WireError("at byte \(at): a flag must be 0 or 1, got \(b)", violation: true)
        }
    }

    /// A length-prefixed JSON object (u32 length, then the object), as a line for `WireReader`.
    mutating func json() throws(WireError) -> WireLine {
        let n = Int(try u32())
        try need(n, "the JSON part")
        defer { i += n }
        return bytes.withUnsafeBytes { WireLine(UnsafeRawBufferPointer(rebasing: $0[i..<i + n])) }
    }
}
