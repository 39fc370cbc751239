@testable import CropScenario
import CropTestSupport
import CropVocabulary
import Foundation
import PropertyBased
import Testing

/// The encoder and the parser agree: whatever the encoder writes reads back as the value it
/// came from, and its text is a fixed point (the canonical form, docs/scenarios.md).
@Suite struct ScenarioEncoderTests {
    func parse(_ text: String, file: String = "g.json", id: String = "g") throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(Array(text.utf8), file: file, id: id)
    }

    @Test func parseOfEncodeIsTheScenario() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var gen = ScenarioGen(seed: seed)
            let s = gen.scenario()
            let text = ScenarioEncoder.text(s, schema: "../schema.json")
            let back = try parse(text)
            #expect(back == s, "\(text)")
            #expect(ScenarioEncoder.text(back, schema: "../schema.json") == text)
        }
    }

    /// What a file states beside the scenario survives too: the `$schema` reference, the preset
    /// named for the device, and the steps' notes.
    @Test func aDocumentReadsBackWithItsSchemaPresetAndNotes() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var gen = ScenarioGen(seed: seed)
            let d = gen.document()
            let text = ScenarioEncoder.text(d)
            let back = try ScenarioParser.document(Array(text.utf8), file: "g.json", id: "g")
            #expect(back.scenario == d.scenario && back.schema == d.schema && back.preset == d.preset, "\(text)")
            #expect(ScenarioEncoder.text(back) == text)
        }
    }

    /// Suite files are written for reading (notes, layout, key order), so they need not be in
    /// canonical form; their canonical form holds the same scenario and is a fixed point.
    @Test(arguments: Repository.scenarioFiles) func everySuiteFileSurvivesTheEncoder(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Repository.scenarios.appendingPathComponent(file)))
        var s = try ScenarioParser.parse(bytes, file: file, id: file)
        let canonical = ScenarioEncoder.text(s)
        var back = try parse(canonical, file: file, id: file)
        // Where a photo's name sits in the file is the one thing the text's layout decides.
        s.image.fileLocation = nil
        back.image.fileLocation = nil
        #expect(back == s, "\(canonical)")
        #expect(ScenarioEncoder.text(back) == canonical)
    }

    @Test func theCanonicalFormOfASmallScenario() throws {
        let s = try parse(
            #"""
            { "name": "n", "device": "iphone-15", "image": { "width": 40, "height": 30, "orientation": 1 },
              "steps": [ { "at": "100ms", "rotate": { "by": 90 } }, { "at": 0.5, "slider": { "to": 40, "animated": false } } ],
              "expect": { "upload": {}, "scale": { "value": "sMax", "tolerance": 0.001 }, "phase": "idle", "violations": "none" } }
            """#)
        #expect(
            ScenarioEncoder.text(s) == #"""
                {
                  "name": "n",
                  "device": { "view": [393, 852], "screenScale": 3 },
                  "image": { "width": 40, "height": 30 },
                  "steps": [
                    { "at": 0.1, "pinch": { "from": 160, "to": 160, "duration": 0.5, "rotate": 90 } },
                    { "at": 0.5, "slider": { "to": 40, "animated": false } }
                  ],
                  "expect": { "scale": { "value": "sMax", "tolerance": 0.001 }, "phase": "idle" }
                }

                """#)
    }
}

/// `cropsim new`'s templates are valid scenarios in canonical form.
@Suite struct ScenarioTemplateTests {
    @Test(arguments: ScenarioTemplate.allCases) func everyTemplateParsesAndIsCanonical(_ template: ScenarioTemplate)
        throws
    {
        let text = template.text(name: "mine", schema: "../schema.json")
        let s = try ScenarioParser.parse(Array(text.utf8), file: "mine.json", id: "mine")
        #expect(s.name == "mine" && !s.steps.isEmpty && !s.covers.isEmpty)
        #expect(ScenarioEncoder.text(s, schema: "../schema.json") == text)
        #expect(text.hasPrefix("{\n  \"$schema\": \"../schema.json\",\n  \"name\": \"mine\",\n"))
    }
}

/// `"maskDiameter"`: a number expectation like the pose's, in `expect` and checkpoints.
@Suite struct MaskDiameterFormatTests {
    func parse(_ expect: String) throws(ScenarioError) -> Scenario {
        let text = #"{ "name": "m", "device": "ipad", "image": { "width": 40, "height": 30 }, "expect": \#(expect) }"#
        return try ScenarioParser.parse(Array(text.utf8), file: "m.json", id: "m")
    }

    @Test func itReadsAndWritesLikeAnyNumber() throws {
        let s = try parse(#"{ "maskDiameter": { "value": 410, "tolerance": 0.001 } }"#)
        #expect(
            s.expect.maskDiameter
                == NumberExpectation(
                    target: NumberExpression(factor: 410), tolerance: 0.001,
                    path: "$.expect.maskDiameter"))
        #expect(ScenarioEncoder.expectations(s.expect) == #"{ "maskDiameter": { "value": 410, "tolerance": 0.001 } }"#)
    }

    @Test func aStringIsAnErrorAtItsPlace() {
        let error = #expect(throws: ScenarioError.self) { try parse(#"{ "maskDiameter": "wide" }"#) }
        #expect(
            error?.path == "$.expect.maskDiameter"
                && error?.message.hasPrefix("expected a number or an expression") == true)
    }

    @Test func theSchemaListsIt() {
        #expect(ScenarioFormat.expectations.keys.contains("maskDiameter"))
        #expect(ScenarioFormat.checkpoint.keys.contains("maskDiameter"))
    }
}
