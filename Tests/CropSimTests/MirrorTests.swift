import CropScenario
import CropSim
import CropVocabulary
import Testing

/// `"metamorphic": ["mirror"]`: a scenario and its left–right mirror image end in mirrored poses.
@Suite struct MirrorTests {
    func parse(_ text: String) throws -> Scenario {
        try ScenarioParser.parse(Array(text.utf8), file: "m.json", id: "m")
    }

    static let mixed = #"""
        { "name": "m", "metamorphic": ["mirror"], "device": { "view": [393, 852], "screenScale": 3, "touchRate": 120 },
          "image": { "width": 4032, "height": 3024, "orientation": 6 },
          "steps": [
            { "at": 0.1, "pinch": { "center": ["62%", "40%"], "from": 90, "to": 420, "duration": 0.5, "drift": [25, -10], "angle": 30 } },
            { "at": 0.8, "drag": { "path": [[120, 400], [260, 380], [300, 520]], "duration": 0.5 } },
            { "at": 1.5, "doubleTap": ["10%", "45%"] },
            { "at": 2.5, "twoFingerDrag": { "from": ["30%", "50%"], "to": ["70%", "55%"], "span": 90, "angle": 20 } },
            { "at": 3.1, "touches": [ { "finger": "A", "actions": [ { "type": "down", "at": [100, 300] },
              { "type": "move", "to": [180, 340], "duration": 0.2 }, { "type": "up" } ] } ] },
            { "at": 3.6, "pinch": { "center": ["35%", "60%"], "from": 100, "to": 260, "duration": 0.4, "drift": [-30, 12], "angle": -25 } },
            { "at": 4.2, "drag": { "from": ["50%", "50%"], "to": ["58%", "47%"], "duration": 0.3 } }
          ] }
        """#

    @Test func aMixOfGesturesEndsMirrored() throws {
        let scenario = try parse(Self.mixed)
        let result = Simulator.run(scenario)
        #expect(result.passed, "\(result.failures) \(result.violations)")
        let mirrored = Simulator.run(scenario.mirrored)
        let a = try #require(result.final?.observation.pose), b = try #require(mirrored.final?.observation.pose)
        #expect(abs(a.translation.x) > 1, "the scenario should end off-center to make the check bite")
        #expect(MirrorCheck.difference(a, b) == nil)
    }

    @Test func theMirrorFlipsEveryHorizontalThing() throws {
        let m = try parse(Self.mixed).mirrored
        #expect(m.image.source.orientation == .leftMirrored)
        guard case .pinch(let p) = m.steps[0].action, case .doubleTap(let tap, _) = m.steps[2].action else {
            Issue.record("steps out of place")
            return
        }
        #expect(p.center.x == .percent(38) && p.drift == Point(x: -25, y: -10) && p.angle == 150)
        #expect(tap.x == .percent(90))
        #expect(m.metamorphic.isEmpty)
    }

    @Test func aPoseThatIsNotMirroredIsReported() {
        let pose = Pose(scale: 1, translation: Point(x: 10, y: 5))
        #expect(MirrorCheck.difference(pose, Pose(scale: 1, translation: Point(x: -10, y: 5))) == nil)
        #expect(MirrorCheck.difference(pose, Pose(scale: 1, translation: Point(x: 10, y: 5))) == "tx 10.0 vs −(10.0)")
    }

    @Test func theMirrorCheckRefusesResizes() {
        let text = Self.mixed.replacingOccurrences(
            of: #"{ "at": 1.5, "doubleTap": ["10%", "45%"] },"#,
            with: #"{ "at": 1.5, "resize": [852, 393] },"#)
        #expect(throws: ScenarioError.self) { try parse(text) }
    }
}
