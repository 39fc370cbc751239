import ArgumentParser
import CropFiles
import CropPipe
import CropScenario
import CropSim
import CropText

/// `--model`: the editor a command drives — the reference editor by default, or a team's own
/// behind the model protocol (docs/model-protocol.md), started as a process.
struct ModelOptions: ParsableArguments {
    @Option(
        name: .customLong("model"),
        help: ArgumentHelp(
            "Drive this editor instead of the reference one: a command (run by /bin/sh) that speaks the model protocol.",
            valueName: "command"))
    var command: String?
    @Option(help: "Seconds a model process has to answer one request, 0.05…600.") var modelTimeout = 5.0

    func validate() throws {
        try Limits.check(modelTimeout, "--model-timeout", in: 0.05...600)
        if let command {
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--model must name a command")
            }
            guard command.utf8.count <= 4096, !command.utf8.contains(0) else {
                throw ValidationError("--model must be a command line of at most 4096 bytes")
            }
        }
    }

    /// The model to drive, and the processes to end when the command is done.
    func start() throws -> (runner: ModelRunner, pool: ModelProcessPool?) {
        guard let command else { return (.reference, nil) }
        // Before the first process: Ctrl-C during a slow handshake must end it too.
        Interrupts.endOnInterrupt(ModelGroups.endAll(interruptedBy:))
        do {
            let pool = try ModelProcessPool(command: command, timeout: modelTimeout)
            return (.process(pool), pool)
        } catch {
            throw CommandLineInputError(description: "--model \(jsonString(command)): \(error.description)")
        }
    }
}
