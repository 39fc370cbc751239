/// A problem in a scenario file, located by file, line:column and JSON path.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// JSONPath-style, e.g. `$.steps[2].pinch.duration`.
    public var path: String
    public var message: String

    public init(file: String, line: Int, column: Int, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message` — the shape compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): \(path): \(message)" }
}
