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
        var isDirectory: ObjCBool = false
        if out.isEmpty || FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue {
            throw CommandLineInputError(description: "--out \(out.isEmpty ? "\"\"" : out): a folder or nothing; give a file name")
        }
        if let existing = try? FileHandle(forReadingFrom: target) {
            let head = (try? existing.read(upToCount: 4096)) ?? nil
            try? existing.close()
            guard let head, String(decoding: head, as: UTF8.self).contains(Self.marker) else {
                throw CommandLineInputError(description: "--out \(out): exists and is not a cropsim scenario schema; not replacing it")
            }
        }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())")
        do {
            try Data(text.utf8).write(to: temporary, options: .withoutOverwriting)
            guard rename(temporary.path, target.path) == 0 else {
                throw CommandLineInputError(description: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            printToStandardError("error: cannot write \(out): \((error as? CommandLineInputError)?.description ?? (error as NSError).localizedFailureReason ?? "write failed")")
            throw Self.cannotWrite
        }
    }
}
