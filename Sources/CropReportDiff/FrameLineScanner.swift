import CropPipe

/// The fast path for a `frames.jsonl` line written exactly as cropsim writes it: one pass over
/// the bytes that reads the sample and hashes each top-level field for `FrameFields`, with no
/// allocation. Reading a suite's frames through `FrameSample(line:)` and `FrameFields.split`
/// cost 260 instructions a byte (issue 36).
///
/// It accepts only a subset of JSON: no white space, no escapes, no objects inside the line,
/// numbers, strings, literals and arrays of them at most `maxDepth` deep. Anything else, and any
/// value it cannot read as exactly as `WireReader` (a number of more than 15 significant digits
/// or a large exponent goes through `WireReader` itself), makes it return nil, and the caller
/// takes the general path, which accepts or refuses the line with the same messages as before.
/// So on any line the result is the general path's, only sooner; the tests hold the two equal.
struct FrameLineScanner {
    /// One top-level member: its key's bytes (between the quotes) and the FNV-1a hashes
    /// `FrameFields` keeps of the key and of the value's bytes.
    struct Field {
        var key: Range<Int>
        var keyHash: UInt64
        var valueHash: UInt64
    }

    /// The line's members in order; kept between lines so its storage is reused.
    private(set) var fields: [Field] = []
    /// Arrays inside arrays: `touches` is two deep.
    static let maxDepth = 4

    /// The sample of `line` (without its newline), and its members in `fields`; nil when the
    /// line is not in the subset above.
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> FrameSample? {
        fields.removeAll(keepingCapacity: true)
        let n = line.count
        guard n >= 2, line[0] == UInt8(ascii: "{"), line[n - 1] == UInt8(ascii: "}") else { return nil }
        var values = FrameValues()
        var i = 1
        while true {
            guard i < n, line[i] == UInt8(ascii: "\"") else { return nil }
            let keyStart = i + 1
            guard let (keyEnd, keyHash) = Self.key(line, from: keyStart), keyEnd + 1 < n,
                line[keyEnd + 1] == UInt8(ascii: ":")
            else { return nil }
            let valueStart = keyEnd + 2
            guard let valueEnd = Self.valueEnd(line, from: valueStart, depth: 0), valueEnd < n else { return nil }
            let key = UnsafeBufferPointer(rebasing: line[keyStart..<keyEnd])
            let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
            guard values.read(key: key, value: value) else { return nil }
            fields.append(Field(key: keyStart..<keyEnd, keyHash: keyHash, valueHash: FrameFields.hash(value)))
            if line[valueEnd] == UInt8(ascii: "}") { return valueEnd == n - 1 ? values.sample : nil }
            guard line[valueEnd] == UInt8(ascii: ",") else { return nil }
            i = valueEnd + 1
        }
    }

    /// `stringEnd` for a key, with `FrameFields.hash` of its bytes in the same pass.
    static func key(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, hash: UInt64)? {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = start
        while i < line.count {
            let b = line[i]
            if b == UInt8(ascii: "\"") { return (i, h == 0 ? 1 : h) }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            h = (h ^ UInt64(b)) &* 0x100_0000_01b3
            i += 1
        }
        return nil
    }

    /// The index of the quote closing a string whose bytes start at `start`; nil at an escape,
    /// a control character or the line's end.
    static func stringEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i < line.count {
            let b = line[i]
            if b == UInt8(ascii: "\"") { return i }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// The index just past the value starting at `start`; nil when it is not in the subset.
    static func valueEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int) -> Int? {
        guard start < line.count else { return nil }
        switch line[start] {
        case UInt8(ascii: "\""): return stringEnd(line, from: start + 1).map { $0 + 1 }
        case UInt8(ascii: "t"): return literal(line, at: start, "true")
        case UInt8(ascii: "f"): return literal(line, at: start, "false")
        case UInt8(ascii: "n"): return literal(line, at: start, "null")
        case UInt8(ascii: "["): return depth < maxDepth ? arrayEnd(line, from: start + 1, depth: depth + 1) : nil
        default: return numberEnd(line, from: start)
        }
    }

    private static func arrayEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int) -> Int? {
        guard start < line.count else { return nil }
        if line[start] == UInt8(ascii: "]") { return start + 1 }
        var i = start
        while true {
            guard let end = valueEnd(line, from: i, depth: depth), end < line.count else { return nil }
            if line[end] == UInt8(ascii: "]") { return end + 1 }
            guard line[end] == UInt8(ascii: ",") else { return nil }
            i = end + 1
        }
    }

    private static func literal(_ line: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Int? {
        let n = word.utf8CodeUnitCount
        guard start + n <= line.count else { return nil }
        return FrameValues.equal(UnsafeBufferPointer(rebasing: line[start..<(start + n)]), word) ? start + n : nil
    }

    /// The end of a number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func numberEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let from = i
            while i < line.count, line[i] &- UInt8(ascii: "0") <= 9 { i += 1 }
            return i - from
        }
        if i < line.count, line[i] == UInt8(ascii: "-") { i += 1 }
        let integer = i
        let n = digits()
        guard n > 0, n == 1 || line[integer] != UInt8(ascii: "0") else { return nil }
        if i < line.count, line[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < line.count, line[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < line.count, line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        return i
    }
}
