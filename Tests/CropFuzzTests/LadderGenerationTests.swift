import CropFuzz
import CropScenario
import CropSim
import CropVocabulary
import Testing

/// Issue 33: the generator puts s_max within a few merge tolerances of a ladder rung, pinches to
/// a zoom a few tolerances below one of the two, and double-taps from there. The rungs are
/// restated here from docs/spec (R2.3, Zoom & Pan Math).
@Suite struct LadderGenerationTests {
    static let tolerance = 1e-6

    /// The ladder of a trace's opening view: 1.0×, 1.5×, 2.0× s_min clamped, and s_max.
    static func rungs(_ t: Trace) -> [Double] {
        let (sMin, sQuality) = BoundaryGenerationTests.zoomRange(t)
        let cap = min(sMin * t.config.maxZoomMultiplier, sQuality, t.screenScale / t.config.minPixelPerPoint)
        let sMax = max(cap, sMin)
        return ([1, 1.5, 2].map { min(max($0 * sMin, sMin), sMax) } + [sMax]).sorted()
    }

    static func hasCloseRungs(_ t: Trace) -> Bool {
        let r = rungs(t)
        return zip(r, r.dropFirst()).contains { $0 < $1 && $1 <= $0 * (1 + 3 * tolerance) }
    }

    /// The zoom an opening ladder step's pinch requests: the opening zoom times the span ratio.
    static func pinchedZoom(_ t: Trace) -> Double? {
        guard let first = t.steps.first, first.kind == .doubleTap, first.fingers.count > 2 else { return nil }
        let a = first.fingers[0].samples, b = first.fingers[1].samples
        let from = abs(b[0].point.x - a[0].point.x), to = abs(b[b.count - 1].point.x - a[a.count - 1].point.x)
        let sMin = BoundaryGenerationTests.zoomRange(t).sMin
        return min(1.05 * sMin, rungs(t).last!) * to / from
    }

    @Test func rungsWithinTheMergeToleranceAreDrawnAndTappedFrom() throws {
        let traces = BoundaryGenerationTests.traces(count: 20_000)
        let close = traces.filter(Self.hasCloseRungs)
        #expect(close.count > 100, "\(close.count) of \(traces.count) traces have rungs within 3e-6")
        let ladder = close.filter { Self.pinchedZoom($0) != nil }
        #expect(ladder.count > 10, "\(ladder.count) ladder steps")
        // Some pinch into the window: the zoom at one level (within the tolerance) with the next
        // level above it within the tolerance of that one.
        let inWindow = ladder.filter { t in
            let s = Self.pinchedZoom(t)!, r = Self.rungs(t)
            guard let at = r.last(where: { $0 <= s * (1 + Self.tolerance) }),
                let next = r.first(where: { $0 > s * (1 + Self.tolerance) })
            else { return false }
            return next <= at * (1 + Self.tolerance)
        }
        #expect(
            inWindow.count * 5 > ladder.count,
            "\(inWindow.count) of \(ladder.count) ladder steps pinch into the merge window")
        // Each is a pinch, then double-taps: more than two fingers, all lifted.
        #expect(
            ladder.allSatisfy {
                $0.steps[0].fingers.count >= 4 && $0.steps[0].fingers.allSatisfy { $0.samples.last!.phase == .up }
            })
        for t in ladder.prefix(10) {
            let parsed = try ScenarioWriter.scenario(t, id: "l")
            #expect(ScenarioBuilder.difference(ScenarioBuilder.scenario(t, id: "l"), parsed) == nil)
        }
    }
}
