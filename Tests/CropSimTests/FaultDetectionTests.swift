import CropModel
import CropSim
import Testing

/// The invariants are only worth something if they catch real bugs: with each deliberate model
/// fault switched on, some scenario in the suite must break an invariant (an expectation
/// mismatch alone would not prove the monitor sees it), and the correct model breaks none.
@Suite struct FaultDetectionTests {
    static let suite = ScenarioLoader.load([Repository.scenarios.path]).scenarios

    @Test(arguments: Fault.all.map(\.name))
    func theSuiteCatchesEachFault(_ name: String) {
        var options = Simulator.Options()
        options.faults = Fault.all.first { $0.name == name }!.fault
        options.recordFrames = false
        let caught = Self.suite.map { Simulator.run($0, options: options) }.filter { $0.violationCount > 0 }
        #expect(!caught.isEmpty, "no scenario breaks an invariant with \(name)")
        let invariants = Set(caught.flatMap { $0.violations.map(\.invariant.rawValue) }).sorted()
        print("\(name): caught by \(caught.count) scenarios via \(invariants)")
    }

    @Test func theCorrectModelBreaksNoInvariant() {
        let broken = Self.suite.map { Simulator.run($0) }.filter { $0.violationCount > 0 }.map(\.scenario.id)
        #expect(broken == [])
    }
}
