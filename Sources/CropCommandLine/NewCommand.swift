import ArgumentParser
import CropFiles
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// `cropsim new`: scaffolds a scenario a designer can edit.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a scenario file from a template.",
        discussion: """
            NAME is a path below the suite folder: non-empty parts of letters, digits, '-', '_' \
            and '.', not starting with '.', so the file stays inside --dir; a group folder that is a \
            symbolic link is refused. An existing file is never replaced.

            """ + ExitStatus.help
    )

    @Argument(help: "Path below the suite folder without .json, e.g. gestures/my-pinch.") var name: String
    @Option(help: "One of: \(ScenarioTemplate.allCases.map(\.rawValue).joined(separator: ", ")).") var template:
        ScenarioTemplate = .pinch
    @Option(help: "Suite folder.") var dir = "Scenarios"

    func validate() throws {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !name.isEmpty, name.utf8.count <= 200,
            parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && $0.allSatisfy(allowed.contains) })
        else {
            throw ValidationError(
                "\"\(name)\" is not a scenario name: use parts like gestures/my-pinch (letters, digits, - _ ., no leading '.', no '..', not absolute)"
            )
        }
        guard !dir.isEmpty else { throw ValidationError("--dir is empty") }
    }

    func run() throws {
        var root = dir
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        let file = (root == "/" ? "" : root) + "/" + name + ".json"
        let depth = name.split(separator: "/").count - 1
        let schema = String(repeating: "../", count: depth) + "schema.json"
        let title = name.split(separator: "/").last.map(String.init) ?? name
        let text = template.text(name: title, schema: schema)
        // The groups below --dir must be real folders: a group that is a symbolic link would put
        // the file outside the suite.
        try Folders.make(root, shownAs: file)
        guard try OutputFile.create(Array(text.utf8), at: file, inside: root) else {
            throw CommandLineInputError(description: "\(file) already exists; pick another name")
        }
        print("created \(file)\nedit it, then: cropsim validate \(file) && cropsim run \(file)")
    }
}

extension ScenarioTemplate: ExpressibleByArgument {}
