import CropFiles
import CropPipe
import CropScenario
import CropSim
import CropStudio
import CropStudioLaunch
import CropText
import CropVocabulary
import Foundation

// The studio's server, started by `cropsim studio` with its checked options as one JSON argument
// (`StudioLaunch` says why it is a program of its own). Exit codes and one-line messages follow
// cropsim's contract: 2 for what the user asked (a port in use, a photo the editor refuses).

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("error: \(shownText(message))\n".utf8))
    exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let launch = try? JSONDecoder().decode(StudioLaunch.self, from: Data(arguments[1].utf8)) else {
    fail("cropsim-studio is started by `cropsim studio` (see cropsim studio --help)")
}
// A port past 65535 is refused before any work, not clamped to 65535 (issue 34): the server
// listens where asked or not at all.
guard let port = UInt16(exactly: launch.port) else { fail("--port \(launch.port): must be 0…65535") }
var isFolder: ObjCBool = false
guard FileManager.default.fileExists(atPath: launch.scenarios, isDirectory: &isFolder), isFolder.boolValue else {
    fail("\(launch.scenarios): no such folder (--scenarios)")
}
var options = Studio.Options()
options.view = Size(width: launch.viewWidth, height: launch.viewHeight)
options.screenScale = launch.screenScale
if let name = launch.device {
    guard let preset = DevicePreset.named(name) else { fail("--device \(name): no such preset") }
    options.device = preset
}
options.photo = launch.photo
options.scenarios = ScenarioStore(root: launch.scenarios)
options.open = launch.open
if let command = launch.model {
    // The model's group does not get the terminal's Ctrl-C: it is ended before the studio exits.
    Interrupts.endOnInterrupt(ModelGroups.endAll(interruptedBy:))
    do {
        options.model = .process(try ModelProcessPool(command: command, timeout: launch.modelTimeout ?? 5))
        // A model's runs mostly wait on its pipe: four at once, so four sessions opening on a
        // model that hangs each wait out their own deadline, not one another's (issue 34).
        options.simulationThreads = 4
    } catch {
        fail("--model \(jsonString(command)): \(error.description)")
    }
}

let studio: Studio
do throws(Studio.Failure) { studio = try Studio(options: options) } catch { fail(error.description) }
let server: StudioServer
do { server = try StudioServer(studio: studio, port: port) } catch {
    fail("--port \(launch.port): cannot listen on 127.0.0.1 (in use?)")
}
let query = launch.open.map { "?open=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
let bound = server.start()
FileHandle.standardOutput.write(Data("cropsim studio: http://127.0.0.1:\(bound)/\(query)  (Ctrl-C to stop)\n".utf8))
// The server runs on its own thread and the concurrency pool; this one waits until interrupted.
while true { pause() }
