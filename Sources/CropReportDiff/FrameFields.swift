/// Each `frames.jsonl` line's top-level fields as a 64-bit hash of their value's bytes, so the
/// diff can name the fields two runs' frames differ in ("sliderPercent", "engaged") without
/// holding the lines: a few hundred bytes a frame where the lines themselves cost kilobytes. The
/// exact comparison stays `LineDigest`'s; a hash only says which field to blame.
public struct FrameFields: Equatable, Sendable {
    /// The field names in the order first met; the rows' columns.
    public private(set) var names: [String] = []
    /// One row a frame, in the log's order: each field's hash, 0 where the line lacks it.
    public private(set) var rows: [[UInt64]] = []
    private var index: [String: Int] = [:]
    /// Columns by the hash of a key's bytes, for the first `4 × maxNames` distinct keys: a hostile
    /// log of ever-new keys cannot grow it, its keys only cost a String each.
    private var byKeyHash: [UInt64: Int] = [:]
    /// The columns of the last scanned line's keys by position (`add(_:of:)`), at most one a
    /// position the lines have.
    private var recent: [(keyHash: UInt64, column: Int)] = []
    /// The columns of the line being added, kept for its storage.
    private var scratch: [Int] = []

    /// More distinct names than any frame cropsim writes (about 25): the rest share one column,
    /// so a hostile log cannot grow the table past `maxNames` columns.
    public static let maxNames = 48
    static let otherName = "other fields"

    public init() {}

    /// Two tables are equal when they hold the same columns and rows; the lookups that built
    /// them do not count.
    public static func == (a: FrameFields, b: FrameFields) -> Bool { a.names == b.names && a.rows == b.rows }

    /// Fields of the samples built in code (tests): their Swift descriptions stand for the bytes.
    public init(samples: [FrameSample]) {
        for s in samples {
            add(
                [
                    ("scale", "\(s.scale)"), ("tx", "\(s.tx)"), ("ty", "\(s.ty)"), ("angle", "\(s.angle)"),
                    ("viewWidth", "\(s.viewWidth)"), ("viewHeight", "\(s.viewHeight)"),
                    ("maskDiameter", "\(s.maskDiameter)"),
                    ("gridVisible", "\(s.gridVisible)"), ("instructionVisible", "\(s.instructionVisible)"),
                    ("touches", "\(s.touchPoints)")
                ]
                .map { ($0.0, Self.hash(Array($0.1.utf8)[...])) })
        }
    }

    /// Adds one line, already read as a frame cropsim writes (so its JSON is well formed). A key
    /// is looked up by its bytes' hash, so a String is made once per name, not once per line.
    mutating func add(line: [UInt8]) {
        var row: [UInt64] = []
        for field in Self.split(line) {
            let keyHash = Self.hash(field.key)
            let c: Int
            if let known = byKeyHash[keyHash] {
                c = known
            } else {
                c = column(for: String(decoding: field.key, as: UTF8.self))
                if byKeyHash.count < 4 * Self.maxNames { byKeyHash[keyHash] = c }
            }
            put(Self.hash(field.value), at: c, in: &row)
        }
        rows.append(row)
    }

    /// Adds one line `FrameLineScanner` read, with the same columns and hashes `add(line:)`
    /// gives it. Lines list their keys in the same order, so a key whose hash sits where it sat
    /// in the line before takes that line's column without a lookup; only a column recorded in
    /// `byKeyHash` is remembered so, where `add(line:)` would find the same one.
    mutating func add(_ fields: [FrameLineScanner.Field], of line: UnsafeBufferPointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        for (n, field) in fields.enumerated() { scratch.append(column(n, of: field, in: line)) }
        // The row at its final length at once: `put` would grow it a column at a time.
        var row = [UInt64](repeating: 0, count: (scratch.max() ?? -1) + 1)
        for (field, c) in zip(fields, scratch) { put(field.valueHash, at: c, in: &row) }
        rows.append(row)
    }

    /// The column of the `n`th member of a scanned line.
    private mutating func column(_ n: Int, of field: FrameLineScanner.Field, in line: UnsafeBufferPointer<UInt8>) -> Int
    {
        if n < recent.count, recent[n].keyHash == field.keyHash { return recent[n].column }
        let c: Int
        if let known = byKeyHash[field.keyHash] {
            c = known
        } else {
            c = column(for: String(decoding: UnsafeBufferPointer(rebasing: line[field.key]), as: UTF8.self))
            if byKeyHash.count < 4 * Self.maxNames { byKeyHash[field.keyHash] = c }
        }
        if byKeyHash[field.keyHash] == c {
            if n < recent.count {
                recent[n] = (field.keyHash, c)
            } else if n == recent.count {
                recent.append((field.keyHash, c))
            }
        }
        return c
    }

    private mutating func add(_ fields: [(String, UInt64)]) {
        var row: [UInt64] = []
        for (name, hash) in fields { put(hash, at: column(for: name), in: &row) }
        rows.append(row)
    }

    /// Sets column `c` of `row`; a name met twice in a line (or several in "other fields") mixes in.
    private func put(_ hash: UInt64, at c: Int, in row: inout [UInt64]) {
        if row.count <= c { row += [UInt64](repeating: 0, count: c + 1 - row.count) }
        row[c] = row[c] == 0 ? hash : (row[c] &* 31) &+ hash
    }

    private mutating func column(for name: String) -> Int {
        if let c = index[name] { return c }
        let kept = names.count < Self.maxNames - 1 ? name : Self.otherName
        if let c = index[kept] { return c }
        names.append(kept)
        index[kept] = names.count - 1
        return names.count - 1
    }

    /// The value of `name` in row `i` (0 when absent).
    func value(_ name: String, row i: Int) -> UInt64 {
        guard let c = index[name], rows.indices.contains(i), rows[i].indices.contains(c) else { return 0 }
        return rows[i][c]
    }

    /// The names whose values differ between row `i` here and row `j` of `other`.
    func differing(row i: Int, _ other: FrameFields, row j: Int) -> [String] {
        Set(names + other.names).filter { value($0, row: i) != other.value($0, row: j) }.sorted()
    }

    /// FNV-1a over the bytes, never 0 (0 marks a missing field).
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer(hash)
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h == 0 ? 1 : h
    }

    /// A flat JSON object's top-level members: each key's bytes (without quotes) and its value's.
    static func split(_ line: [UInt8]) -> [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] {
        var out: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        var depth = 0, inString = false, escaped = false
        var keyStart = -1, keyEnd = -1, valueStart = -1
        for (i, b) in line.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if b == 0x5C {
                    escaped = true
                } else if b == 0x22 {
                    inString = false
                    if depth == 1 && valueStart < 0 { keyEnd = i }
                }
                continue
            }
            switch b {
            case 0x22:
                inString = true
                if depth == 1 && valueStart < 0 && keyStart < 0 { keyStart = i + 1 }
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                if depth == 1, keyStart >= 0, keyEnd >= keyStart, valueStart >= 0 {
                    out.append((line[keyStart..<keyEnd], line[valueStart..<i]))
                }
                depth -= 1
            case 0x3A where depth == 1 && valueStart < 0: valueStart = i + 1
            case 0x2C where depth == 1:
                if keyStart >= 0, keyEnd >= keyStart, valueStart >= 0 {
                    out.append((line[keyStart..<keyEnd], line[valueStart..<i]))
                }
                keyStart = -1; keyEnd = -1; valueStart = -1
            default: break
            }
        }
        return out
    }
}
