/// An input the editor cannot open with, naming the field so the caller can point at it.
public struct InvalidInput: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field) \(reason)" }
}
