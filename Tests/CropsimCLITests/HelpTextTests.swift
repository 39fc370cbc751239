import ArgumentParser
import CropTestSupport
@testable import CropCommandLine
import Foundation
import Testing

/// Every command's `--help`, word for word, as swift-argument-parser's `AssertHelp` pins it: the
/// help carries the exit-code contract and every flag's meaning, so a change to either shows up
/// in review as a change to `Tests/Fixtures/help/`. After an intended change, rewrite the files
/// with `CROPSIM_RECORD_HELP=1 swift test --filter HelpTextTests` and read the diff.
@Suite struct HelpTextTests {
    static let folder = Repository.url("Tests/Fixtures/help")

    /// Every command below the root, with its path of names (`fuzz merge`).
    static var commands: [(path: [String], type: ParsableCommand.Type)] {
        func walk(_ type: ParsableCommand.Type, _ path: [String]) -> [(path: [String], type: ParsableCommand.Type)] {
            [(path, type)]
                + type.configuration.subcommands.flatMap { sub in
                    walk(sub, path + [sub.configuration.commandName ?? "\(sub)"])
                }
        }
        return walk(Cropsim.self, ["cropsim"])
    }

    @Test func everyCommandsHelpIsItsGoldenFile() throws {
        let record = ProcessInfo.processInfo.environment["CROPSIM_RECORD_HELP"] == "1"
        for (path, type) in Self.commands {
            let help = Cropsim.helpMessage(for: type, columns: 100) + "\n"
            let file = Self.folder.appendingPathComponent(path.joined(separator: "-") + ".txt")
            if record { try Data(help.utf8).write(to: file, options: .atomic) }
            let golden = try String(contentsOf: file, encoding: .utf8)
            #expect(help == golden, "\(path.joined(separator: " ")) --help differs from \(file.lastPathComponent)")
        }
    }

    /// No golden file is left over from a command that is gone.
    @Test func everyGoldenFileIsACommand() throws {
        let names = Set(Self.commands.map { $0.path.joined(separator: "-") + ".txt" })
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        #expect(Set(files) == names)
    }

    /// Every command that does something (not a group of subcommands) states its exit codes.
    @Test func everyLeafCommandStatesItsExitCodes() {
        for (path, type) in Self.commands where type.configuration.subcommands.isEmpty || type == FuzzCommand.self {
            #expect(
                Cropsim.helpMessage(for: type, columns: 100).contains("Exit codes"), "\(path.joined(separator: " "))")
        }
    }

    /// The root's help states the exit codes every command keeps (README, docs/testing.md).
    @Test func theRootHelpStatesTheExitCodes() {
        let help = Cropsim.helpMessage(columns: 100).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in ["0 passed", "1 a scenario or check failed", "2 bad input or usage", "3 environment or I/O failure"]
        {
            #expect(help.contains(code), "\(code)")
        }
    }
}
