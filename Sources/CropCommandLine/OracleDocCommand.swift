import ArgumentParser
import CropFiles
import CropSpec
import Foundation

/// `cropsim oracle-doc`: the property reference, generated from the oracle's own table
/// (`docs/properties.md` is this command's output; a test holds them equal).
struct OracleDocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oracle-doc",
        abstract: "Print the oracle's property reference as Markdown (or write it with --out).",
        discussion: """
            Regenerate the committed reference with: cropsim oracle-doc --out docs/properties.md
            --out writes a temporary file beside the target and renames it over, and only ever replaces a file that is \
            itself a cropsim property reference. Exit codes: 0 written, 2 bad --out, 3 cannot write.
            """
    )

    @Option(help: "Write the reference to this file instead of standard output.") var out: String?

    func run() throws {
        let text = PropertyReference.markdown
        guard let out else {
            print(text, terminator: "")
            return
        }
        // A regular file only (OutputFile.check), and only a previous output of this command.
        try OutputFile.check(out)
        if let existing = FileManager.default.contents(atPath: out),
            !String(decoding: existing.prefix(4096), as: UTF8.self).hasPrefix(PropertyReference.marker)
        {
            throw CommandLineInputError(
                description: "--out \(out): exists and is not a cropsim property reference; not replacing it")
        }
        try OutputFile.write(Array(text.utf8), to: out)
    }
}
