import CropFuzz
import CropSim
import CropVocabulary
import Testing

/// The fuzzer ends some sessions with Cancel instead of Confirm, and goes on after some with a few
/// steps the editor must ignore (or, after a failed crop, take as editing again; no touches after
/// Confirm): what the oracle
/// says of input after the session (`sessionFollowsFlow`, the angle guide after Cancel) is
/// fuzzed, not only scripted. The reference editor passes every such trace.
@Suite struct AfterSessionTests {
    @Test func sessionsEndByConfirmOrCancelAndInputGoesOn() throws {
        let generator = Generator(
            profile: FuzzProfile(
                name: "ending-heavy",
                weights: [.drag: 2, .pinch: 2, .twist: 2, .rotate90: 1, .slider: 1, .recenter: 1, .confirm: 3]))
        var cancels = 0, confirms = 0, after = 0, touchesAfterConfirm = 0
        for run in 0..<300 {
            var reader = ChoiceReader.random(seed: 33, run: run)
            let trace = generator.trace(&reader)
            guard let end = trace.steps.firstIndex(where: { $0.kind == .confirm || $0.kind == .cancel }) else {
                continue
            }
            if trace.steps[end].kind == .cancel { cancels += 1 } else { confirms += 1 }
            let later = trace.steps[(end + 1)...].filter { $0.kind != .retry }
            after += later.count
            if trace.steps[end].kind == .confirm { touchesAfterConfirm += later.filter { !$0.fingers.isEmpty }.count }
            #expect(
                later.allSatisfy { $0.start > trace.steps[end].start },
                "run \(run): a step after the session starts before it ends")
            if !later.isEmpty {
                let result = Simulator.run(try ScenarioWriter.scenario(trace, id: "t\(run)"))
                #expect(result.violations.isEmpty, "run \(run): \(result.violations)")
            }
        }
        #expect(
            cancels > 20 && confirms > 3 * cancels / 2 && after > 40,
            "\(cancels) cancels, \(confirms) confirms, \(after) steps after")
        // A finger landing while the crop runs could still be down when a failed crop resumes
        // editing, which the editor ignores by design (docs/upload.md): none is drawn.
        #expect(touchesAfterConfirm == 0)
    }
}
