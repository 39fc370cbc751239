@testable import CropFrames
@testable import CropReport
import CropSim
import Foundation
import Testing

/// What the timelines mark: checkpoints (a failed one red), and gesture spans in a lane of their
/// own, opaque, so no colour mixes with the band's into another legend colour (issue 35: a yellow
/// pan over the blue band rendered as the pinch's green; a failed checkpoint at 0.55 s was invisible).
@Suite struct TimelineMarksTests {
    static let id = "requirements/zoom-clamped-below-min"  // one checkpoint, at 0.55 s

    @Test func aCheckpointIsMarkedAndAFailedOneIsRed() throws {
        let met = try #require(try Fixture.results([Self.id]).first)
        #expect(met.passed)
        let metSection = try Page([met]).details[0]
        #expect(count("<g class=\"checkpoint\" data-time=\"0.55\"", in: metSection) == 3)  // zoom, tx, ty
        #expect(!metSection.contains("checkpoint failed"))

        var failed = met
        failed.failures.append(
            ExpectationFailure(path: "$.checkpoints[0].scale", message: "at t=0.55 s: expected sMin, got 2"))
        let section = try Page([failed]).details[0]
        #expect(count("<g class=\"checkpoint failed\" data-time=\"0.55\"", in: section) == 3)
        #expect(section.contains("checkpoint failed") && section.contains("expected sMin, got 2"))
        #expect(section.contains("fill=\"\(Palette.violation)\""))
    }

    @Test func gestureSpansSitInTheirOwnOpaqueLane() throws {
        let r = try #require(try Fixture.results(["gestures/hand-over-drag-pinch-drag"]).first)
        let section = try Page([r]).details[0]
        let spans = section.components(separatedBy: "<rect class=\"phase ").dropFirst().map {
            String($0.prefix(while: { $0 != ">" }))
        }
        #expect(spans.contains { $0.hasPrefix("phase-pan") } && spans.contains { $0.hasPrefix("phase-pinch") })
        for span in spans {
            #expect(!span.contains("fill-opacity"), "a translucent span mixes with what is under it")
            #expect(
                span.contains("y=\"\(svgNumber(SVGChart.laneTop))\"")
                    && span.contains("height=\"\(svgNumber(SVGChart.laneHeight))\""))
        }
        #expect(SVGChart.laneTop + SVGChart.laneHeight <= SVGChart.top, "the lane overlaps the plot, where the band is")
    }
}
