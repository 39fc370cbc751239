import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Testing

/// What a scenario's expectations assume (`policies` for all of them, an expectation block's
/// `assumes` for one key): against an editor that declares another value those keys are not
/// judged, with the reason, while the rest of the scenario and every invariant still judge it.
@Suite struct ScenarioPoliciesTests {
    /// The reference editor declaring the linear slider while still mapping logarithmically.
    static let linearClaim: ReferenceAs.Claim = {
        var policies = Policies()
        policies.sliderMapping = .linear
        return ReferenceAs.Claim(
            identity: ModelIdentity(name: "linear-claim", version: "1", capabilities: .all, policies: policies))
    }()

    func scenario(assuming policies: String, perKey: Bool = false) throws -> Scenario {
        let assumed = perKey ? #", "ty": 0, "assumes": { "scale": \#(policies) }"# : ""
        let text = """
            { "name": "midpoint", \(perKey ? "" : #""policies": \#(policies),"#)
              "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "steps": [ { "at": 0.1, "slider": { "to": 50, "animated": false } } ],
              "expect": { "scale": "2*sMin"\(assumed) } }
            """
        return try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
    }

    @Test func anExpectationAssumingAnotherPolicyIsNotJudgedButTheRunIs() throws {
        for perKey in [false, true] {
            let result = ModelRunner.reference.run(
                try scenario(assuming: #"{ "sliderMapping": "linear" }"#, perKey: perKey))
            #expect(result.outcome == .passed)
            #expect(result.ticks > 0)
            #expect(result.expectationsNotJudged == ["$.expect.scale (assumes sliderMapping=linear)"])
        }
        // The liar (declares linear, maps logarithmically) is still caught by the oracle.
        let liar = ModelRunner(ReferenceAs.self, in: Self.linearClaim).run(
            try scenario(assuming: #"{ "sliderMapping": "logarithmic" }"#, perKey: true))
        #expect(liar.outcome == .failed)
        #expect(liar.expectationsNotJudged == ["$.expect.scale (assumes sliderMapping=logarithmic)"])
        #expect(liar.violations.contains { $0.property.rawValue == "sliderTarget" })
    }

    @Test func assumesNamesOnlyKeysItsBlockStates() throws {
        let text = """
            { "name": "x", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "expect": { "scale": "sMin", "assumes": { "tx": { "sliderMapping": "linear" } } } }
            """
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x") }
        let bad = text.replacingOccurrences(
            of: #""tx": { "sliderMapping": "linear" }"#, with: #""scale": { "sliderMapping": "cubic" }"#)
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(bad.utf8), file: "x.json", id: "x") }
    }

    /// An editor without confirm: the scenario is judged up to its confirm; the keys the confirm
    /// would have changed are listed as not judged.
    @Test func aScenarioEndingInConfirmIsJudgedUpToItWithoutConfirm() throws {
        let text = """
            { "name": "confirm mid-move", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "steps": [ { "at": 0.1, "slider": { "to": 100 } }, { "at": 0.2, "confirm": true } ],
              "checkpoints": [ { "at": 0.05, "scale": "initial" }, { "at": 0.3, "session": "confirmed" } ],
              "expect": { "scale": "sMax", "session": "confirmed", "hapticSequence": ["success"] } }
            """
        let scenario = try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x")
        let result = ModelRunner(
            ReferenceAs.self,
            in: ReferenceAs.Claim(
                identity: ModelIdentity(
                    name: "no-confirm", version: "1", capabilities: Capabilities.all.subtracting([.confirm, .upload])))
        ).run(scenario)
        #expect(result.outcome == .passed)
        #expect(
            result.final?.observation.pose.scale == ModelRunner.reference.run(scenario).final?.observation.pose.scale)
        #expect(result.expectationsNotJudged.count == 3)
        #expect(
            result.expectationsNotJudged.allSatisfy {
                $0.hasSuffix("(after the confirm at $.steps[1], which the model does not implement)")
            })
        #expect(result.expectationsNotJudged.contains { $0.hasPrefix("$.expect.hapticSequence") })
    }

    /// A scenario naming a photo file, loaded without the image decoding that reads its size, is
    /// not judged at 0×0.
    @Test func aPhotoFileNotReadIsNotApplicable() throws {
        let text =
            #"{ "name": "photo", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "file": "p.png" } }"#
        let result = ModelRunner.reference.run(try ScenarioParser.parse(Array(text.utf8), file: "x.json", id: "x"))
        #expect(result.outcome == .notApplicable)
        #expect(result.notApplicable?.hasPrefix("the photo p.png was not read") == true)
    }

    @Test func aScenarioAssumingTheDeclaredPolicyIsJudged() throws {
        // The same claim with the expectation it asks for: judged, and the oracle (holding the
        // editor to its declared linear mapping) catches the logarithmic slider.
        let claimed = ModelRunner(ReferenceAs.self, in: Self.linearClaim).run(
            try scenario(assuming: #"{ "sliderMapping": "linear" }"#))
        #expect(claimed.outcome == .failed)
        #expect(
            claimed.violations.contains {
                $0.property.rawValue == "sliderTarget" || $0.property.rawValue == "sliderReadsZoom"
            })
        let reference = ModelRunner.reference.run(try scenario(assuming: #"{ "sliderMapping": "logarithmic" }"#))
        #expect(reference.outcome == .passed)
        #expect(reference.expectationsNotJudged.isEmpty)
    }
}
