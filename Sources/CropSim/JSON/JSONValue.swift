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
        public var keyLocation: SourceLocation
        public var value: JSONValue
    }

    public var kind: Kind
    public var location: SourceLocation

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

/// A 1-based line and column (in Unicode scalars) in a source file.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
