import ArgumentParser

/// `cropsim`: the avatar cropper's editor model, driven the way a finger would.
@main
struct Cropsim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cropsim",
        abstract: "Deterministic gesture simulator and property-test harness for an avatar photo cropper.",
        subcommands: [RunCommand.self, ValidateCommand.self, NewCommand.self, GeometryCommand.self, BenchCommand.self, CropCommand.self, RenderCommand.self, FuzzCommand.self, SchemaCommand.self]
    )

    /// Exit codes are part of the interface CI relies on: 0 pass, 1 a scenario or check failed,
    /// 2 bad input (arguments, files). ArgumentParser's own usage code is 64, so it is mapped here.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || error is CommandLineInputError {
                let message = fullMessage(for: error)
                if !message.isEmpty { printToStandardError(message) }
                Foundation.exit(ExitCode.badInput.rawValue)
            }
            exit(withError: error)
        }
    }
}

import Foundation

extension ExitCode {
    /// A scenario, invariant or check failed.
    static let checkFailed = ExitCode(1)
    /// Arguments or input files are unusable.
    static let badInput = ExitCode(2)
}

/// An input error found after parsing (a file, a value that contradicts another), reported like
/// a usage error: message on standard error, exit code 2.
struct CommandLineInputError: Error, CustomStringConvertible {
    var description: String
}

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
