import CFuzzerDriver
import CropFuzz
import CropVocabulary
import Foundation

/// libFuzzer target: the input bytes are the generator's choice sequence (`ChoiceReader.bytes`),
/// so coverage guidance mutates traces through the same generator the campaign uses, and every
/// input is a valid trace. Any failure the trace judge finds (a spec property, replay or mirror) aborts with
/// the failure, which libFuzzer saves as a crash input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var reader = ChoiceReader.bytes(bytes)
    let trace = FuzzTraceTarget.generator.trace(&reader)
    if let failure = FuzzTraceTarget.judge.check(trace).failure {
        let text = ScenarioWriter.json(trace, name: "libFuzzer: \(failure.kind)", description: failure.message)
        FileHandle.standardError.write(Data("\(failure.kind): \(failure.message)\n\(text)".utf8))
        abort()
    }
    return 0
}

enum FuzzTraceTarget {
    static let generator = Generator(profile: .default, maxSteps: 12)
    static let judge = TraceJudge()
}

@main
struct FuzzTrace {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = cropsim_fuzz_run_driver(&argc, &argv, fuzzTraceTestOneInput)
        if status != -1 { exit(status) }
        // Built without libFuzzer: run the inputs named on the command line once each.
        LibFuzzerInputs.replay(CommandLine.arguments.dropFirst(), fuzzTraceTestOneInput)
    }
}
