import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Testing

/// A scenario's `policies` are what its expectations assume: against an editor that declares
/// another value it is not applicable (with the reason), never failed and never passed.
@Suite struct ScenarioPoliciesTests {
    /// The reference editor declaring the linear slider while still mapping logarithmically.
    struct LinearClaim: EditorModel {
        var editor: Editor
        static func identity(in context: Void) -> ModelIdentity {
            var policies = Policies()
            policies.sliderMapping = .linear
            return ModelIdentity(name: "linear-claim", version: "1", capabilities: .all, policies: policies)
        }
        static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal) -> Self {
            Self(editor: try Editor.open(request, effects: &effects))
        }
        mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) { editor.apply(event, into: &effects) }
        mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
        var observation: Observation { editor.observation }
        var sliderPercent: Double { editor.sliderPercent }
        var readout: Readout { editor.readout }
    }

    func scenario(assuming policies: String) throws -> Scenario {
        let text = """
        { "name": "midpoint", "policies": \(policies),
          "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
          "steps": [ { "at": 0.1, "slider": { "to": 50, "animated": false } } ],
          "expect": { "scale": "2*sMin" } }
        """
        return try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
    }

    @Test func aScenarioAssumingAnotherPolicyIsNotApplicable() throws {
        let result = ModelRunner(LinearClaim.self, in: ()).run(try scenario(assuming: #"{ "sliderMapping": "logarithmic" }"#))
        #expect(result.outcome == .notApplicable)
        #expect(result.notApplicable == "the scenario's expectations assume sliderMapping=logarithmic; the model declares sliderMapping=linear")
        #expect(result.ticks == 0)
    }

    /// A scenario naming a photo file, loaded without the image decoding that reads its size, is
    /// not judged at 0×0.
    @Test func aPhotoFileNotReadIsNotApplicable() throws {
        let text = #"{ "name": "photo", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "file": "p.png" } }"#
        let result = ModelRunner.reference.run(try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x"))
        #expect(result.outcome == .notApplicable)
        #expect(result.notApplicable?.hasPrefix("the photo p.png was not read") == true)
    }

    @Test func aScenarioAssumingTheDeclaredPolicyIsJudged() throws {
        // The same claim with the expectation it asks for: judged, and the oracle (holding the
        // editor to its declared linear mapping) catches the logarithmic slider.
        let claimed = ModelRunner(LinearClaim.self, in: ()).run(try scenario(assuming: #"{ "sliderMapping": "linear" }"#))
        #expect(claimed.outcome == .failed)
        #expect(claimed.violations.contains { $0.property.rawValue == "sliderTarget" || $0.property.rawValue == "sliderReadsZoom" })
        let reference = ModelRunner.reference.run(try scenario(assuming: #"{ "sliderMapping": "logarithmic" }"#))
        #expect(reference.outcome == .passed)
    }
}
