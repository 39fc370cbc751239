/// A parsed JSON value that remembers where it came from, so every error in a scenario file can
/// name the line and column a designer has to fix.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in file order; keys are unique (the parser rejects duplicates).
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        /// Byte offset of the key's opening quote.
        public var keyOffset: Int
        public var value: JSONValue
    }

    public var kind: Kind
    /// Byte offset of the value's first byte in the document. Only an offset is kept: line and
    /// column are computed for the one error that gets reported (`SourceLocation(offset:in:)`).
    public var offset: Int

    /// A short name of the value's type for error messages ("a number", "an object").
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
