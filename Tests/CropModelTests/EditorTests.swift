import CropModel
import CropVocabulary
import Testing

@Suite struct EditorTests {
    let phone = Viewport(width: 393, height: 852, screenScale: 3)
    var center: Point { phone.center }

    func open(_ w: Int = 4032, _ h: Int = 3024, reduceMotion: Bool = false) throws -> Editor {
        try Editor.open(
            source: SourceImage(storedWidth: w, storedHeight: h), viewport: phone, reduceMotion: reduceMotion
        ).editor
    }

    /// Ticks until the transition settles, checking every frame against the limits.
    func settle(_ e: inout Editor) -> Int {
        var frames = 0
        while e.isAnimating {
            _ = e.tick()
            frames += 1
            let g = e.geometry, limit = g.panLimit(scale: e.pose.scale)
            #expect(e.pose.scale >= g.sMin && e.pose.scale <= g.sMax)
            #expect(abs(e.pose.translation.x) <= limit.x && abs(e.pose.translation.y) <= limit.y)
        }
        return frames
    }

    @Test func panIsClampedOnEveryUpdateWithOneHapticPerLimitHit() throws {
        var e = try open()
        let limit = e.geometry.panLimit(scale: e.pose.scale)
        var haptics: [Haptic] = []
        haptics += e.apply(.panBegan).haptics
        for _ in 0..<20 { haptics += e.apply(.panChanged(delta: Point(x: 10, y: 0))).haptics }
        #expect(e.pose.translation.x == limit.x)
        #expect(haptics == [.lightImpact(.panClampX)])
        // Sliding along the edge stays at the limit: no new haptic.
        haptics += e.apply(.panChanged(delta: Point(x: 0, y: 1))).haptics
        #expect(haptics.count == 1)
        // Leave the limit and come back: a second haptic.
        haptics += e.apply(.panChanged(delta: Point(x: -30, y: 0))).haptics
        haptics += e.apply(.panChanged(delta: Point(x: 40, y: 0))).haptics
        #expect(haptics == [.lightImpact(.panClampX), .lightImpact(.panClampX)])
        #expect(!e.gridVisible && !e.instructionsVisible)
        _ = e.apply(.panEnded)
        #expect(e.gridVisible && !e.instructionsVisible)
    }

    /// The buffered forms the simulator uses append exactly what the returning forms return, and
    /// leave the buffer's earlier contents alone, event after event and frame after frame.
    @Test func bufferedApplyAndTickAppendWhatTheReturningFormsReturn() throws {
        var returning = try open(), buffered = returning
        let events: [EditorEvent] =
            [.panBegan] + Array(repeating: .panChanged(delta: Point(x: 40, y: -25)), count: 12)
            + [.panEnded, .doubleTap(at: center)]
        var all: [EditorEffect] = [], buffer: [EditorEffect] = [.haptic(.success)]
        for event in events {
            all += returning.apply(event)
            buffered.apply(event, into: &buffer)
        }
        while returning.isAnimating {
            all += returning.tick()
            buffered.tick(into: &buffer)
        }
        #expect(all.contains(.haptic(.lightImpact(.panClampX))))
        #expect(buffer == [.haptic(.success)] + all)
        #expect(buffered == returning)
        #expect(!buffered.isAnimating && buffered.transition == nil)
    }

    @Test func pinchKeepsTheFocalPointAndUsesTheClampedScaleAtTheLimit() throws {
        var e = try open()
        let focal = Point(x: center.x + 30, y: center.y - 12)
        _ = e.apply(.pinchBegan(focal: focal))
        let q = e.pose.imagePoint(under: focal - center)
        _ = e.apply(.pinchChanged(scale: 1.5, focal: focal))
        #expect(e.pose.imagePoint(under: focal - center).x.isClose(to: q.x))
        #expect(e.pose.imagePoint(under: focal - center).y.isClose(to: q.y))
        // Far past s_max: the zoom stops at s_max and the focal image point still does not move.
        let h1 = e.apply(.pinchChanged(scale: 40, focal: focal)).haptics
        let h2 = e.apply(.pinchChanged(scale: 50, focal: focal)).haptics
        #expect(e.pose.scale == e.geometry.sMax)
        #expect(h1 == [.lightImpact(.zoomMax)] && h2.isEmpty)
        #expect(e.pose.imagePoint(under: focal - center).x.isClose(to: q.x))
        // Pinching far in stops at s_min.
        #expect(e.apply(.pinchChanged(scale: 0, focal: focal)).haptics.contains(.lightImpact(.zoomMin)))
        #expect(e.pose.scale == e.geometry.sMin)
    }

    @Test func doubleTapCyclesTheLadderAnchoredAtTheTap() throws {
        var e = try open()
        let g = e.geometry
        let tap = Point(x: center.x + 20, y: center.y + 15)
        var seen: [Double] = []
        for _ in 0..<5 {
            let q = e.pose.imagePoint(under: tap - center)
            _ = e.apply(.doubleTap(at: tap))
            #expect(settle(&e) > 1)
            seen.append(e.pose.scale / g.sMin)
            if e.pose.scale > g.sMin * 1.01 {
                // The tapped image point is still under the finger (no clamp near the center).
                #expect(e.pose.imagePoint(under: tap - center).x.isClose(to: q.x, relative: 1e-6))
            }
        }
        #expect(seen.map { ($0 * 100).rounded() / 100 } == [1.5, 2, 4, 1, 1.5])
    }

