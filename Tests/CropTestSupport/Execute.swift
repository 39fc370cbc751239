import Foundation
import Testing

/// What one run of a program left behind.
public struct Execution: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs `executable` with `arguments` in `directory`, standard input empty, and waits at most
/// `deadline`: a program that hangs is killed and recorded as an issue, so a test can never stall
/// the suite. Output is read through pipes while the program runs (a full pipe cannot stall it, and
/// a file-size limit set for the program does not apply to them); `stdout` or `stderr` hand the
/// program another file instead (a terminal, `/dev/full`).
public func execute(
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
        Issue.record(
            "\(executable.lastPathComponent) \(arguments.joined(separator: " ")): still running after \(deadline); killed",
            sourceLocation: sourceLocation)
    }
    return Execution(status: process.terminationStatus, stdout: outText?.text() ?? "", stderr: errText?.text() ?? "")
}

/// Reads a file descriptor to its end on a thread of its own.
public final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ descriptor: Int32) {
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

    public func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A test's setup that cannot be made: a program not built, a fixture no longer as expected.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
