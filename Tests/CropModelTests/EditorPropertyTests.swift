import CropModel
import CropSpec
import CropVocabulary
import PropertyBased
import Testing

@Suite struct EditorPropertyTests {
    /// After any event sequence, every property of the spec oracle holds on every event and frame:
    /// zoom in range, mask covered, density, finite, crop inside the source, where each discrete
    /// action lands, the haptics owed and allowed. The events here are raw (a pan change without
    /// its began, a pinch change without a pinch), which no recognizer sends, so `gesturesWellFormed`
    /// is the one property not asked of them.
    @Test func everyEventAndFrameSatisfiesTheOracle() async {
        await propertyCheck(count: 300, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.config, Arbitrary.events)
        {
            source, viewport, config, steps in
            let request = OpenRequest(source: source, viewport: viewport, config: config)
            var host = NoHost()
            guard case .opened(var e) = CheckedEditor<Editor>.open(request, in: (), host: &host) else { return }
            for step in steps {
                e.apply(
                    step.event(in: Viewport(size: e.readout.view ?? viewport.size, screenScale: viewport.screenScale)),
                    host: &host)
                // Raw events have no recognizer: the grid follows the editor's own gesture.
                for _ in 0..<step.ticks { e.tick(recognizerActive: e.readout.gesture != .idle, host: &host) }
            }
            let broken = e.violations.filter { $0.property != .gesturesWellFormed }
            #expect(broken.map(\.description) == [])
        }
    }

    @Test func clampingIsIdempotent() async {
        let pose = zip(Gen.double(in: 0.001...20), Gen.double(in: -5000...5000), Gen.double(in: -5000...5000))
            .map { s, x, y in Pose(scale: s, translation: Point(x: x, y: y)) }
        await propertyCheck(count: 500, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.config, pose) {
            source, viewport, config, pose in
            let g = ZoomGeometry(source: source, viewport: viewport, config: config)
            let once = g.clamp(pose).pose
            let twice = g.clamp(once)
            #expect(twice.pose == once)
            #expect(twice.cut.isEmpty)
        }
    }

    /// The clamp's `on` (what the editor engages and re-arms by) is `limits(at:)` of the pose it
    /// returns, bit for bit: turned or not, around a home quarter or not, pushed past a limit
    /// or inside.
    @Test func theClampKnowsWhichSidesItsResultSitsOn() async {
        let request = zip(
            Gen.double(in: 0.001...20), Gen.double(in: -5000...5000), Gen.double(in: -5000...5000),
            Gen.double(in: -400...400), Gen.int(in: -1...3))
        await propertyCheck(count: 500, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.config, request) {
            source, viewport, config, request in
            let (s, x, y, angle, quarter) = request
            var turned = config
            turned.allowRotation = true
            for config in [config, turned] {
                let g = ZoomGeometry(source: source, viewport: viewport, config: config)
                let pose = Pose(scale: s, translation: Point(x: x, y: y), angle: config.allowRotation ? angle : 0)
                let clamped = g.clamp(pose, home: quarter < 0 ? nil : Double(quarter) * 90)
                #expect(clamped.on == g.limits(at: clamped.pose))
            }
        }
    }

    /// While neither the zoom nor the translation is clamped, the image point under the fingers'
    /// centroid is the one that was under it when the pinch began.
    @Test func pinchKeepsTheFocalPointWhileUnclamped() async {
        let pinch = zip(Gen.double(in: 0.3...3), Gen.double(in: -0.3...0.3), Gen.double(in: -0.3...0.3))
        await propertyCheck(count: 300, input: Arbitrary.source, Arbitrary.viewport, pinch) { source, viewport, pinch in
            guard var e = try? Editor.open(source: source, viewport: viewport).editor else { return }
            let (factor, dx, dy) = pinch
            let c = viewport.center
            let start = Point(x: c.x + dx * viewport.size.width / 4, y: c.y + dy * viewport.size.height / 4)
            _ = e.apply(.pinchBegan(focal: start))
            let q = e.pose.imagePoint(under: start - c)
            let focal = Point(x: start.x + dx * 20, y: start.y - dy * 20)
            _ = e.apply(.pinchChanged(scale: factor, focal: focal))
            guard e.lastCut.isEmpty else { return }
            let now = e.pose.imagePoint(under: focal - c)
            #expect(abs(now.x - q.x) <= 1e-9 * max(1, abs(q.x)) && abs(now.y - q.y) <= 1e-9 * max(1, abs(q.y)))
        }
    }

