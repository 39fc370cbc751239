/// A document's name and bytes, kept beside the parsed values so that an error, and only an
/// error, pays for turning a byte offset into line:column. A class: every reader shares it.
final class SourceFile: Sendable {
    let name: String
    let bytes: [UInt8]

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    func error(at offset: Int, path: String, _ message: String) -> ScenarioError {
        let at = SourceLocation(offset: offset, in: bytes)
        return ScenarioError(file: name, line: at.line, column: at.column, path: path, message: message)
    }
}

/// Typed, strict access to a `JSONValue`: every mismatch becomes a `ScenarioError` carrying the
/// file, line:column and JSON path of the offending value.
struct JSONReader {
    let value: JSONValue
    /// The path as the parent's and this value's step: boxed into a `JSONPath` only when an
    /// object or array hands out children or a message needs it, not for every value read.
    let parent: JSONPath
    let step: JSONPath.Step?
    let source: SourceFile

    init(value: JSONValue, parent: JSONPath = .root, step: JSONPath.Step? = nil, source: SourceFile) {
        self.value = value
        self.parent = parent
        self.step = step
        self.source = source
    }

    var at: JSONPath { step.map(parent.appending) ?? parent }
    var path: String { at.description }

    var file: String { source.name }
    var location: SourceLocation { SourceLocation(offset: value.offset, in: source.bytes) }

    func fail(_ message: String) -> ScenarioError { source.error(at: value.offset, path: path, message) }

    func number() throws(ScenarioError) -> Double {
        guard case .number(let n) = value.kind else { throw fail("expected a number, got \(value.typeName)") }
        return n
    }

    func number(in range: ClosedRange<Double>, _ what: String = "value") throws(ScenarioError) -> Double {
        let n = try number()
        guard range.contains(n) else {
            throw fail("\(what) must be in \(range.lowerBound)…\(range.upperBound), got \(n)")
        }
        return n
    }

    func integer(in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let n = try number()
        guard n == n.rounded(), let i = Int(exactly: n), range.contains(i) else {
            throw fail("expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(n)")
        }
        return i
    }

    func bool() throws(ScenarioError) -> Bool {
        guard case .bool(let b) = value.kind else { throw fail("expected true or false, got \(value.typeName)") }
        return b
    }

    func string() throws(ScenarioError) -> String {
        guard case .string(let s) = value.kind else { throw fail("expected a string, got \(value.typeName)") }
        return s
    }

    /// One of an enum's names; `message` replaces the standard error for any other string.
    func oneOf<T: RawRepresentable & CaseIterable>(_: T.Type, message: String? = nil) throws(ScenarioError) -> T
    where T.RawValue == String {
        let s = try string()
        guard let v = T(rawValue: s) else {
            throw fail(
                message
                    ?? "unknown value \(quoted(s)); expected one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
            )
        }
        return v
    }

    func array() throws(ScenarioError) -> [JSONReader] {
        guard case .array(let items) = value.kind else { throw fail("expected an array, got \(value.typeName)") }
        let at = self.at
        return items.enumerated().map { JSONReader(value: $1, parent: at, step: .index($0), source: source) }
    }

    func object() throws(ScenarioError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw fail("expected an object, got \(value.typeName)") }
        return ObjectReader(reader: self, members: members, at: at)
    }

    var isObject: Bool { if case .object = value.kind { true } else { false } }
    var isString: Bool { if case .string = value.kind { true } else { false } }
    var isNumber: Bool { if case .number = value.kind { true } else { false } }
}

/// An object whose keys must all be known: `finish(allowed:)` rejects the rest, naming them.
struct ObjectReader {
    let reader: JSONReader
    let members: [JSONValue.Member]
    /// The object's path, boxed once for all its members.
    let at: JSONPath

    var keys: [String] { members.map(\.key) }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func optional(_ key: String) -> JSONReader? {
        guard let m = members.first(where: { $0.key == key }) else { return nil }
        return JSONReader(value: m.value, parent: at, step: .key(key), source: reader.source)
    }

    func required(_ key: String) throws(ScenarioError) -> JSONReader {
        guard let r = optional(key) else { throw reader.fail("missing required key \"\(key)\"") }
        return r
    }

    /// Unknown keys are errors: a misspelt "duraton" must not silently become the default.
    func finish(allowed: [String]) throws(ScenarioError) {
        for m in members where !allowed.contains(m.key) {
            let suggestion =
                allowed.filter { isNear($0, m.key) }.min { editDistance($0, m.key) < editDistance($1, m.key) }
                .map { " (did you mean \"\($0)\"?)" } ?? ""
            throw reader.source.error(
                at: m.keyOffset, path: at.appending(.key(m.key)).description,
                "unknown key \(quoted(m.key))\(suggestion); allowed here: \(allowed.joined(separator: ", "))")
        }
    }
}

/// Within two edits: lengths further apart cannot be, which keeps a 10 MB key from costing
/// a 10 MB-wide distance table.
func isNear(_ a: String, _ b: String) -> Bool {
    abs(a.count - b.count) <= 2 && editDistance(a, b) <= 2
}

/// Levenshtein distance, for "did you mean" hints on misspelt keys.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = row
    }
    return previous[b.count]
}
