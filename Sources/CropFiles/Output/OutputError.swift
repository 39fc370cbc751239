import Foundation

/// Why an output (report folder, JUnit file, avatar, saved find) was not written, as one line
/// that names the path. The two kinds map onto the command line's exit codes: a path the user
/// should not have given is refused before anything is written (2); a path that could not be
/// written to is an environment failure (3).
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The path is not ours to write (a file where a folder belongs, a folder cropsim did
        /// not write, the working directory): bad input.
        case refused
        /// The system would not let us write it (permissions, disk full, read-only).
        case failed
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    package static func refused(_ path: String, _ why: String) -> OutputError {
        OutputError(.refused, "\(quoted(path)): \(why)")
    }

    /// `path: cannot <action>: <strerror(code)>`.
    package static func failed(_ path: String, _ action: String, errno code: Int32 = errno) -> OutputError {
        OutputError(.failed, "\(quoted(path)): cannot \(action): \(String(cString: strerror(code)))")
    }

    /// An empty path would vanish from the message; show it as `""`.
    static func quoted(_ path: String) -> String { path.isEmpty ? "\"\"" : path }
}
