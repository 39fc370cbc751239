import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Testing

/// A model may report its readout in part (docs/model-protocol.md#capabilities): an expectation
/// on a field it never reports is not judged, while the fields it does report still are.
@Suite struct PartialReadoutTests {
    /// The reference editor reporting every readout field but the dimming and the gesture.
    static let someReadout = ReferenceAs.Claim(identity: Editor.referenceIdentity) { readout in
        var r = readout
        r.dimmingOpacity = nil
        r.gesture = nil
        return r
    }

    @Test func aFieldNeverReportedIsNotJudgedTheOthersAre() throws {
        let text = """
            { "name": "readout", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "expect": { "dimmingOpacity": 0.92, "phase": "idle", "zoomLimited": false, "maskDiameter": 322.26 } }
            """
        let scenario = try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
        let result = ModelRunner(ReferenceAs.self, in: Self.someReadout).run(scenario)
        #expect(
            result.expectationsNotJudged == [
                "$.expect.dimmingOpacity (the model does not report it)",
                "$.expect.phase (the model does not report it)"
            ])
        #expect(result.outcome == .passed, "\(result.failures)")
        // What it reports is judged: a wrong mask diameter fails.
        let wrong = try ScenarioParser.parse(
            Array(text.replacingOccurrences(of: "322.26", with: "300").utf8), file: "x.json", id: "x")
        #expect(
            ModelRunner(ReferenceAs.self, in: Self.someReadout).run(wrong).failures.map(\.path) == [
                "$.expect.maskDiameter"
            ])
    }
}
