import CropTestSupport
import Foundation
import Testing

/// swift-argument-parser's `AssertExecuteCommand`, for this command line's contract: runs the
/// built binary and checks its exit code; with `error`, that standard error is exactly that one
/// line; with `errorContaining`, that it is one line holding that text; with `stdout`, that
/// standard output contains it. Whatever the outcome, no Foundation error dump may reach the user.
@discardableResult
func AssertExecuteCommand(
    _ arguments: [String], executable: URL = Binaries.cropsim, in directory: URL = Repository.root,
    exitCode: Int32 = 0, error: String? = nil, errorContaining: String? = nil, stdout expected: String? = nil,
    deadline: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation
) throws -> Execution {
    let run = try execute(
        arguments, executable: executable, in: directory, deadline: deadline, sourceLocation: sourceLocation)
    let command = "\(executable.lastPathComponent) \(arguments.joined(separator: " "))"
    #expect(run.status == exitCode, "\(command)\n\(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
    if let error {
        #expect(run.stderr == error + "\n", "\(command)", sourceLocation: sourceLocation)
    }
    if let errorContaining {
        #expect(
            run.stderrLines.count == 1 && run.stderr.contains(errorContaining), "\(command)",
            sourceLocation: sourceLocation)
    }
    if let expected {
        #expect(run.stdout.contains(expected), "\(command)\n\(run.stdout.prefix(2000))", sourceLocation: sourceLocation)
    }
    #expect(
        run.stderr.firstRange(of: /NSCocoaErrorDomain|error 256|Error Domain=/) == nil,
        "a Foundation error reached standard error: \(run.stderr)", sourceLocation: sourceLocation)
    return run
}

/// `cropsim` under bash, for what only a shell sets up: `script` gets cropsim as `$0` and the
/// arguments as `$@` (`ulimit -f 1; exec "$0" "$@"`).
func underShell(_ script: String, _ arguments: [String]) -> (executable: URL, arguments: [String]) {
    (URL(fileURLWithPath: "/bin/bash"), ["-c", script, Binaries.cropsim.path] + arguments)
}

func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
