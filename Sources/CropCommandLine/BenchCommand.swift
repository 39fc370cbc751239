import ArgumentParser
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// `cropsim bench`: simulated ticks per second on one core, with every invariant checked (or,
/// as the baseline for `scripts/bench`, without). Prints one JSON line.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure simulated ticks per second (one core).",
        discussion: """
            With --model, a model the workload cannot run on (it lacks a capability the workload \
            needs, refuses its photo or fails at open) is refused at the first run: exit 2, one line \
            on standard error saying why.


            """ + ExitStatus.help,
        shouldDisplay: false
    )

    @Option(help: "Ticks to simulate, at least (1…10000000000).") var ticks = 5_000_000
    @Flag(help: "Skip invariant checks (the baseline).") var unchecked = false
    @OptionGroup var model: ModelOptions

    func validate() throws {
        try Limits.check(ticks, "--ticks", in: 1...10_000_000_000)
    }

    func run() throws {
        let scenario = try Self.workload()
        let (runner, pool) = try model.start()
        defer { pool?.shutdown() }
        let inputs = TraceSynthesizer.inputs(for: scenario)
        var options = Simulator.Options()
        options.recordFrames = false
        options.measureTiming = false
        options.checkInvariants = !unchecked
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = Self.cpuSeconds()
        var total = 0, violations = 0, runs = 0
        while total < ticks {
            let r = runner.run(scenario, inputs: inputs, options: options)
            try Self.requireProgress(r)
            total += r.ticks
            violations += r.violationCount
            runs += 1
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = Self.cpuSeconds() - cpuStart
        print(
            #"{"ticks":\#(total),"runs":\#(runs),"seconds":\#(seconds),"cpuSeconds":\#(cpu),"ticksPerSecond":\#(Int(Double(total) / max(seconds, 1e-9))),"ticksPerCPUSecond":\#(Int(Double(total) / max(cpu, 1e-9))),"checked":\#(!unchecked),"model":\#(jsonString(runner.identity.label)),"violations":\#(violations)}"#
        )
    }

    /// Refuses (exit 2, one line) a run that simulated no tick: a model that lacks a capability
    /// the workload needs (the JavaScript example has no `exifOrientations`), refuses its photo
    /// or fails at `open` would make every run the same empty one, and the loop would never
    /// reach `--ticks` (issue 34).
    static func requireProgress(_ r: RunResult) throws {
        guard r.ticks <= 0 else { return }
        let why =
            r.notApplicable.map { "the workload is not applicable to it: \($0)" }
            ?? r.modelFailure.map { "the model \($0)" }
            ?? r.rejection.map { "the editor refused the workload's photo: \($0)" }
            ?? "the run simulated no tick"
        throw CommandLineInputError(description: "bench: \(why); --model must run the whole workload")
    }

    /// CPU time of this process: on a busy machine it says more about the code than wall time.
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A minute of constant finger work: drags along spline paths, pinches past both limits with
    /// drifting centers, double-taps and slider jumps — input on nearly every tick.
    static func workload() throws -> Scenario {
        var steps: [String] = []
        var t = 0.1
        for i in 0..<20 {
            steps.append(
                #"{ "at": \#(t), "drag": { "path": [["50%", "50%"], ["\#(20 + i * 3)%", "30%"], ["80%", "70%"], ["40%", "60%"]], "duration": 1.2 } }"#
            )
            t += 1.3
            steps.append(
                #"{ "at": \#(t), "pinch": { "from": 60, "to": \#(400 + i * 20), "duration": 0.8, "drift": [40, -30], "angle": \#(i * 17) } }"#
            )
            t += 0.9
            steps.append(#"{ "at": \#(t), "pinch": { "from": 400, "to": 40, "duration": 0.6 } }"#)
            t += 0.7
            steps.append(#"{ "at": \#(t), "doubleTap": ["\#(10 + i * 4)%", "45%"] }"#)
            t += 0.3
        }
        let text = #"""
            { "name": "bench", "device": { "view": [393, 852], "screenScale": 3, "touchRate": 60 },
              "image": { "width": 4032, "height": 3024, "orientation": 6 }, "steps": [\#(steps.joined(separator: ","))] }
            """#
        return try ScenarioParser.parse(Array(text.utf8), file: "bench", id: "bench")
    }
}
