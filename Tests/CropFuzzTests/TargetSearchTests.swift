@testable import CropFuzz
import CropSim
import CropVocabulary
import Foundation
import Testing

/// Targeted search: the climb finds what a planted utility rewards far more often than fresh
/// runs do, a campaign with it stays a pure function of its seed with one job, and the utility
/// rewards what it says it does (a request on a limit, two events in one tick).
@Suite struct TargetSearchTests {
    let generator = Generator(maxSteps: 12)

    /// A planted utility (resize steps in the trace): the best of 300 runs with the climb beats
    /// the best of the same 300 runs drawn fresh.
    @Test func theClimbRaisesAPlantedUtility() {
        func resizes(_ trace: Trace) -> Double {
            Double(trace.steps.filter { if case .resize = $0.action { true } else { false } }.count)
        }
        var search = TargetSearch(every: 2)
        var fresh = 0.0
        for run in 0..<300 {
            var random = ChoiceReader.random(seed: 7, run: run)
            fresh = max(fresh, resizes(generator.trace(&random)))
            var reader = search.reader(seed: 7, run: run)
            let trace = generator.trace(&reader)
            search.consider(reader, run: run, utility: resizes(trace))
        }
        #expect(search.bestUtility! > fresh)
    }

    /// Run 0 is always fresh, and the neighbours of one best are a function of (seed, run).
    @Test func neighboursDependOnlyOnSeedAndRun() {
        var a = TargetSearch(), b = TargetSearch()
        var first = ChoiceReader.random(seed: 3, run: 0)
        let trace = generator.trace(&first)
        a.consider(first, run: 0, utility: 1)
        b.consider(first, run: 0, utility: 1)
        var fresh = ChoiceReader.random(seed: 3, run: 0)
        _ = generator.trace(&fresh)
        #expect(first.recorded == fresh.recorded)
        var n1 = a.reader(seed: 3, run: 1), n2 = b.reader(seed: 3, run: 1)
        #expect(generator.trace(&n1) == generator.trace(&n2))
        var other = a.reader(seed: 3, run: 3)
        #expect(generator.trace(&other) != trace || other.recorded != first.recorded)
    }

    /// With one job, the same seed gives the same traces with targeting on; and it changes which
    /// traces are drawn (the climb is not a no-op).
    @Test func sameSeedSameTraces() throws {
        func campaign(_ every: Int?) throws -> CampaignReport {
            let out = try TemporaryFolder()
            return Campaign.run(CampaignConfig(seed: 11, runs: 120, jobs: 1, generator: generator,
                                               oracle: TraceJudge(checks: TraceChecks(replay: .off, mirror: false)),
                                               database: RegressionDatabase(directory: out.path), targetEvery: every))
        }
        let a = try campaign(2), b = try campaign(2), off = try campaign(nil)
        #expect(a.ticks == b.ticks && a.inputs == b.inputs)
        #expect(a.findings.isEmpty)
        #expect(a.inputs != off.inputs)
    }

    /// Closeness counts the digits a request shares with a limit.
    @Test func closenessCountsDigits() {
        #expect(TargetUtility.closeness(0) == 17)
        #expect(abs(TargetUtility.closeness(1e-9) - 9) < 1e-9)
        #expect(abs(TargetUtility.closeness(0.1) - 1) < 1e-9)
        #expect(TargetUtility.closeness(2) == 0)
        #expect(TargetUtility.closeness(.nan) == 0)
    }

    /// Two resizes in one tick while a finger is down score two combinations; the same resizes
    /// apart, with no finger down, none.
    @Test func combinationsAreCounted() {
        let drag = TraceStep(start: 0, kind: .drag, action: .touches([FingerTrack(samples: [
            TouchSample(time: 0, point: Point(x: 150, y: 400), phase: .down),
            TouchSample(time: 200, point: Point(x: 180, y: 400), phase: .move),
            TouchSample(time: 400, point: Point(x: 190, y: 400), phase: .up)])]))
        func trace(_ starts: [Int], withDrag: Bool) -> Trace {
            Trace(view: Size(width: 393, height: 852), screenScale: 3, touchRate: 60, reduceMotion: false,
                  photo: SourceImage(storedWidth: 4032, storedHeight: 3024), config: AvatarCropperConfig(),
                  steps: (withDrag ? [drag] : []) + starts.map { TraceStep(start: $0, kind: .resize, action: .resize(Size(width: 400, height: 800))) })
        }
        var checks = TraceChecks(replay: .off, mirror: false)
        checks.keepFrames = true
        let judge = TraceJudge(checks: checks)
        let together = trace([100, 100], withDrag: true), apart = trace([1000, 3000], withDrag: false)
        #expect(TargetUtility.combinations(together, frames: judge.check(together).frames) == 3)
        #expect(TargetUtility.combinations(apart, frames: judge.check(apart).frames) == 0)
        #expect(judge.check(apart).frames.count > 60)
    }
}
