/// One key of an object of the format, declared once: its schema, whether it must be there, how
/// the parser reads it into the object's value, and how the encoder writes it back. An
/// `ObjectTable` of these is the whole object: its schema, its parser and its encoder all walk
/// the one list, so a new key is one entry.
struct ObjectField<Value>: Sendable {
    typealias Parse = @Sendable (JSONReader, inout Value) throws(ScenarioError) -> Void
    typealias Encode = @Sendable (Value) -> String?

    /// Whether the key must be present. `unless(other)`: required when `other` is absent (an
    /// image's size, which a `file` can give instead). Presence is the object's shape, checked
    /// before any value is read.
    enum Presence: Sendable, Equatable {
        case optional, required, unless(String)
    }

    let key: String
    /// Made when asked (`cropsim schema`, the tests), not when a table is: a run only reads.
    private let makeSchema: @Sendable () -> SchemaJSON
    var schema: SchemaJSON { makeSchema() }
    let presence: Presence
    let parse: Parse
    /// The value's JSON text, nil when the value holds the format's default (the key is left out).
    let encode: Encode

    init(
        key: String, schema: @autoclosure @escaping @Sendable () -> SchemaJSON, _ presence: Presence = .optional,
        parse: @escaping Parse, encode: @escaping Encode
    ) {
        self.key = key
        makeSchema = schema
        self.presence = presence
        self.parse = parse
        self.encode = encode
    }

    var property: ScenarioFormat.Property { ScenarioFormat.key(key, schema, required: presence == .required) }

    typealias Path<T> = WritableKeyPath<Value, T> & Sendable

    // Keys that are the same kind of value differ only in where they live, their range and their
    // default. The default is read from `defaults`, a value of the type the table fills, so the
    // schema, the parser and the encoder cannot disagree with the type's own initializer.

    static func number(_ key: String, _ path: Path<Double>, _ range: ClosedRange<Double>, defaults: Value)
        -> ObjectField
    {
        let value = defaults[keyPath: path]
        return ObjectField(
            key: key, schema: ScenarioFormat.number(range, default: value),
            parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.number(in: range, key) },
            encode: { v in v[keyPath: path] == value ? nil : ScenarioEncoder.number(v[keyPath: path]) })
    }

    static func integer(_ key: String, _ path: Path<Int>, _ range: ClosedRange<Int>, defaults: Value) -> ObjectField {
        let value = defaults[keyPath: path]
        return ObjectField(
            key: key, schema: ScenarioFormat.integer(range, default: value),
            parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.integer(in: range) },
            encode: { v in v[keyPath: path] == value ? nil : "\(v[keyPath: path])" })
    }

    static func flag(_ key: String, _ path: Path<Bool>, defaults: Value) -> ObjectField {
        let value = defaults[keyPath: path]
        return ObjectField(
            key: key, schema: ScenarioFormat.boolean(default: value),
            parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.bool() },
            encode: { v in v[keyPath: path] == value ? nil : "\(v[keyPath: path])" })
    }

    /// A key whose value `read` reads and `write` writes: left out when it equals `standard`,
    /// always written when there is no standard.
    static func value<T: Equatable & Sendable>(
        _ key: String, _ path: Path<T>, _ schema: @autoclosure @escaping @Sendable () -> SchemaJSON,
        _ presence: Presence = .optional, standard: T? = nil,
        read: @escaping @Sendable (JSONReader) throws(ScenarioError) -> T, write: @escaping @Sendable (T) -> String
    ) -> ObjectField {
        ObjectField(
            key: key, schema: schema(), presence,
            parse: { r, v throws(ScenarioError) in v[keyPath: path] = try read(r) },
            encode: { v in v[keyPath: path] == standard ? nil : write(v[keyPath: path]) })
    }
}
