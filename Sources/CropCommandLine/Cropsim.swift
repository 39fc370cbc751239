import ArgumentParser
import CropBuild
import CropFiles
import CropText
@preconcurrency import Glibc  // `stdout`, read once at exit on the main thread

/// `cropsim`: the avatar cropper's editor model, driven the way a finger would.
@main
struct Cropsim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cropsim",
        abstract: "Deterministic gesture simulator and property-test harness for an avatar photo cropper.",
        discussion: ExitStatus.help,
        version: "cropsim \(BuildInfo.current)",
        subcommands: [
            RunCommand.self, ValidateCommand.self, NewCommand.self, GeometryCommand.self, BenchCommand.self,
            CropCommand.self, RenderCommand.self, FuzzCommand.self, SchemaCommand.self, OracleDocCommand.self,
            PhotosCommand.self, ReportCommand.self, StudioCommand.self
        ]
    )

    static func main() {
        var status: Int32 = 0
        do {
            var command = try parseAsRoot(arguments())
            // No output replaces an input (`InputFiles`), except in the studio, whose page saves
            // over the scenario it opened when asked to, and which runs for hours.
            if !(command is StudioCommand) { InputFiles.enable() }
            try command.run()
        } catch {
            status = exitStatus(for: error)
        }
        // A table or summary that never reached its file (`> /dev/full`) is an I/O failure too.
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            printToStandardError("error: standard output: cannot write: \(String(cString: strerror(errno)))")
            status = max(status, ExitCode.environment.rawValue)
        }
        Foundation.exit(status)
    }

    /// Prints the one-line message for `error` and returns its code under the contract
    /// (`ExitStatus`). ArgumentParser's own usage code (64) becomes 2; an error nobody
    /// anticipated is taken for the environment's (3) and printed as one line, never as a
    /// Foundation error dump. Every message is escaped (`shownText`) whatever built it: an error
    /// quotes its input, and no input may drive the terminal or add a line.
    static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case let code as ExitCode:
            return code.rawValue
        case let e as CommandLineInputError:
            printToStandardError("error: \(shownText("\(e)"))")
            return ExitCode.badInput.rawValue
        case let e as OutputError:
            printToStandardError("error: \(shownText("\(e)"))")
            return e.kind == .refused ? ExitCode.badInput.rawValue : ExitCode.environment.rawValue
        case let e as EnvironmentError:
            printToStandardError("error: \(shownText("\(e)"))")
            return ExitCode.environment.rawValue
        default:
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // --help, --version
            if code == .validationFailure {
                printToStandardError("error: \(shownText(oneLine(message(for: error))))")
                return ExitCode.badInput.rawValue
            }
            printToStandardError("error: \(shownText(oneLine(message(for: error))))")
            return ExitCode.environment.rawValue
        }
    }

    /// The arguments as path text (`PathText`): `CommandLine.arguments` replaces each byte that
    /// is not UTF-8 with U+FFFD, so a photo named in Latin-1 could never be opened; here such a
    /// byte (or a control character) becomes `\xNN`, which every open turns back into the byte.
    static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let pointer = CommandLine.unsafeArgv[i] else { return "" }
            return PathText.escape(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "unknown error"
    }
}

import CropSim
import CropVocabulary
import Foundation

extension ExitCode {
    /// A scenario, invariant or check failed.
    static let checkFailed = ExitCode(1)
    /// Arguments or input files are unusable.
    static let badInput = ExitCode(2)
    /// The environment failed us: an output could not be written (permissions, disk full).
    static let environment = ExitCode(3)
}

/// The exit-code contract, as every command's `--help` states it.
enum ExitStatus {
    static let help = """
        Exit codes: 0 passed; 1 a scenario or check failed; 2 bad input or usage (nothing was \
        written); 3 environment or I/O failure (an output could not be written). When several \
        apply, the highest wins. Every error is one line on standard error naming the path.
        """
}

/// An input error found after parsing (a file, a value that contradicts another), reported like
/// a usage error: message on standard error, exit code 2.
struct CommandLineInputError: Error, CustomStringConvertible {
    var description: String
}

/// The environment failed (an output could not be written): exit code 3.
struct EnvironmentError: Error, CustomStringConvertible {
    var description: String
}

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
