import ArgumentParser
import CropScenario
import CropSim
import CropStudioLaunch
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

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenarios, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandLineInputError(description: "\(scenarios): no such folder (--scenarios)")
        }
        if let photo { try requireRegularFile(photo) }
        // A path that names something must be a regular file; anything else is an id below
        // --scenarios, which the server resolves (and refuses, exit 2, when there is no such scenario).
        if let open, FileManager.default.fileExists(atPath: open) { try requireRegularFile(open) }
        let viewport = try device.viewport(fallback: DevicePreset.named("iphone-15"))
        let launch = StudioLaunch(
            port: port, viewWidth: viewport.size.width, viewHeight: viewport.size.height, screenScale: viewport.screenScale,
            device: device.device?.name, photo: photo, scenarios: scenarios, open: open,
            model: model.command, modelTimeout: model.command == nil ? nil : model.modelTimeout)
        try Self.exec(launch)
    }

    /// Replaces this process with `cropsim-studio` from the same folder: its exit code, output
    /// and Ctrl-C are the command's own.
    static func exec(_ launch: StudioLaunch) throws -> Never {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = me.lastIndex(of: "/").map { String(me[..<$0]) } ?? "."
        let server = folder + "/" + StudioLaunch.executableName
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw EnvironmentError(description: "\(server): not found; the studio's server is built with `swift build --product \(StudioLaunch.executableName)`")
        }
        let json = String(decoding: try JSONEncoder().encode(launch), as: UTF8.self)
        fflush(nil)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(server), strdup(json), nil]
        execv(server, &argv)
        throw EnvironmentError(description: "\(server): cannot start: \(String(cString: strerror(errno)))")
    }
}
