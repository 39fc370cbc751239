import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import Foundation
import Testing

/// Real runs of the suite's scenarios: `RunResult` has no public initializer, and a frame drawn
/// from a real run is what matters anyway.
enum Fixture {
    static func results(_ ids: [String]) throws -> [RunResult] {
        let loaded = ScenarioLoader.load(ids.map { Repository.scenarios.appendingPathComponent("\($0).json").path })
        #expect(loaded.errors.isEmpty)
        return loaded.scenarios.map { Simulator.run($0) }
    }

    /// `r` with a violation at `tick` (Violation's memberwise initializer is internal to CropSim).
    static func failing(_ r: RunResult, tick: Int) throws -> RunResult {
        let json =
            "{\"invariant\":\"\(Property.zoomInRange.rawValue)\",\"tick\":\(tick),\"time\":\(Double(tick) / 60),\"message\":\"scale 9.5 > s_max 8\"}"
        var r = r
        r.violations.append(try JSONDecoder().decode(Violation.self, from: Data(json.utf8)))
        r.violationCounts[.zoomInRange] = 1
        return r
    }
}
