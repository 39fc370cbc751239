import ArgumentParser
import CropPhotos
import CropScenario
import CropSim
import CropText
import CropVocabulary

/// `cropsim validate`: parses scenario files without running them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files without running them (exit code 2 on the first invalid file).",
        discussion: ExitStatus.help
    )

    @Argument(help: "Scenario files or folders.") var paths: [String] = ["Scenarios"]

    func run() throws {
        let loaded = ScenarioLoader.load(paths)
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        let errors = loaded.errors + photos.errors
        for e in errors { printToStandardError("error: \(shownText("\(e)"))") }
        guard errors.isEmpty else { throw ExitCode.badInput }
        for s in loaded.scenarios.sorted(by: { $0.id < $1.id }) { print("ok  \(s.file)") }
        print("\(loaded.scenarios.count) scenario files valid")
    }
}
