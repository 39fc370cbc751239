/// One optional key of a setup object (`config`, …), declared once: its schema, how the parser
/// reads it into the object's value, and how the encoder writes it back. The object's schema,
/// its parser and its encoder all walk one table of these, as they walk `ExpectationField.all`
/// for `expect`, so a new key is one entry in the table.
struct ObjectField<Value>: Sendable {
    typealias Parse = @Sendable (JSONReader, inout Value) throws(ScenarioError) -> Void
    typealias Encode = @Sendable (Value) -> String?

    let key: String
    let schema: SchemaJSON
    let parse: Parse
    /// The value's JSON text, nil when the value holds the format's default (the key is left out).
    let encode: Encode

    var property: ScenarioFormat.Property { ScenarioFormat.key(key, schema) }

    typealias Path<T> = WritableKeyPath<Value, T> & Sendable

    // Keys that are the same kind of value differ only in where they live, their range and their
    // default. The default is read from `defaults`, a value of the type the table fills, so the
    // schema, the parser and the encoder cannot disagree with the type's own initializer.

    static func number(_ key: String, _ path: Path<Double>, _ range: ClosedRange<Double>, defaults: Value) -> ObjectField {
        let value = defaults[keyPath: path]
        return ObjectField(key: key, schema: ScenarioFormat.number(range, default: value),
                           parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.number(in: range, key) },
                           encode: { v in v[keyPath: path] == value ? nil : ScenarioEncoder.number(v[keyPath: path]) })
    }

    static func integer(_ key: String, _ path: Path<Int>, _ range: ClosedRange<Int>, defaults: Value) -> ObjectField {
        let value = defaults[keyPath: path]
        return ObjectField(key: key, schema: ScenarioFormat.integer(range, default: value),
                           parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.integer(in: range) },
                           encode: { v in v[keyPath: path] == value ? nil : "\(v[keyPath: path])" })
    }

    static func flag(_ key: String, _ path: Path<Bool>, defaults: Value) -> ObjectField {
        let value = defaults[keyPath: path]
        return ObjectField(key: key, schema: ScenarioFormat.boolean(default: value),
                           parse: { r, v throws(ScenarioError) in v[keyPath: path] = try r.bool() },
                           encode: { v in v[keyPath: path] == value ? nil : "\(v[keyPath: path])" })
    }
}

extension Array {
    /// Reads every key of the table that `o` states into `value`, in the table's order.
    func read<Value>(_ o: ObjectReader, into value: inout Value) throws(ScenarioError) where Element == ObjectField<Value> {
        for field in self {
            if let v = o.optional(field.key) { try field.parse(v, &value) }
        }
    }

    /// The members `value` states, in the table's order.
    func members<Value>(_ value: Value) -> [(String, String)] where Element == ObjectField<Value> {
        compactMap { field in field.encode(value).map { (field.key, $0) } }
    }
}
