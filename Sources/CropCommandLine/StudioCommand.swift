import ArgumentParser
import CropPipe
import CropScenario
import CropSim
import CropStudio
import CropVocabulary
import Foundation

/// `cropsim studio`: records gestures by hand in a browser against the live simulator and saves
/// them as scenarios (docs/studio.md). Runs until interrupted.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Record gestures by hand in a browser and save them as scenarios.",
        discussion: """
            Serves a page on http://127.0.0.1:PORT/ (loopback only) that draws the editor as the report \
            does, takes mouse, touch and control input, runs it through the same recognizers, editor and \
            oracle as `cropsim run`, and saves Scenarios/<group>/<id>.json. Stop it with Ctrl-C.

            New recordings are on --device (the saved file names the preset; the page's Device menu \
            picks another), else on --view and --screen-scale, by default 393x852 at σ 3 (iphone-15's numbers).

            """ + ExitStatus.help
    )

    @Option(help: "TCP port on 127.0.0.1 (0: any free port).") var port = 8765
    @Option(help: "A scenario to open first (a file, or an id below --scenarios).") var open: String?
    @Option(help: "A PNG or JPEG to record on (default: a 4032x3024 test pattern).") var photo: String?
    /// `--device NAME` (new recordings name it), or `--view`/`--screen-scale`; default iphone-15's numbers.
    @OptionGroup var device: DeviceOptions
    @Option(help: "The scenarios folder the page opens from and saves to.") var scenarios = "Scenarios"
    @OptionGroup var model: ModelOptions

    func validate() throws {
        try Limits.check(port, "--port", in: 0...65535)
        try device.view?.check("--view", in: Limits.viewSide, whole: true)
    }

    /// Checks the inputs, reads the photo and the scenario to open, listens, prints the address
    /// and serves until a signal ends the process. Every refusal before the address is printed
    /// is exit 2 with one line; nothing is listening by then.
    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenarios, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandLineInputError(description: "\(scenarios): no such folder (--scenarios)")
        }
        if let photo { try requireRegularFile(photo) }
        // A path that names something must be a regular file; anything else is an id below
        // --scenarios, which the studio resolves (and refuses, exit 2, when there is no such scenario).
        if let open, FileManager.default.fileExists(atPath: open) { try requireRegularFile(open) }
        let (options, pool) = try options()
        let server: StudioServer
        do {
            server = try StudioServer(studio: try Studio(options: options), port: UInt16(port))
        } catch {
            pool?.shutdown()
            let refusal = error as? Studio.Failure
            throw CommandLineInputError(
                description: refusal?.description ?? "--port \(port): cannot listen on 127.0.0.1 (in use?)")
        }
        let query =
            open.map { "?open=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        let bound = server.start()
        FileHandle.standardOutput.write(
            Data("cropsim studio: http://127.0.0.1:\(bound)/\(query)  (Ctrl-C to stop)\n".utf8))
        // The server runs on its own thread and the concurrency pool; this one waits for a signal.
        while true { pause() }
    }

    /// The studio's options from the command line's; `--model` starts its first process here, so
    /// a command that cannot start is exit 2 before anything listens.
    func options() throws -> (Studio.Options, ModelProcessPool?) {
        let viewport = try device.viewport(fallback: DevicePreset.named("iphone-15"))
        var options = Studio.Options()
        options.view = viewport.size
        options.screenScale = viewport.screenScale
        options.device = device.device
        options.photo = photo
        options.scenarios = ScenarioStore(root: scenarios)
        options.open = open
        // The model's process group does not get the terminal's Ctrl-C: `start` has it ended
        // before the studio exits.
        let (runner, pool) = try model.start()
        options.model = runner
        // A model's runs mostly wait on its pipe: four at once, so four sessions opening on a
        // model that hangs each wait out their own deadline, not one another's (issue 34).
        if pool != nil { options.simulationThreads = 4 }
        return (options, pool)
    }
}
