import ArgumentParser
import CropSim
import Foundation

/// `cropsim schema`: the scenario format's JSON Schema, generated from the same table the parser
/// reads (`Scenarios/schema.json` is this command's output; a test holds them equal).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the scenario JSON Schema (or write it with --out).",
        discussion: """
        Regenerate the committed schema with: cropsim schema --out Scenarios/schema.json
        --out writes a temporary file beside the target and renames it over, and only ever replaces a file that is \
        itself a cropsim scenario schema. Exit codes: 0 written, 2 bad --out, 3 cannot write.
        """
    )

    @Option(help: "Write the schema to this file instead of standard output.") var out: String?

    /// The cropsim schema's `$id`: a file carrying it is a previous output, safe to replace.
    static let marker = "\"$id\": \"https://cropsim.invalid/scenario.schema.json\""
    static let cannotWrite = ExitCode(3)

    func run() throws {
        let text = ScenarioSchema.text
        guard let out else {
            print(text, terminator: "")
            return
        }
        let target = URL(fileURLWithPath: out)
        guard !out.isEmpty, !out.hasSuffix("/") else { throw CommandLineInputError(description: "--out needs a file name") }
        var info = stat()
        if stat(out, &info) == 0 {
            // Only a previous output is replaced; a FIFO or device is never even opened.
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw CommandLineInputError(description: "--out \(out): exists and is not a regular file; not replacing it")
            }
            let head = (try? FileHandle(forReadingFrom: target)).flatMap { try? $0.read(upToCount: 4096) } ?? Data()
            guard String(decoding: head, as: UTF8.self).contains(Self.marker) else {
                throw CommandLineInputError(description: "--out \(out): exists and is not a cropsim scenario schema; not replacing it")
            }
        }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())").path
        if let reason = Self.write(Array(text.utf8), to: temporary) ?? (rename(temporary, target.path) == 0 ? nil : Self.reason()) {
            unlink(temporary)
            printToStandardError("error: cannot write \(out): \(reason)")
            throw Self.cannotWrite
        }
    }

    /// Writes a new file (never an existing one); the reason on failure.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return reason() }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return reason() }
            done += n
        }
        return fsync(fd) == 0 ? nil : reason()
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
