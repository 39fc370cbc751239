import CropScenario
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// `Scenarios/schema.json` is generated from the format table, and the grammar the parser reads
/// is the one the schema's patterns say (`scripts/check-schema.py` also runs the real validator
/// on every fixture).
@Suite struct ScenarioSchemaTests {
    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(
            contentsOf: Repository.scenarios.appendingPathComponent("schema.json"), encoding: .utf8)
        #expect(committed == ScenarioSchema.text, "run: cropsim schema --out Scenarios/schema.json")
    }

    /// The schema's own pattern for a definition, read back from the generated text.
    func pattern(_ definition: String) throws -> Regex<AnyRegexOutput> {
        let root = try JSONParser.parse(Array(ScenarioSchema.text.utf8))
        func member(_ v: JSONValue, _ key: String) -> JSONValue? {
            guard case .object(let members) = v.kind else { return nil }
            return members.first { $0.key == key }?.value
        }
        let definitions = try #require(member(root, "$defs"))
        var node = try #require(member(definitions, definition))
        if case .array(let choices)? = member(node, "oneOf").map(\.kind) {
            node = try #require(choices.first { member($0, "pattern") != nil })
        }
        guard case .string(let text)? = member(node, "pattern").map(\.kind) else { throw CancellationError() }
        return try Regex(text)
    }

    func schemaAccepts(_ definition: String, _ text: String) throws -> Bool {
        try pattern(definition).wholeMatch(in: text) != nil
    }

    func parses(_ fragment: String) -> Bool {
        let text =
            #"{"name":"p","device":{"view":[393,852],"screenScale":3},"image":{"width":4032,"height":3024},"# + fragment
            + "}"
        return (try? ScenarioParser.parse(Array(text.utf8), file: "p.json", id: "p")) != nil
    }

    static let times = [
        "0s", "1.5s", "250ms", "120s", "120.0s", "120.5s", "121s", "600s", "9999s", "119.999s", "120000ms", "120001ms",
        "359.999s", "360s", "360.0s", "360.5s", "361s", "360000ms", "360001ms", "05s", ".5s", "5.s", "+5s", "-5s",
        "1e2ms", "0x1p3s", "5 s", "5S", "s", "١s"
    ]
    static let percents = [
        "50%", "-0%", "200%", "200.01%", "-100%", "-101%", "250%", "5e1%", "+5%", "05%", "50 %", "inf%", "1.%"
    ]
    static let expressions = [
        "sMin", "-maxTx", "1.5*sMin", "sMin*1.5", "-2*sMin*0.5", " 1.5 * sMin ", "1.5", "1e0*sMin", "+sMin",
        "sMin*", "2*-sMin", "sMin*sMax", "0x1p1*sMin", "01*sMin"
    ]

    @Test(arguments: times)
    func timesAgree(_ text: String) throws {
        #expect(try schemaAccepts("time", text) == parses(#""steps":[{"at":"\#(text)","confirm":true}]"#))
    }

    @Test(arguments: percents)
    func percentagesAgree(_ text: String) throws {
        #expect(try schemaAccepts("coordinate", text) == parses(#""steps":[{"at":0,"tap":["\#(text)","50%"]}]"#))
    }

    @Test(arguments: expressions)
    func expressionsAgree(_ text: String) throws {
        #expect(try schemaAccepts("expression", text) == parses(#""expect":{"scale":"\#(text)"}"#))
    }

    /// The drift cases of the issue, each refused by the parser at its place with one line.
    @Test(arguments: [
        (#""9999s""#, "times and durations must be at most 360 s, got 9999.0"),
        (#""+5s""#, #"a time is seconds (0.5) or a string with a unit ("500ms", "0.5s"), got "+5s""#),
        (#""1e2ms""#, #"a time is seconds (0.5) or a string with a unit ("500ms", "0.5s"), got "1e2ms""#),
        (#""0x1p3s""#, #"a time is seconds (0.5) or a string with a unit ("500ms", "0.5s"), got "0x1p3s""#)
    ])
    func driftedTimesAreRefusedInPlace(_ value: String, _ message: String) {
        let text =
            "{\"name\":\"p\",\n\"device\":{\"view\":[393,852],\"screenScale\":3},\"image\":{\"width\":4032,\"height\":3024},\n\"steps\":[{\"at\":\(value),\"confirm\":true}]}"
        #expect(throws: ScenarioError(file: "p.json", line: 3, column: 16, path: "$.steps[0].at", message: message)) {
            _ = try ScenarioParser.parse(Array(text.utf8), file: "p.json", id: "p")
        }
    }

    @Test func driftedPercentAndExpressionAreRefusedInPlace() {
        let base =
            "{\"name\":\"p\",\"device\":{\"view\":[393,852],\"screenScale\":3},\"image\":{\"width\":4032,\"height\":3024},\n"
        #expect(
            throws: ScenarioError(
                file: "p.json", line: 2, column: 25, path: "$.steps[0].tap[0]",
                message: #"a percentage must be in -100…200 %, got "250%""#)
        ) {
            _ = try ScenarioParser.parse(
                Array((base + #""steps":[{"at":0,"tap":["250%","50%"]}]}"#).utf8), file: "p.json", id: "p")
        }
        #expect(
            throws: ScenarioError(
                file: "p.json", line: 2, column: 19, path: "$.expect.scale",
                message:
                    "expected a number or an expression like \"sMax\", \"1.5*sMin\", \"-maxTx\"; symbols: sMin, sMax, sQuality, sDensity, initial, maxTx, maxTy"
            )
        ) {
            _ = try ScenarioParser.parse(
                Array((base + #""expect":{"scale":" 1.5 * sMin "}}"#).utf8), file: "p.json", id: "p")
        }
    }
}
