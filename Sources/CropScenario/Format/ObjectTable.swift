import CropText

/// An object of the format as one table of keys: the schema, the parser and the encoder of the
/// object all come from it.
///
/// The parser reads an object in two passes, the order its errors come in: first the shape
/// (unknown keys, missing required keys, keys that exclude each other), then each present value
/// in the table's order, which is the schema's. A value may depend on one read before it (the
/// steps' sample budget on the device's touch rate, the mirror check on the steps).
struct ObjectTable<Value>: Sendable {
    typealias Shape = @Sendable (ObjectReader) throws(ScenarioError) -> Void

    var description: String?
    let fields: [ObjectField<Value>]
    /// The fields' keys, in order: what `finish` allows, kept so a read does not make them anew.
    let keys: [String]
    /// Each key as the encoder writes it before its value (`"key": `), made once.
    let keyPrefixes: [String]
    /// The fields that must be present, or whose stand-in must.
    let demanded: [ObjectField<Value>]
    /// Schema rules no single key states (which keys exclude each other), beside `shape`, the
    /// parser's check of the same rule with a message a designer can act on.
    let rules: [(String, SchemaJSON)]
    let shape: Shape?

    init(_ fields: [ObjectField<Value>], rules: [(String, SchemaJSON)] = [], shape: Shape? = nil) {
        self.fields = fields
        keys = fields.map(\.key)
        keyPrefixes = keys.map { jsonString($0) + ": " }
        demanded = fields.filter { $0.presence != .optional }
        self.rules = rules
        self.shape = shape
    }

    init(_ description: String, _ fields: [ObjectField<Value>]) {
        self.init(fields)
        self.description = description
    }

    /// The object's schema: its keys, then for each key that stands in for others
    /// (`unless`) the choice between it and them, then the table's own rules.
    var object: ScenarioFormat.Object {
        var o = ScenarioFormat.Object(fields.map(\.property), rules: alternatives + rules)
        o.description = description
        return o
    }

    var alternatives: [(String, SchemaJSON)] {
        var groups: [(key: String, standIns: [String])] = []
        for field in fields {
            guard case .unless(let other) = field.presence else { continue }
            if let i = groups.firstIndex(where: { $0.key == other }) {
                groups[i].standIns.append(field.key)
            } else {
                groups.append((other, [field.key]))
            }
        }
        return groups.map { group in
            (
                "anyOf",
                .array([[group.key], group.standIns].map { .object([("required", .array($0.map(SchemaJSON.string)))]) })
            )
        }
    }

    /// Reads the object at `r` into `value`, shape first, then values in the table's order.
    func read(_ r: JSONReader, into value: inout Value) throws(ScenarioError) {
        try read(try r.object(), into: &value)
    }

    func read(_ o: ObjectReader, into value: inout Value) throws(ScenarioError) {
        try o.finish(allowed: keys)
        for field in demanded {
            switch field.presence {
            case .optional: continue
            case .required: if !o.has(field.key) { _ = try o.required(field.key) }
            case .unless(let other): if !o.has(other) && !o.has(field.key) { _ = try o.required(field.key) }
            }
        }
        try shape?(o)
        for i in fields.indices {
            if let v = o.optional(keys[i]) { try fields[i].parse(v, &value) }
        }
    }

    /// The members `value` states, in the table's order.
    func members(_ value: Value) -> [(String, String)] {
        var members: [(String, String)] = []
        members.reserveCapacity(fields.count)
        for i in fields.indices {
            if let text = fields[i].encode(value) { members.append((keys[i], text)) }
        }
        return members
    }

    /// `value` as one line of scenario text, `ScenarioEncoder.object`'s layout written in place:
    /// the fuzzer writes every sample of a trace through here.
    func encode(_ value: Value) -> String {
        var text = ""
        for i in fields.indices {
            guard let member = fields[i].encode(value) else { continue }
            text += text.isEmpty ? "{ " : ", "
            text += keyPrefixes[i]
            text += member
        }
        return text.isEmpty ? "{}" : text + " }"
    }
}
