import ArgumentParser
import CropFiles
import CropScenario
import CropSim
import CropVocabulary
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

    func run() throws {
        let text = ScenarioSchema.text
        guard let out else {
            print(text, terminator: "")
            return
        }
        // A regular file only (OutputFile.check), and only a previous output of this command.
        try OutputFile.check(out)
        if let existing = FileManager.default.contents(atPath: out),
            !String(decoding: existing.prefix(4096), as: UTF8.self).contains(Self.marker)
        {
            throw CommandLineInputError(
                description: "--out \(out): exists and is not a cropsim scenario schema; not replacing it")
        }
        try OutputFile.write(Array(text.utf8), to: out)
    }
}
