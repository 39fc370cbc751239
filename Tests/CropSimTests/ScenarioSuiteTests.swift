import CropPhotos
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// `swift test` runs every scenario file in `Scenarios/`: each is a test case that passes only
/// if every invariant held on every tick and every expectation was met.
@Suite struct ScenarioSuiteTests {
    @Test func theSuiteHasAtLeastFortyScenarios() {
        #expect(Repository.scenarioFiles.count >= 40, "found \(Repository.scenarioFiles.count)")
    }

    @Test(arguments: Repository.scenarioFiles)
    func scenarioPasses(_ relative: String) throws {
        let file = Repository.scenarios.appendingPathComponent(relative).path
        let loaded = ScenarioLoader.load([file])
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        #expect(loaded.errors.isEmpty && photos.errors.isEmpty, "\(loaded.errors + photos.errors)")
        for scenario in photos.scenarios {
            let result = Simulator.run(scenario)
            let problems = result.violations.map(\.description) + result.failures.map(\.description)
            #expect(problems.isEmpty, "\(relative): \(problems)")
        }
    }

    @Test func everyRequirementTheModelTouchesIsCovered() {
        let loaded = ScenarioLoader.load([Repository.scenarios.path])
        let covered = Set(loaded.scenarios.flatMap(\.covers))
        let required = [
            "R1.2", "R1.3", "R2.1", "R2.2", "R2.3", "R2.4", "R2.5", "R3.2", "R3.3", "R4.1", "R4.2", "R5.1",
            "R5.2", "R5.3", "R5.4", "R5.5", "R6.1", "R6.2", "R6.3", "R6.4", "R7.4", "R8.1", "R8.2", "R8.3",
            "R8.4", "R8.5", "R9.1", "R11.1", "R11.3"
        ]
        #expect(required.filter { !covered.contains($0) } == [])
    }
}