    @Test func doubleTapKeepsTheTappedPointWhenUnclamped() async {
        let tap = zip(Gen.double(in: -0.2...0.2), Gen.double(in: -0.2...0.2))
        await propertyCheck(count: 300, input: Arbitrary.source, Arbitrary.viewport, tap) { source, viewport, tap in
            guard var e = try? Editor.open(source: source, viewport: viewport, reduceMotion: true).editor else {
                return
            }
            let c = viewport.center
            let offset = Point(x: tap.0 * e.geometry.maskDiameter, y: tap.1 * e.geometry.maskDiameter)
            let q = e.pose.imagePoint(under: offset)
            // Where the spec puts the next rung (the oracle's ladder, not the model's).
            guard
                let target = SpecGeometry(source: source, viewport: viewport, config: .init()).nextRung(
                    after: e.pose.scale)
            else { return }
            let wanted = Pose(scale: target, translation: Pose.translation(placing: q, under: offset, scale: target))
            _ = e.apply(.doubleTap(at: c + offset))
            guard e.geometry.clamp(wanted).cut.isEmpty else { return }
            let now = e.pose.imagePoint(under: offset)
            #expect(abs(now.x - q.x) <= 1e-9 * max(1, abs(q.x)) && abs(now.y - q.y) <= 1e-9 * max(1, abs(q.y)))
        }
    }

    @Test func sliderRoundTrips() async {
        await propertyCheck(
            count: 500, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.config, Gen.double(in: 0...100)
        ) {
            source, viewport, config, percent in
            let g = ZoomGeometry(source: source, viewport: viewport, config: config)
            let s = ZoomSlider.scale(for: percent, in: g)
            #expect(s >= g.sMin * (1 - 1e-12) && s <= g.sMax * (1 + 1e-12))
            if g.sMax > g.sMin * (1 + 1e-6) {
                #expect(abs(ZoomSlider.percent(for: s, in: g) - percent) < 1e-7)
            } else {
                #expect(ZoomSlider.percent(for: s, in: g) == 0)
            }
        }
    }

    /// Mirroring the photo (EXIF 1 ↔ 2 and friends) and every input left–right mirrors the pose.
    /// Resizes are left out: the view grows from its top-left origin, so a resize with fingers
    /// down (which re-anchors a pinch at the fingers' view position) is not mirror-symmetric.
    @Test func mirroredInputGivesAMirroredState() async {
        await propertyCheck(count: 200, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.events) {
            source, viewport, allSteps in
            let steps = allSteps.filter { $0.kind != 12 }
            let mirroredSource = SourceImage(
                storedWidth: source.storedWidth, storedHeight: source.storedHeight,
                orientation: source.orientation.mirrored)
            guard var a = try? Editor.open(source: source, viewport: viewport).editor,
                var b = try? Editor.open(source: mirroredSource, viewport: viewport).editor
            else { return }
            for step in steps {
                let event = step.event(in: a.geometry.viewport)
                _ = a.apply(event)
                _ = b.apply(event.mirrored(viewWidth: b.geometry.viewport.size.width))
                for _ in 0..<step.ticks {
                    _ = a.tick()
                    _ = b.tick()
                }
            }
            let tolerance = 1e-6 * max(1, a.geometry.maskDiameter)
            #expect(abs(a.pose.scale - b.pose.scale) <= 1e-9 * a.pose.scale)
            #expect(abs(a.pose.translation.x + b.pose.translation.x) <= tolerance)
            #expect(abs(a.pose.translation.y - b.pose.translation.y) <= tolerance)
        }
    }
}

extension EditorEvent {
    func mirrored(viewWidth w: Double) -> EditorEvent {
        func m(_ p: Point) -> Point { Point(x: w - p.x, y: p.y) }
        switch self {
        case .panChanged(let d): return .panChanged(delta: Point(x: -d.x, y: d.y))
        case .pinchBegan(let f): return .pinchBegan(focal: m(f))
        case .pinchChanged(let s, let f): return .pinchChanged(scale: s, focal: m(f))
        case .doubleTap(let p): return .doubleTap(at: m(p))
        default: return self
        }
    }
}
