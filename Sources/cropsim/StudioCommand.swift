import ArgumentParser
import CropModel
import CropSim
import CropStudio
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
        if let open, open.hasSuffix(".json") { try requireRegularFile(open) }
        var options = Studio.Options()
        let viewport = try device.viewport(fallback: DevicePreset.named("iphone-15"))
        options.device = device.device
        options.view = viewport.size
        options.screenScale = viewport.screenScale
        options.photo = photo
        options.scenarios = ScenarioStore(root: scenarios)
        options.open = open
        let studio: Studio
        do throws(Studio.Failure) { studio = try Studio(options: options) } catch {
            throw CommandLineInputError(description: error.description)
        }
        let server: StudioServer
        do { server = try StudioServer(studio: studio, port: UInt16(port)) } catch {
            throw CommandLineInputError(description: "--port \(port): cannot listen on 127.0.0.1")
        }
        let started = Started()
        let query = open.map { "?open=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        Task {
            do {
                let bound = try await server.start()
                FileHandle.standardOutput.write(Data("cropsim studio: http://127.0.0.1:\(bound)/\(query)  (Ctrl-C to stop)\n".utf8))
            } catch {
                started.fail("--port \(port): cannot listen on 127.0.0.1 (in use?)")
            }
        }
        started.wait()
        throw CommandLineInputError(description: started.message ?? "the server stopped")
    }
}

/// The main thread waits here while the server runs on the cooperative pool; only a failure to
/// listen wakes it.
private final class Started: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private(set) var message: String?

    func fail(_ message: String) {
        self.message = message
        semaphore.signal()
    }

    func wait() { semaphore.wait() }
}
