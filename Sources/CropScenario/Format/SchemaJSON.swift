import CropText

/// An ordered JSON value for writing the schema: keys stay in the order the format declares
/// them, and the text is byte-stable (two-space indent, one key per line, `\n` at the end).
public indirect enum SchemaJSON: Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    public var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        case .string(let s): out += jsonString(s)
        case .array(let items) where items.isEmpty: out += "[]"
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where members.isEmpty: out += "{}"
        case .object(let members):
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += inner + jsonString(key) + ": "
                value.write(into: &out, indent: inner)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
