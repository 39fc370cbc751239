import CropScenario
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The budgets sized for a designer's five-minute studio recording (issue 36): six minutes of
/// two fingers held down fits every one of them in the canonical form the studio saves, and a
/// scenario just past a budget is refused at its place with one line (`validate` exits 2).
@Suite struct FiveMinuteBudgetTests {
    static let head =
        #"{"name":"long","device":{"view":[393,852],"screenScale":3},"image":{"width":4032,"height":3024},"steps":["#

    /// `fingers` fingers circling at 120 Hz from `at` for `seconds`, as the studio records them:
    /// whole microseconds, points on the 1/100 pt grid, each finger its own `touches` step.
    static func recorded(fingers: Int, seconds: Double, at: Double = 0, firstFinger: Int = 1) -> String {
        let count = Int(seconds * 120)
        let steps = (0..<fingers).map { f in
            let samples = (0...count).map { k in
                let t = Double(k * 1_000_000 / 120) / 1_000_000, a = Double(k) / 120 * 6.283 + Double(f)
                let x = ((196.5 + 120 * cos(a)) * 100).rounded() / 100, y = ((426 + 120 * sin(a)) * 100).rounded() / 100
                let phase = k == 0 ? "down" : (k == count ? "up" : "move")
                return #"{"t":\#(t),"at":[\#(x),\#(y)],"phase":"\#(phase)"}"#
            }
            return #"{"at":\#(at),"touches":[{"finger":"F\#(f + firstFinger)","samples":["#
                + samples.joined(separator: ",") + "]}]}"
        }
        return head + steps.joined(separator: ",") + "]}"
    }

    static func parse(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(Array(text.utf8), file: "long.json", id: "long")
    }

    /// The budget's own claim: 86,162 samples over 359 s, canonical (one sample a line), within
    /// 8 MiB, and the canonical text reads back as the same scenario.
    @Test func sixMinutesOfTwoFingersFitsInCanonicalForm() throws {
        let scenario = try Self.parse(Self.recorded(fingers: 2, seconds: 359))
        let canonical = ScenarioEncoder.text(scenario, schema: "../schema.json")
        #expect(canonical.utf8.count <= ScenarioBudget.maxFileBytes, "\(canonical.utf8.count) bytes")
        #expect(canonical.utf8.count > ScenarioBudget.maxFileBytes / 2, "the budget is not far above what it is for")
        let back = try Self.parse(canonical)
        #expect(ScenarioEncoder.text(back, schema: "../schema.json") == canonical)
    }

    /// Five minutes of one finger, the bench's recording, is inside every budget; a step ending
    /// exactly at 360 s too.
    @Test func fiveMinutesAndTheBoundaryParse() throws {
        _ = try Self.parse(Self.recorded(fingers: 1, seconds: 300))
        _ = try Self.parse(
            Self.head + #"{"at":"360s","confirm":true},{"at":359,"drag":{"from":"center","to":[0,0],"duration":1}}]}"#)
    }

    /// A recorded finger whose last sample is a millisecond past the budget: refused at its step.
    @Test func aRecordingOneMillisecondPastTheBudget() {
        let text = Self.recorded(fingers: 1, seconds: 1, at: 359.001)
        #expect(
            throws: ScenarioError(
                file: "long.json", line: 1, column: Self.head.count + 1, path: "$.steps[0]",
                message: "this step's input ends at 360.001 s, past the budget of 360 s of simulated time")
        ) {
            _ = try Self.parse(text)
        }
    }

    @Test(arguments: [
        (#""360001ms""#, "360.00100000000003"), ("360.000001", "360.000001"), (#""361s""#, "361.0"), ("1e300", "1e+300")
    ])
    func aTimeJustPastTheBudget(_ value: String, _ shown: String) {
        let text = Self.head + #"{"at":\#(value),"confirm":true}]}"#
        #expect(
            throws: ScenarioError(
                file: "long.json", line: 1, column: Self.head.count + 7, path: "$.steps[0].at",
                message: "times and durations must be at most 360 s, got \(shown)")
        ) {
            _ = try Self.parse(text)
        }
    }

    /// Two fingers of 359 s (86,162 samples) and a third of 120 s (14,401): refused at the third.
    @Test func aStepPastTheSampleBudget() {
        let two = Self.recorded(fingers: 2, seconds: 359),
            third = Self.recorded(fingers: 1, seconds: 120, firstFinger: 3)
        let text = two.dropLast(2) + "," + third.dropFirst(Self.head.count)
        do {
            _ = try Self.parse(String(text))
            Issue.record("parsed")
        } catch {
            #expect(
                error.path == "$.steps[2]"
                    && error.message == "the steps up to here make 100563 touch samples, past the budget of 100000")
        }
    }

    /// A file a byte over 8 MiB is refused by its size, before a byte is read (sparse: cheap).
    @Test func aFileAByteOverTheBudget() throws {
        let folder = try TemporaryFolder("5min")
        let path = folder.path("over.json")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(ScenarioBudget.maxFileBytes + 1)) == 0)
        let loaded = ScenarioLoader.load([path])
        #expect(
            loaded.errors.map(\.description) == [
                "\(path):0:0: $: the file is 8388609 bytes, over the budget of 8388608 bytes (8 MiB) per scenario"
            ])
    }
}