    @Test func reduceMotionMakesTransitionsDiscrete() throws {
        var e = try open(reduceMotion: true)
        _ = e.apply(.doubleTap(at: center))
        #expect(!e.isAnimating)
        #expect(e.pose.scale.isClose(to: 1.5 * e.geometry.sMin))
        // Switching it on mid-animation jumps to the end.
        var m = try open()
        _ = m.apply(.recenter)
        _ = m.apply(.setZoomSlider(percent: 100, animated: true))
        _ = m.tick()
        #expect(m.isAnimating)
        _ = m.apply(.setReduceMotion(true))
        #expect(!m.isAnimating && m.pose.scale == m.geometry.sMax)
    }

    @Test func anUnderdampedZoomOutNeverCrossesSMin() throws {
        var e = try open()
        _ = e.apply(.setZoomSlider(percent: 100, animated: false))
        _ = e.apply(.setZoomSlider(percent: 0, animated: true))
        let unclamped = e.transition!
        var lowest = Double.infinity
        var t = unclamped
        // The editor's spring (ζ = 0.8) overshoots by about 1.5 % of the move unclamped.
        while !t.advance(spring: .transition, dt: TickClock.tickDuration) { lowest = min(lowest, t.currentPose.scale) }
        #expect(lowest < e.geometry.sMin)  // the raw spring would overshoot…
        _ = settle(&e)  // …and `settle` checks every clamped frame stays inside.
        #expect(e.pose.scale == e.geometry.sMin)
    }

    @Test func sliderRoundTripsAndIncrementsPressAgainstTheEnd() throws {
        var e = try open()
        for p in stride(from: 0.0, through: 100, by: 12.5) {
            _ = e.apply(.setZoomSlider(percent: p, animated: false))
            #expect(e.sliderPercent.isClose(to: p, relative: 1e-9) || abs(e.sliderPercent - p) < 1e-9)
        }
        #expect(e.pose.scale == e.geometry.sMax)
        #expect(e.apply(.incrementZoom).haptics == [.lightImpact(.zoomMax)])
        #expect(e.apply(.incrementZoom).haptics.isEmpty)
        _ = e.apply(.decrementZoom)
        _ = settle(&e)
        #expect(e.sliderPercent.isClose(to: 90, relative: 1e-9))
    }

    @Test func recenterAnimatesBackToTheMiddle() throws {
        var e = try open()
        _ = e.apply(.panChanged(delta: Point(x: 40, y: 5)))
        _ = e.apply(.panEnded)
        _ = e.apply(.recenter)
        #expect(settle(&e) > 5)
        #expect(e.pose.translation == .zero)
    }

    @Test func resizeKeepsTheCenterPointAndRelativeZoom() throws {
        var e = try open()
        _ = e.apply(.pinchBegan(focal: center))
        _ = e.apply(.pinchChanged(scale: 2, focal: Point(x: center.x + 10, y: center.y)))
        let relative = e.pose.scale / e.geometry.sMin
        let q = e.pose.imagePoint(under: .zero)
        _ = e.apply(.resize(Size(width: 852, height: 393)))
        #expect((e.pose.scale / e.geometry.sMin).isClose(to: relative))
        #expect(e.pose.imagePoint(under: .zero).x.isClose(to: q.x))
        // The pinch goes on from where it is: the same factor again changes nothing.
        let before = e.pose
        _ = e.apply(.pinchChanged(scale: 2, focal: Point(x: center.x + 10, y: center.y)))
        #expect(e.pose.scale.isClose(to: before.scale))
    }

    @Test func confirmEmitsSuccessCropAndNumericTelemetry() throws {
        var e = try open()
        _ = e.apply(.memoryWarning)
        let effects = e.apply(.confirm)
        #expect(effects.first == .haptic(.success))
        #expect(effects.contains(.show(.memoryFallback)))
        guard case .crop(let request)? = effects.first(where: { if case .crop = $0 { true } else { false } }) else {
            Issue.record("no crop request")
            return
        }
        #expect(request.rect == e.cropRect && request.fromThumbnail && request.outputSize == 512)
        #expect(e.session == .confirmed)
        #expect(e.apply(.panChanged(delta: Point(x: 5, y: 0))).isEmpty)
    }

    @Test func eachTipShowsOnce() throws {
        var e = try Editor.open(source: SourceImage(storedWidth: 500, storedHeight: 500), viewport: phone).editor
        #expect(e.shownMessages == [.zoomLimitedByQuality])
        let effects = e.apply(.resize(Size(width: 852, height: 393)))
        #expect(!effects.contains(.show(.zoomLimitedByQuality)))
    }

    @Test func nonFiniteInputIsIgnored() throws {
        var e = try open()
        let before = e.pose
        _ = e.apply(.panChanged(delta: Point(x: .nan, y: 0)))
        _ = e.apply(.pinchChanged(scale: .infinity, focal: center))
        _ = e.apply(.setZoomSlider(percent: .nan, animated: false))
        #expect(e.pose == before)
    }
}

extension [EditorEffect] {
    var haptics: [Haptic] { compactMap { if case .haptic(let h) = $0 { h } else { nil } } }
}
