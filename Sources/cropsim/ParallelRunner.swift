import CropScenario
import CropSim
import CropVocabulary
import Dispatch
import Foundation
import Synchronization

/// Runs scenarios on `jobs` threads. Each run is a pure function of its scenario, so the results
/// (in input order) do not depend on scheduling; only the measured times do.
enum ParallelRunner {
    struct Outcome {
        var results: [RunResult]
        var wallSeconds: [String: Double]
    }

    /// `progress` is called after each scenario with how many are done and how many failed.
    static func run(_ scenarios: [Scenario], jobs: Int, model: ModelRunner = .reference, options: Simulator.Options = .init(),
                    progress: @Sendable (_ done: Int, _ failed: Int) -> Void = { _, _ in }) -> Outcome {
        let slots = Mutex<[Int: (RunResult, Double)]>([:])
        let failed = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, scenarios.count)) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < scenarios.count else { return }
                let clock = ContinuousClock()
                let start = clock.now
                let result = model.run(scenarios[i], options: options)
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let done = slots.withLock { $0[i] = (result, seconds); return $0.count }
                let failures = !result.failed ? failed.load(ordering: .relaxed) : failed.add(1, ordering: .relaxed).newValue
                progress(done, failures)
            }
        }
        let done = slots.withLock { $0 }
        let results = scenarios.indices.map { done[$0]!.0 }
        let wall = Dictionary(uniqueKeysWithValues: scenarios.indices.map { (scenarios[$0].id, done[$0]!.1) })
        return Outcome(results: results, wallSeconds: wall)
    }
}
