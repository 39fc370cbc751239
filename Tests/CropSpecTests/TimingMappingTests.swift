import CropModel
import CropSpec
import CropVocabulary
import Testing

/// The timing and mapping properties, against the independent references: the real editor passes,
/// a spring stepped at the wrong rate and a stored rect from another orientation's transform fail.
@Suite struct TimingMappingTests {
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)

    /// Plays a double-tap whose frames come from `spring` stepped every `dt`, clamped as the
    /// editor clamps, and returns what the oracle says.
    func doubleTapFrames(dt: Double) throws -> [Property] {
        let source = SourceImage(storedWidth: 4032, storedHeight: 3024)
        let tamper = Tamper()
        var m = try #require(
            CheckedEditor<Tampered>.opened(OpenRequest(source: source, viewport: viewport), in: tamper))
        var reference = try Editor.open(source: source, viewport: viewport).editor
        _ = reference.apply(.doubleTap(at: viewport.center))
        m.apply(.doubleTap(at: viewport.center))
        var transition = try #require(reference.transition)
        let g = reference.geometry
        for _ in 1...200 {
            let settled = transition.advance(spring: .transition, dt: dt)
            let pose = settled ? transition.to : g.clamp(transition.currentPose).pose
            tamper.frame = { _ in
                Observation(
                    pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose),
                    gridVisible: true,
                    instructionsVisible: false, session: .editing, animating: !settled)
            }
            m.tick()
            if settled { break }
        }
        return m.properties
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
            let tamper = Tamper()
            let request = OpenRequest(source: source, viewport: viewport, reduceMotion: true)
            var good = try #require(CheckedEditor<Tampered>.opened(request, in: tamper))
            // Off-center, so that a wrong transform lands somewhere else.
            good.apply(
                .doubleTap(at: Point(x: 100, y: 300)), .panBegan, .panChanged(delta: Point(x: 40, y: -25)), .panEnded)
            var bad = good
            good.apply(.confirm)
            #expect(good.violations.map(\.property) == [], "orientation \(orientation.rawValue)")
            // The same request with the stored rect of the orientation that shares its size swap.
            let other = Orientation(
                rawValue: orientation.rawValue % 2 == 1 ? orientation.rawValue + 1 : orientation.rawValue - 1)!
            tamper.effects = {
                $0.map { effect -> EditorEffect in
                    guard case .crop(var r) = effect else { return effect }
                    r.storedRect = other.storedRect(fromOriented: r.rect, storedWidth: 4032, storedHeight: 3024)
                    return .crop(r)
                }
            }
            bad.apply(.confirm)
            #expect(bad.properties == [.storedRectMapping], "orientation \(orientation.rawValue) vs \(other.rawValue)")
        }
    }
}
