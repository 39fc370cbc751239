import CropFiles
import CropScenario
import CropSim
import CropVocabulary
import Dispatch
import Foundation
import Synchronization

/// Runs scenarios on `jobs` threads. Each run is a pure function of its scenario, so the results
/// (in input order) do not depend on scheduling; only the measured times do.
enum ParallelRunner {
    /// `scenario` makes each input's scenario when its turn comes (a planned scenario is read
    /// again then). `finish` is given each input's index, result and wall seconds on the thread
    /// that ran it, and keeps what it needs (a streaming run writes the scenario's folder there
    /// and spools its summaries to disk, so no more than `jobs` scenarios' frames are ever held).
    /// The first error it throws stops the run and is rethrown. `progress` is called after each
    /// scenario with how many are done and how many failed.
    static func run<Input: Sendable>(
        _ inputs: [Input], jobs: Int, model: ModelRunner = .reference, options: Simulator.Options = .init(),
        progress: @Sendable (_ done: Int, _ failed: Int) -> Void = { _, _ in },
        scenario: @Sendable (Input) throws(OutputError) -> Scenario,
        finish: @Sendable (_ index: Int, RunResult, Double) throws(OutputError) -> Void
    ) throws(OutputError) {
        let finished = Atomic<Int>(0)
        let firstError = Mutex<OutputError?>(nil)
        let failed = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, inputs.count)) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < inputs.count, firstError.withLock({ $0 == nil }) else { return }
                let failedRun: Bool
                do throws(OutputError) {
                    let s = try scenario(inputs[i])
                    let clock = ContinuousClock()
                    let start = clock.now
                    let result = model.run(s, options: options)
                    let elapsed = clock.now - start
                    failedRun = result.failed
                    try finish(
                        i, result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                } catch {
                    firstError.withLock { $0 = $0 ?? error }
                    return
                }
                let done = finished.add(1, ordering: .relaxed).newValue
                let failures = !failedRun ? failed.load(ordering: .relaxed) : failed.add(1, ordering: .relaxed).newValue
                progress(done, failures)
            }
        }
        if let error = firstError.withLock({ $0 }) { throw error }
    }
}
