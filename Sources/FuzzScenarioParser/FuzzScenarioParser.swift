import CFuzzerDriver
import CropFuzz
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// libFuzzer target for the scenario parser: arbitrary bytes must either parse or be refused
/// with a located error, never crash or hang. A scenario that parses and is small enough to run
/// quickly is also simulated, and must break no invariant (the correct model holds them for
/// every valid scenario).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioParserTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let scenario = try? ScenarioParser.parse(bytes, file: "input.json", id: "input") else { return 0 }
    // Bounded work per input: a few seconds of simulated input, a few hundred samples' worth of steps.
    guard scenario.inputEnd <= 5, scenario.steps.count <= 40, scenario.image.file == nil else { return 0 }
    var options = Simulator.Options()
    options.recordFrames = false
    options.measureTiming = false
    options.settleTicks = 600
    let result = Simulator.run(scenario, options: options)
    if let v = result.violations.first {
        FileHandle.standardError.write(Data("invariant broken by a valid scenario: \(v)\n".utf8))
        abort()
    }
    return 0
}

@main
struct FuzzScenarioParser {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = cropsim_fuzz_run_driver(&argc, &argv, fuzzScenarioParserTestOneInput)
        if status != -1 { exit(status) }
        LibFuzzerInputs.replay(CommandLine.arguments.dropFirst(), fuzzScenarioParserTestOneInput)
    }
}
