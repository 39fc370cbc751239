import CropTestSupport
import Foundation
import Testing

/// A touch-level model's wrong answer to a step carrying touches is a reported result, like any
/// failure of the model: an error reply, a result missing, a line that is not JSON, a state field
/// no model has (docs/model-protocol.md#touches). Each fails the scenario at once with its kind,
/// never a hang or a crash of cropsim.
@Suite struct TouchReplyTests {
    @Test(arguments: [
        ("error", "errorReply: it answered a step with an error: touch phase not handled"),
        ("short", "protocolViolation: its reply to step: 63 results for the 64 ops sent"),
        ("garbage", "malformed: its reply to step"),
        ("unknown", "protocolViolation: its reply to step: the state has no field \"pointer\"")
    ])
    func aWrongReplyToTouchesIsAFailureOfTheModel(_ mode: String, _ message: String) throws {
        let tmp = try TemporaryFolder()
        let run = try AssertExecuteCommand(
            [
                "run", "Scenarios/gestures/lift-one-finger-pan-continues.json", "--json", "--quiet",
                "--report-dir", tmp.path("report"),
                "--model", "\(Binaries.python3) Tests/Fixtures/models/touch_model.py \(mode)"
            ], exitCode: 1)
        let scenarios = try #require(try json(run.stdout)["scenarios"] as? [[String: Any]])
        let failure = try #require(scenarios.first?["modelFailure"] as? String)
        #expect(failure.hasPrefix(message), "\(failure)")
    }
}
