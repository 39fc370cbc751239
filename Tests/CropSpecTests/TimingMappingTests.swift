import CropModel
import CropSpec
import Testing

/// The timing and mapping properties, against the independent references: the real editor passes,
/// a spring stepped at the wrong rate and a stored rect from another orientation's transform fail.
@Suite struct TimingMappingTests {
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)

    /// Plays a double-tap whose frames come from `spring` stepped every `dt`, clamped as the
    /// editor clamps, and returns what the oracle says.
    func doubleTapFrames(dt: Double) throws -> [Property] {
        let source = SourceImage(storedWidth: 4032, storedHeight: 3024)
        var (e, effects) = try Editor.open(source: source, viewport: viewport)
        var m = Oracle(source: source, viewport: viewport, config: .init(), reduceMotion: false)
        m.opened(e.observation, sliderPercent: e.sliderPercent, effects: effects)
        let before = e.pose
        _ = e.apply(.doubleTap(at: viewport.center))
        m.observe(.doubleTap(at: viewport.center), before: before, wasAnimating: false, pose: e.pose, animating: true, effects: [], tick: 1)
        var transition = try #require(e.transition)
        let g = e.geometry
        for tick in 1...200 {
            let settled = transition.advance(spring: .transition, dt: dt)
            let pose = settled ? transition.to : g.clamp(transition.currentPose).pose
            let o = Observation(pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose), gridVisible: true,
                                instructionsVisible: false, session: .editing, animating: !settled)
            m.endOfTick(o, recognizerActive: false, tick: tick)
            if settled { break }
        }
        return m.violations.map(\.property)
    }

    @Test func theDocumentedSpringPasses() throws {
        #expect(try doubleTapFrames(dt: 1.0 / 60) == [])
    }

    @Test func aSpringSteppedAtTheWrongRateIsCaught() throws {
        #expect(try doubleTapFrames(dt: 1.0 / 120).contains(.springTiming))
        #expect(try doubleTapFrames(dt: 1.0 / 30).contains(.springTiming))
    }

    @Test func everyOrientationMapsItsCropCorners() throws {
        for orientation in Orientation.allCases {
            let source = SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: orientation)
            var (e, effects) = try Editor.open(source: source, viewport: viewport, reduceMotion: true)
            var m = Oracle(source: source, viewport: viewport, config: .init(), reduceMotion: true)
            m.opened(e.observation, sliderPercent: e.sliderPercent, effects: effects)
            // Off-center, so that a wrong transform lands somewhere else.
            for event in [EditorEvent.doubleTap(at: Point(x: 100, y: 300)), .panBegan, .panChanged(delta: Point(x: 40, y: -25)), .panEnded] {
                let before = e.pose
                effects = e.apply(event)
                m.observe(event, before: before, wasAnimating: false, pose: e.pose, animating: false, effects: effects, tick: 1)
            }
            var good = m, bad = m
            let before = e.pose
            let confirmEffects = e.apply(.confirm)
            good.observe(.confirm, before: before, wasAnimating: false, pose: e.pose, animating: false, effects: confirmEffects, tick: 2)
            #expect(good.violations.map(\.property) == [], "orientation \(orientation.rawValue)")
            // The same request with the stored rect of the orientation that shares its size swap.
            let other = Orientation(rawValue: orientation.rawValue % 2 == 1 ? orientation.rawValue + 1 : orientation.rawValue - 1)!
            let wrong = confirmEffects.map { effect -> EditorEffect in
                guard case .crop(var r) = effect else { return effect }
                r.storedRect = other.storedRect(fromOriented: r.rect, storedWidth: 4032, storedHeight: 3024)
                return .crop(r)
            }
            bad.observe(.confirm, before: before, wasAnimating: false, pose: e.pose, animating: false, effects: wrong, tick: 2)
            #expect(bad.violations.map(\.property) == [.storedRectMapping], "orientation \(orientation.rawValue) vs \(other.rawValue)")
        }
    }
}
