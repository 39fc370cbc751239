import CropFuzz
import CropModel
import CropSim
import Foundation
import Testing

/// The fuzzer is only worth something if it finds real clamp bugs: for each deliberate fault, a
/// campaign from a fixed seed finds it within a bounded number of runs, shrinks it to a few
/// steps, and saves a scenario that fails the same way when parsed and run again.
@Suite struct FaultFindingTests {
    static let seed: UInt64 = 1
    /// Runs allowed before the first failure.
    static let runBound = 60

    @Test(arguments: Fault.all.map(\.name))
    func findsAndShrinksEachFault(_ name: String) throws {
        let fault = try #require(Fault.named(name))
        let out = try TemporaryFolder()
        let config = CampaignConfig(
            seed: Self.seed, runs: Self.runBound, jobs: 1, generator: Generator(maxSteps: 12), oracle: Oracle(faults: fault),
            faultName: name, database: RegressionDatabase(directory: out.path), maxFailures: 1, shrinkBudget: 300)
        let report = Campaign.run(config)
        let finding = try #require(report.findings.first, "\(name) not found in \(Self.runBound) runs")
        let run = try #require(finding.run)
        print("\(name): run \(run), \(finding.failure) during \(finding.place); shrunk \(finding.originalSteps) → \(finding.steps) steps, "
              + "\(finding.fingers) fingers, \(finding.samples) samples in \(finding.shrinkEvaluations) tries")
        #expect(run < Self.runBound)
        #expect(finding.steps <= 3)
        #expect(finding.fingers <= 3)

        // The saved file fails under the parser and simulator with the same invariant.
        let file = try #require(finding.file)
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let scenario = try ScenarioParser.parse(Array(bytes), file: file, id: "regression")
        #expect(scenario.description.contains("--seed \(Self.seed), run \(run)"))
        #expect(scenario.description.contains(finding.failure))
        var options = Simulator.Options()
        options.faults = fault
        let result = Simulator.run(scenario, options: options)
        #expect(result.violations.map(\.invariant.rawValue).contains(finding.failure))
        // … and the correct model passes it.
        #expect(Simulator.run(scenario).passed)
    }
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("cropfuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
