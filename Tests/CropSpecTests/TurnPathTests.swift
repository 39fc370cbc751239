import CropModel
import CropSpec
import CropVocabulary
import Testing

/// The path of a 90° turn (`anchorKept` about the mask center, and `rotate90Target`'s bound on
/// the way round), played frame by frame from the reference editor's own transition with one
/// thing changed: the reference passes; the translation correction worked out at the angle
/// turned the wrong way (every frame still clamped, the move still landing on its target), and a
/// turn the long way round past a whole turn, fail.
@Suite struct TurnPathTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)

    /// A double-tap off the center (zoomed 1.5×, panned), settled; then the 90° button, whose
    /// frames show the reference transition at the reference spring's progress, with the
    /// correction's angle turned by `correctionTurn` (the reference's: 1) and the angle turned
    /// `extraTurns` whole turns further along the way (each frame's share of it).
    func quarterTurn(correctionTurn: Double = 1, extraTurns: Double = 0) throws -> [Property] {
        let tamper = Tamper()
        var config = AvatarCropperConfig()
        config.allowRotation = true
        var m = try #require(
            CheckedEditor<Tampered>.opened(OpenRequest(source: source, viewport: viewport, config: config), in: tamper))
        var reference = try Editor.open(source: source, viewport: viewport, config: config).editor
        let tap = Point(x: viewport.center.x + 40, y: viewport.center.y + 60)
        for event in [EditorEvent.doubleTap(at: tap)] { _ = reference.apply(event); m.apply(event) }
        for _ in 0..<120 { _ = reference.tick(); m.tick() }
        _ = reference.apply(.rotate90)
        m.apply(.rotate90)
        let transition = try #require(reference.transition)
        let q = transition.from.imagePoint(under: .zero)
        let turn = transition.to.angle - transition.from.angle
        let right = Pose.translation(
            placing: q, under: .zero, scale: transition.to.scale, angle: transition.from.angle + turn)
        let wrong = Pose.translation(
            placing: q, under: .zero, scale: transition.to.scale, angle: transition.from.angle + correctionTurn * turn)
        #expect(
            abs(right.x - wrong.x) + abs(right.y - wrong.y) > 10 || correctionTurn == 1,
            "the photo must be panned: \(q)")
        let g = reference.geometry
        let spring = SpringReference(stiffness: 100, dampingRatio: 0.8)
        let frames = (1..<70).map { n in
            let u = spring.progress(atTick: n)
            var shown = transition.pose(at: u)
            shown.translation = shown.translation + (right - wrong) * u
            shown.angle = Turn.normalized(shown.angle + 360 * extraTurns * u)
            return g.clamp(shown).pose
        }
        m.play(frames + [transition.to], in: g, tamper: tamper)
        return m.properties
    }

    @Test func theReferenceTurnPasses() throws {
        #expect(try quarterTurn() == [])
    }

    @Test func aCorrectionAtTheAngleTurnedTheWrongWayFails() throws {
        #expect(try quarterTurn(correctionTurn: -1).contains(.anchorKept))
    }

    @Test func aTurnPastAWholeTurnFails() throws {
        #expect(try quarterTurn(extraTurns: -1.5).contains(.rotate90Target))
    }
}
