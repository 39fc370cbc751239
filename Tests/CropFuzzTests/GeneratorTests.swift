import CropFuzz
import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Foundation
import Testing

/// Determinism and independence of generation: a seed gives the same traces (bytes) every time,
/// run i does not depend on other runs, and the choice sequence alone determines the trace.
@Suite struct GeneratorTests {
    let generator = Generator()

    func scenarioText(seed: UInt64, run: Int) -> String {
        var reader = ChoiceReader.random(seed: seed, run: run)
        return ScenarioWriter.json(generator.trace(&reader), name: "t", description: "")
    }

    @Test func sameSeedSameScenarioBytes() {
        for run in 0..<20 {
            #expect(scenarioText(seed: 7, run: run) == scenarioText(seed: 7, run: run))
        }
        #expect(scenarioText(seed: 7, run: 0) != scenarioText(seed: 8, run: 0))
        #expect(scenarioText(seed: 7, run: 0) != scenarioText(seed: 7, run: 1))
    }

    @Test func recordedChoicesReplayToTheSameTrace() {
        for run in 0..<20 {
            var random = ChoiceReader.random(seed: 3, run: run)
            let trace = generator.trace(&random)
            var replay = ChoiceReader.replay(random.sequence)
            #expect(generator.trace(&replay) == trace)
            #expect(replay.sequence == random.sequence)
            // The same choices as libFuzzer bytes decode to the same trace.
            var bytes = ChoiceReader.bytes(random.encodedBytes)
            #expect(generator.trace(&bytes) == trace)
        }
    }

    @Test func theEmptySequenceIsTheSimplestTrace() {
        var reader = ChoiceReader.replay(ChoiceSequence([]))
        let trace = generator.trace(&reader)
        #expect(trace.steps.isEmpty)
        #expect(trace.view == Size(width: 393, height: 852) && trace.screenScale == 3)
        #expect(trace.photo == SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up))
        #expect(trace.config == AvatarCropperConfig())
        #expect(!trace.reduceMotion && trace.touchRate == 60)
    }

    /// Every generated trace is a valid scenario the editor opens, whatever the choices.
    @Test func generatedScenariosParseAndOpen() throws {
        for run in 0..<40 {
            var reader = ChoiceReader.random(seed: 11, run: run)
            let trace = generator.trace(&reader)
            let scenario = try ScenarioWriter.scenario(trace, id: "g")
            #expect(scenario.steps.count == trace.steps.count)
            #expect(trace.photo.shortSide >= SourceImage.minimumShortSide)
        }
        for length in [1, 7, 64, 500] {
            var reader = ChoiceReader.bytes((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            _ = try ScenarioWriter.scenario(generator.trace(&reader), id: "b")
        }
    }

    /// Mirroring a generated scenario twice gives back the same touches and photo.
    @Test func mirroringTwiceIsTheIdentity() throws {
        func touches(_ s: Scenario) -> [String] {
            TraceSynthesizer.inputs(for: s).map { input in
                if case .touch(let finger, let p, let phase) = input.kind {
                    "\(input.time) \(finger) \(p.x) \(p.y) \(phase)"
                } else {
                    "\(input.time)"
                }
            }
        }
        for run in 0..<20 {
            var reader = ChoiceReader.random(seed: 5, run: run)
            let scenario = try ScenarioWriter.scenario(generator.trace(&reader), id: "t")
            let twice = scenario.mirrored.mirrored
            #expect(touches(twice) == touches(scenario))
            #expect(twice.image.source == scenario.image.source)
            #expect(scenario.mirrored.image.source.orientation.swapsAxes == scenario.image.source.orientation.swapsAxes)
        }
    }

    @Test func profilesParseStrictly() throws {
        let p = try FuzzProfile.parse(Array(#"{"pinch": 5, "drag": 1}"#.utf8), name: "p.json")
        #expect(p.weights == [.pinch: 5, .drag: 1])
        for bad in [
            #"{"pinchh": 5}"#, #"{"pinch": -1}"#, #"{"pinch": 0}"#, #"{"pinch": 1.5}"#, #"[1]"#, #"{"pinch": true}"#
        ] {
            #expect(throws: ProfileError.self) { try FuzzProfile.parse(Array(bad.utf8), name: "bad") }
        }
        #expect(try FuzzProfile.named("pinch-heavy") == .pinchHeavy)
    }

    /// A profile's zero weights really are never drawn.
    @Test func profileWeightsShapeTheInputs() {
        let onlyPinches = Generator(profile: FuzzProfile(name: "p", weights: [.pinch: 1]))
        for run in 0..<20 {
            var reader = ChoiceReader.random(seed: 2, run: run)
            #expect(onlyPinches.trace(&reader).steps.allSatisfy { $0.kind == .pinch })
        }
    }
}
