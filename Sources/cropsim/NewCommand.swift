import ArgumentParser
import CropSim
import Foundation

/// `cropsim new`: scaffolds a scenario a designer can edit.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a scenario file from a template."
    )

    @Argument(help: "Path below the suite folder without .json, e.g. gestures/my-pinch.") var name: String
    @Option(help: "One of: \(ScenarioTemplate.allCases.map(\.rawValue).joined(separator: ", ")).") var template: ScenarioTemplate = .pinch
    @Option(help: "Suite folder.") var dir = "Scenarios"

    func run() throws {
        let file = URL(fileURLWithPath: dir).appendingPathComponent(name + ".json")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            throw CommandLineInputError(description: "\(file.path) already exists; pick another name")
        }
        let depth = name.split(separator: "/").count - 1
        let schema = String(repeating: "../", count: depth) + "schema.json"
        let title = name.split(separator: "/").last.map(String.init) ?? name
        let text = template.text(name: title).replacingOccurrences(of: "SCHEMA", with: schema)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
        print("created \(file.path)\nedit it, then: cropsim validate \(file.path) && cropsim run \(file.path)")
    }
}

extension ScenarioTemplate: ExpressibleByArgument {}
