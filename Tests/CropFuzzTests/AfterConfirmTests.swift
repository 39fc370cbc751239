import CropFuzz
import CropSim
import CropVocabulary
import Testing

/// The fuzzer drives the after-confirm flow too (R10–R12): scripted crop, upload and profile
/// outcomes and Retry taps, so the upload invariants — telemetry numbers only, valid keys,
/// exact backoff, an atomic profile — are fuzzed, not only scripted.
@Suite struct AfterConfirmTests {
    @Test func generatedTracesUploadRetryAndFail() throws {
        let generator = Generator(
            profile: FuzzProfile(name: "confirm-heavy", weights: [.drag: 2, .pinch: 2, .confirm: 3]))
        var uploads = 0, retries = 0, failedRounds = 0, retryTaps = 0, telemetry = 0, runs = 0
        for run in 0..<300 {
            var reader = ChoiceReader.random(seed: 21, run: run)
            let trace = generator.trace(&reader)
            guard trace.backend != nil else { continue }
            runs += 1
            let result = Simulator.run(try ScenarioWriter.scenario(trace, id: "t\(run)"))
            #expect(result.violations.isEmpty, "run \(run): \(result.violations)")
            for e in result.effects {
                switch e.effect {
                case .upload(let request):
                    uploads += 1
                    if request.attempt > 1 { retries += 1 }
                case .uploadTelemetry: telemetry += 1
                case .alert(.uploadFailed): failedRounds += 1
                default: break
                }
            }
            retryTaps += trace.steps.filter { $0.kind == .retry }.count
        }
        #expect(runs > 100)
        #expect(uploads > 100 && retries > 30 && failedRounds > 5 && retryTaps > 30 && telemetry == uploads)
    }
}
