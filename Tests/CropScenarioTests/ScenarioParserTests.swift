import CropScenario
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Bad scenario files give one error naming the file, line:column and JSON path.
@Suite struct ScenarioParserTests {
    static let valid = """
        {
          "name": "ok",
          "device": { "view": [393, 852], "screenScale": 3 },
          "image": { "width": 4032, "height": 3024 },
          "steps": [ { "at": 0.1, "pinch": { "from": 100, "to": 200 } } ]
        }
        """

    func parse(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
    }

    @Test func aValidFileParses() throws {
        let s = try parse(Self.valid)
        #expect(s.steps.count == 1 && s.device.touchRate == 60 && s.config == .init())
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var path: String
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            text: valid.replacingOccurrences(of: "\"screenScale\"", with: "\"screenScael\""), line: 3, column: 35,
            path: "$.device.screenScael",
            message:
                "unknown key \"screenScael\" (did you mean \"screenScale\"?); allowed here: preset, view, screenScale, reduceMotion, touchRate"
        ),
        Case(
            text: valid.replacingOccurrences(of: "\"from\": 100", with: "\"from\": \"100\""), line: 5, column: 46,
            path: "$.steps[0].pinch.from", message: "expected a number, got a string"),
        Case(
            text: valid.replacingOccurrences(of: "\"from\": 100", with: "\"from\": NaN"), line: 5, column: 46,
            path: "$", message: "NaN and Infinity are not JSON numbers"),
        Case(
            text: valid.replacingOccurrences(of: "\"at\": 0.1", with: "\"at\": -0.1"), line: 5, column: 22,
            path: "$.steps[0].at", message: "times and durations must be ≥ 0, got -0.1"),
        Case(
            text: valid.replacingOccurrences(
                of: "{ \"from\": 100, \"to\": 200 }", with: "{ \"from\": 100, \"to\": 200, \"duration\": -1 }"),
            line: 5, column: 74, path: "$.steps[0].pinch.duration", message: "times and durations must be ≥ 0, got -1.0"
        ),
        Case(
            text: valid.replacingOccurrences(of: "\"width\": 4032", with: "\"width\": 4032.5"), line: 4, column: 23,
            path: "$.image.width", message: "expected a whole number in 1…1000000, got 4032.5"),
        Case(
            text: valid.replacingOccurrences(of: "\"pinch\"", with: "\"pinch\": {\"from\": 1, \"to\": 2}, \"drag\""),
            line: 5, column: 14,
            path: "$.steps[0]", message: "a step has exactly one action, found drag and pinch"),
        Case(
            text: valid.replacingOccurrences(of: "\"name\": \"ok\",", with: "\"name\": \"ok\", \"name\": \"twice\","),
            line: 2, column: 17,
            path: "$", message: "duplicate key \"name\""),
        Case(
            text: valid.replacingOccurrences(of: "\"view\": [393, 852]", with: "\"view\": [393]"), line: 3, column: 23,
            path: "$.device.view", message: "expected [width, height], got 1 numbers"),
        Case(
            text: valid.replacingOccurrences(of: "\"screenScale\": 3", with: "\"screenScale\": 3, \"touchRate\": 90"),
            line: 3, column: 66,
            path: "$.device.touchRate", message: "touchRate must be 60 or 120, got 90"),
        Case(text: String(valid.dropLast()), line: 6, column: 1, path: "$", message: "expected ',' or '}' in object"),
        Case(
            text: valid.replacingOccurrences(
                of: "\"name\": \"ok\",", with: "\"name\": \"ok\", \"policies\": { \"sliderMaping\": \"linear\" },"),
            line: 2, column: 31, path: "$.policies.sliderMaping",
            message: "unknown key \"sliderMaping\" (did you mean \"sliderMapping\"?); allowed here: "
                + Policies.descriptors.map(\.name).joined(separator: ", ")),
        Case(
            text: valid.replacingOccurrences(
                of: "\"name\": \"ok\",", with: "\"name\": \"ok\", \"policies\": { \"sliderMapping\": \"cubic\" },"),
            line: 2, column: 48, path: "$.policies.sliderMapping",
            message: "unknown value \"cubic\"; expected one of \"logarithmic\", \"linear\""),
        Case(
            text: valid.replacingOccurrences(
                of: "\"name\": \"ok\",", with: "\"name\": \"ok\", \"policies\": [\"linear\"],"),
            line: 2, column: 29, path: "$.policies", message: "expected an object, got an array")
    ]

    @Test(arguments: cases)
    func badFilesAreLocated(_ c: Case) {
        #expect(throws: ScenarioError(file: "x.json", line: c.line, column: c.column, path: c.path, message: c.message))
        {
            _ = try parse(c.text)
        }
    }

    /// A megabyte-long unknown key costs no megabyte-wide "did you mean" table, and the message
    /// and path quote its start only.
    @Test func aHugeUnknownKeyIsQuotedShort() {
        let key = String(repeating: "k", count: 1_000_000)
        let short = String(repeating: "k", count: 48) + "…"
        let text = Self.valid.replacingOccurrences(of: "\"screenScale\": 3", with: "\"screenScale\": 3, \"\(key)\": 1")
        #expect(
            throws: ScenarioError(
                file: "x.json", line: 3, column: 53, path: "$.device.\(short)",
                message: "unknown key \"\(short)\"; allowed here: preset, view, screenScale, reduceMotion, touchRate")
        ) {
            _ = try parse(text)
        }
    }

    @Test func touchesOutOfOrderAreRejected() {
        let text = Self.valid.replacingOccurrences(
            of: "\"pinch\": { \"from\": 100, \"to\": 200 }",
            with: """
                "touches": [ { "finger": "A", "samples": [
                    { "t": 0.2, "at": [10, 10], "phase": "down" },
                    { "t": 0.1, "at": [20, 10], "phase": "move" },
                    { "t": 0.3, "at": [20, 10], "phase": "up" } ] } ]
                """)
        #expect {
            _ = try parse(text)
        } throws: { error in
            let e = error as! ScenarioError
            return e.path == "$.steps[0].touches[0].samples[1]" && e.line == 7 && e.message.contains("time order")
        }
    }

    @Test func aFingerMustLandBeforeItMoves() {
        let text = Self.valid.replacingOccurrences(
            of: "\"pinch\": { \"from\": 100, \"to\": 200 }",
            with: """
                "touches": [ { "finger": "A", "actions": [ { "type": "move", "to": [1, 1] }, { "type": "up" } ] } ]
                """)
        #expect {
            _ = try parse(text)
        } throws: { error in
            (error as! ScenarioError).message == "finger \"A\" moves before it is down"
        }
    }

    /// Every fixture in `Tests/Fixtures/bad-scenarios/` is rejected; its first line of
    /// `"description"` names the JSON path the error must point at.
    @Test func everyBadFixtureIsRejectedAtTheNamedPath() throws {
        let folder = Repository.url("Tests/Fixtures/bad-scenarios/schema-rejects")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(files.count >= 8)
        for name in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let expectedPath = try #require(
                String(decoding: data, as: UTF8.self).firstMatch(of: /"description": "rejected at ([^"]+)"/)?.1)
            #expect(throws: ScenarioError.self, "\(name)") {
                _ = try ScenarioParser.parse(Array(data), file: name, id: name)
            }
            do {
                _ = try ScenarioParser.parse(Array(data), file: name, id: name)
            } catch {
                #expect(error.path == String(expectedPath), "\(name): \(error)")
            }
        }
    }
}
