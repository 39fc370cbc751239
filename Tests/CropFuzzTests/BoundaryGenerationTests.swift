import CropFuzz
import CropScenario
import CropSim
import CropVocabulary
import Testing

/// Issue 33: the generator draws the spec's special points exactly (and an ulp or a tolerance
/// off), and swarm traces enable only some kinds, so rare combinations stop being diluted.
/// The special points are restated here from docs/spec's Zoom & Pan Math.
@Suite struct BoundaryGenerationTests {
    static func traces(_ profile: FuzzProfile = .default, count: Int) -> [Trace] {
        let generator = Generator(profile: profile)
        return (0..<count).map { run in
            var reader = ChoiceReader.random(seed: 33, run: run)
            return generator.trace(&reader)
        }
    }

    /// s_min and s_quality of a trace's opening view.
    static func zoomRange(_ t: Trace) -> (sMin: Double, sQuality: Double) {
        let swaps = t.photo.orientation.swapsAxes
        let w = Double(swaps ? t.photo.storedHeight : t.photo.storedWidth),
            h = Double(swaps ? t.photo.storedWidth : t.photo.storedHeight)
        let d = t.config.maskDiameterFraction * min(t.view.width, t.view.height)
        let sigma = t.screenScale
        return (
            max(d / (w / sigma), d / (h / sigma)),
            d * sigma / (Double(t.config.outputSize) * t.config.qualityMultiplier)
        )
    }

    @Test func specialPointsAreDrawn() throws {
        let traces = Self.traces(count: 4000)
        // s_quality on s_min within an ulp or two: the range collapses exactly there.
        let collapsed = traces.filter { t in
            let r = Self.zoomRange(t)
            return abs(r.sQuality - r.sMin) <= 4 * r.sMin.ulp
        }
        #expect(collapsed.count > 3)
        #expect(traces.contains { $0.config.maxZoomMultiplier == (2 as Double).squareRoot() })
        #expect(traces.contains { $0.config.maxZoomMultiplier == 1 })
        let percents = traces.flatMap {
            $0.steps.compactMap { if case .slider(let p, _) = $0.action { p } else { nil } }
        }
        #expect(percents.contains(0) && percents.contains(100))
        #expect(percents.contains { $0 > 0 && $0 < 1e-5 } || percents.contains { $0 < 100 && $0 > 100 - 1e-5 })
        #expect(percents.contains { $0 != $0.rounded() })
        // The exact gestures leave the quarter grid, and so the mirror check.
        let offGrid = traces.filter { t in
            t.steps.contains {
                $0.fingers.contains { $0.samples.contains { ($0.point.x * 4).rounded() != $0.point.x * 4 } }
            }
        }
        #expect(offGrid.count > 10)
        #expect(offGrid.allSatisfy { !$0.hasMirrorImage })
        // What is drawn off the grid survives the text: the scenario parses to the built one.
        let oddPercents = traces.filter { t in
            t.steps.contains { if case .slider(let p, _) = $0.action { p != p.rounded() } else { false } }
        }
        for t in offGrid.prefix(20) + collapsed.prefix(5) + oddPercents.prefix(40) {
            let parsed = try ScenarioWriter.scenario(t, id: "b")
            #expect(ScenarioBuilder.difference(ScenarioBuilder.scenario(t, id: "b"), parsed) == nil)
        }
    }

    /// The retry rule's edges (docs/upload.md: under 400 retried, 400–499 not, bar 408 and 429)
    /// are drawn exactly, and a trace that uploads one keeps it through the scenario text.
    @Test func uploadStatusesAtTheRetryEdgesAreDrawn() throws {
        let traces = Self.traces(count: 3000).filter { $0.backend != nil }
        for status in ["399", "400", "499"] {
            let with = traces.filter { $0.backend!.uploads.contains { $0.result == status } }
            #expect(with.count > 5, "status \(status) in \(with.count) of \(traces.count) traces with a backend")
            for t in with.prefix(3) {
                let parsed = try ScenarioWriter.scenario(t, id: "u")
                #expect(ScenarioBuilder.difference(ScenarioBuilder.scenario(t, id: "u"), parsed) == nil)
            }
        }
    }

    /// Swarm traces draw a subset of the kinds, and burst traces start steps in one tick.
    @Test func swarmTracesNarrowTheKinds() {
        // Drags and pinches are a quarter of the default weights: 10 steps drawn from the whole
        // mix miss both in (57/77)^10 ≈ 5 % of traces; a swarm disables both in one trace in 8.
        let long = Self.traces(count: 3000).filter { $0.steps.count >= 10 }
        let neither = long.filter { !$0.steps.contains { $0.kind == .drag || $0.kind == .pinch } }
        #expect(
            neither.count * 10 > long.count, "\(neither.count) of \(long.count) long traces have no drag and no pinch")
        let sameTick = Self.traces(count: 3000).filter { t in
            zip(t.steps, t.steps.dropFirst()).filter { $0.start == $1.start }.count >= 3
        }
        #expect(sameTick.count > 10)
    }
}
