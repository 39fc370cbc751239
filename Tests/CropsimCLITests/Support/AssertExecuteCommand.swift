import Foundation
import Testing

/// What one run of a program left behind.
struct Execution {
    var status: Int32
    var stdout: String
    var stderr: String

    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs `executable` with `arguments` in `directory`, standard input empty, and waits at most
/// `deadline`: a command that hangs is killed and recorded as an issue, so a test can never stall
/// the suite. Output is read through pipes while the program runs (a full pipe cannot stall it, and
/// a file-size limit set for the program does not apply to them); `stdout` or `stderr` hand the
/// program another file instead (a terminal, `/dev/full`).
func execute(
    _ arguments: [String], executable: URL = Binaries.cropsim, in directory: URL = Repository.root,
    stdout: FileHandle? = nil, stderr: FileHandle? = nil, deadline: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Execution {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw FixtureError("\(executable.path) is not built: swift build (docs/testing.md)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    let out = Pipe(), err = Pipe()
    process.standardOutput = stdout ?? out
    process.standardError = stderr ?? err
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let outText = stdout == nil ? Drain(out.fileHandleForReading.fileDescriptor) : nil
    let errText = stderr == nil ? Drain(err.fileHandleForReading.fileDescriptor) : nil
    if exited.wait(timeout: .now() + Double(deadline.components.seconds)) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
        Issue.record("\(executable.lastPathComponent) \(arguments.joined(separator: " ")): still running after \(deadline); killed",
                     sourceLocation: sourceLocation)
    }
    return Execution(status: process.terminationStatus, stdout: outText?.text() ?? "", stderr: errText?.text() ?? "")
}

/// Reads a file descriptor to its end on a thread of its own.
final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        DispatchQueue.global().async { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(descriptor, &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }  // the end, or EIO: a terminal whose other side all closed
                data.append(contentsOf: buffer[..<n])
            }
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

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
    let run = try execute(arguments, executable: executable, in: directory, deadline: deadline, sourceLocation: sourceLocation)
    let command = "\(executable.lastPathComponent) \(arguments.joined(separator: " "))"
    #expect(run.status == exitCode, "\(command)\n\(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
    if let error {
        #expect(run.stderr == error + "\n", "\(command)", sourceLocation: sourceLocation)
    }
    if let errorContaining {
        #expect(run.stderrLines.count == 1 && run.stderr.contains(errorContaining), "\(command)", sourceLocation: sourceLocation)
    }
    if let expected {
        #expect(run.stdout.contains(expected), "\(command)\n\(run.stdout.prefix(2000))", sourceLocation: sourceLocation)
    }
    #expect(run.stderr.firstRange(of: /NSCocoaErrorDomain|error 256|Error Domain=/) == nil,
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
