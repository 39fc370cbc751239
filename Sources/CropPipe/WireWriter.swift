import CropText

/// Writes one protocol message as JSON bytes (docs/model-protocol.md): numbers in the shortest
/// form that reads back as the same double, non-finite numbers as the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"`. The caller places commas; strings are escaped, keys are the
/// protocol's own names and written as they are.
public struct WireWriter {
    public internal(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func byte(_ b: UInt8) { bytes.append(b) }

    public mutating func append(_ other: WireWriter) { bytes += other.bytes }

    /// `"name":`
    public mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `,"name":` or `"name":` for the first member (`first` is cleared).
    public mutating func member(_ name: StaticString, first: inout Bool) {
        if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
        key(name)
    }

    public mutating func number(_ x: Double) {
        if x.isFinite {
            // The shortest round-trip form ("0.1", "1e-05", "-0.0"), all valid JSON: `write(to:)`
            // spells it as `description` does, into a buffer on the stack rather than a `String`
            // (on the heap past 15 bytes, as most numbers with 16–17 digits are).
            x.write(to: &self)
        } else if x.isNaN {
            raw("\"NaN\"")
        } else {
            raw(x > 0 ? "\"Infinity\"" : "\"-Infinity\"")
        }
    }

    public mutating func int(_ n: Int) {
        if n >= 0 && n < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(n))
        } else {
            bytes.append(contentsOf: String(n).utf8)
        }
    }
    public mutating func bool(_ b: Bool) { raw(b ? "true" : "false") }

    /// `s` escaped as every JSON string cropsim writes is (CropText's `appendJSONString`).
    public mutating func string(_ s: String) { appendJSONString(s, to: &bytes) }

    public mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        raw("{\"x\":"); number(x)
        raw(",\"y\":"); number(y)
        raw(",\"width\":"); number(width)
        raw(",\"height\":"); number(height)
        byte(UInt8(ascii: "}"))
    }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public var count: Int { bytes.count }

    /// Drops everything written after the first `count` bytes.
    public mutating func truncate(to count: Int) { bytes.removeLast(bytes.count - count) }
}

/// So that `Double.write(to:)` formats into the message: the standard library hands a finite
/// number's ASCII to `_writeASCII` straight from its stack buffer.
extension WireWriter: TextOutputStream {
    public mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
