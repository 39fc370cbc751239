import CropScenario
import CropSim
import Testing

/// `"maskDiameter"` in `expect` and checkpoints: judged against the editor's readout.
@Suite struct MaskDiameterExpectationTests {
    func run(checkpoint: String, expect: String) throws -> RunResult {
        let text = #"""
            { "name": "m", "device": { "view": [820, 1180], "screenScale": 2 }, "image": { "width": 4032, "height": 3024 },
              "steps": [ { "at": 0.5, "resize": [500, 1180] } ],
              "checkpoints": [ { "at": 0.2, "maskDiameter": \#(checkpoint) } ], "expect": { "maskDiameter": \#(expect) } }
            """#
        return Simulator.run(try ScenarioParser.parse(Array(text.utf8), file: "m.json", id: "m"))
    }

    /// 0.82 of the view's short side: 820 pt before the resize, 500 pt after.
    @Test func theMaskFollowsTheResize() throws {
        let r = try run(checkpoint: "672.4", expect: "410")
        #expect(r.failures.isEmpty, "\(r.failures)")
    }

    @Test func aWrongDiameterFailsAtItsPath() throws {
        let r = try run(checkpoint: #"{ "value": 600, "tolerance": 0.01 }"#, expect: "672.4")
        #expect(r.failures.map(\.path) == ["$.checkpoints[0].maskDiameter", "$.expect.maskDiameter"])
        #expect(r.failures.first?.message == "at t=0.200 s: expected 600.0 = 600.0 ± 0.01, got 672.4")
        #expect(r.failures.last?.message.hasSuffix("got 410.0") == true)
    }
}
