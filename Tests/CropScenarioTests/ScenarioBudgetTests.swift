import CropScenario
import CropVocabulary
import Testing

/// Scenarios over a budget are refused when parsed (so `validate` reports them), at the step
/// that crosses the line, before anything runs.
@Suite struct ScenarioBudgetTests {
    static let head =
        #"{"name":"b","device":{"view":[393,852],"screenScale":3,"touchRate":120},"image":{"width":4032,"height":3024},"steps":["#

    func error(_ steps: [String]) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(
                Array((Self.head + steps.joined(separator: ",") + "]}").utf8), file: "b.json", id: "b")
            return nil
        } catch {
            return error
        }
    }

    /// Column of the `index`th step on the one line.
    func column(of index: Int, _ steps: [String]) -> Int {
        Self.head.count + steps[..<index].reduce(0) { $0 + $1.count + 1 } + 1
    }

    /// The issue's case: a 36 KB file of chained 600 s pauses was 36 M ticks and ran out of memory
    /// (600 s is now past the per-value budget, so the chain here is of 100 s pauses).
    @Test func chainedPausesOverTheTimeBudget() {
        let pauses = Array(repeating: #"{"type":"pause","duration":100}"#, count: 1_000).joined(separator: ",")
        let steps = [
            #"{"at":0,"touches":[{"finger":"A","actions":[{"type":"down","at":"center"},"# + pauses
                + #",{"type":"up"}]}]}"#
        ]
        #expect(
            error(steps)
                == ScenarioError(
                    file: "b.json", line: 1, column: column(of: 0, steps), path: "$.steps[0]",
                    message: "this step's input ends at 100000.000 s, past the budget of 360 s of simulated time"))
    }

    @Test func aStepEndingPastTheTimeBudget() {
        let steps = [
            #"{"at":1,"pinch":{"from":100,"to":200}}"#,
            #"{"at":359.9,"drag":{"from":"center","to":[0,0],"duration":1}}"#
        ]
        #expect(
            error(steps)?.description
                == "b.json:1:\(column(of: 1, steps)): $.steps[1]: this step's input ends at 360.900 s, past the budget of 360 s of simulated time"
        )
    }

    @Test func oneTimeOverTheBudget() {
        let steps = [#"{"at":361,"confirm":true}"#]
        #expect(
            error(steps)?.description
                == "b.json:1:\(column(of: 0, steps) + 6): $.steps[0].at: times and durations must be at most 360 s, got 361.0"
        )
    }

    @Test func tooManySteps() {
        let steps = Array(repeating: #"{"at":0,"recenter":true}"#, count: ScenarioBudget.maxSteps + 1)
        #expect(
            error(steps)?.description
                == "b.json:1:\(column(of: 1_000, steps)): $.steps[1000]: more than 1000 steps, the budget per scenario")
        #expect(error(Array(steps.dropLast())) == nil)
    }

    @Test func tooManyFingers() {
        let fingers = (0...10).map { #"{"finger":"F\#($0)","actions":[{"type":"down","at":"center"},{"type":"up"}]}"# }
        let steps = [#"{"at":0,"touches":["# + fingers.joined(separator: ",") + "]}"]
        let at = column(of: 0, steps) + #"{"at":0,"touches":["#.count + fingers[..<10].reduce(0) { $0 + $1.count + 1 }
        #expect(
            error(steps)?.description
                == "b.json:1:\(at): $.steps[0].touches[10]: more than 10 fingers in one step, the budget")
        #expect(error([#"{"at":0,"touches":["# + fingers.dropLast().joined(separator: ",") + "]}"]) == nil)
    }

    /// Two 359 s pinches at 120 Hz: 86,164 samples each, 172,328 together.
    @Test func tooManyTouchSamples() {
        let steps = Array(repeating: #"{"at":0,"pinch":{"from":100,"to":200,"duration":359}}"#, count: 2)
        #expect(
            error(steps)?.description
                == "b.json:1:\(column(of: 1, steps)): $.steps[1]: the steps up to here make 172328 touch samples, past the budget of 100000"
        )
    }
}
