import CropModel
import CropSpec
import CropVocabulary
import Testing

/// "Within 5°" of a quarter turn, read inclusively or not: exactly on a snap window's edge the
/// spec allows either, so the oracle accepts an editor that counts 5° in (the reference editor)
/// and one that counts it out, including when a twist begins right on the edge.
@Suite struct SnapEdgeTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .up)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)

    func opened() throws -> (CheckedEditor<Tampered>, Tamper) {
        var config = AvatarCropperConfig()
        config.allowRotation = true
        let tamper = Tamper()
        let request = OpenRequest(source: source, viewport: viewport, config: config, reduceMotion: true)
        return (try #require(CheckedEditor<Tampered>.opened(request, in: tamper)), tamper)
    }

    /// A twist to exactly 5°, cancelled there; a new twist from 5° turns in to 4°. An editor that
    /// counts the edge out never buzzes at 5° and buzzes on the way in: both answers are right.
    /// `strict` plays that editor by moving the reference editor's snap haptic one event later.
    @Test(arguments: [false, true])
    func aTwistFromTheEdgeMayEnterTheWindowEitherWay(strict: Bool) throws {
        var (m, tamper) = try opened()
        let center = viewport.center
        m.apply(.pinchBegan(focal: center), .twistChanged(scale: 1, rotation: 0, focal: center))
        if strict { tamper.effects = { $0.filter { $0 != .haptic(.snap) } } }
        m.apply(.twistChanged(scale: 1, rotation: 5, focal: center))
        #expect(m.observation.pose.angle == 5)
        m.apply(.gestureCancelled, .pinchBegan(focal: center), .twistChanged(scale: 1, rotation: 0, focal: center))
        if strict { tamper.effects = { $0 + [.haptic(.snap)] } }
        m.apply(.twistChanged(scale: 1, rotation: -1, focal: center))
        #expect(m.observation.pose.angle == 4)
        #expect(m.violations.isEmpty, "\(m.violations)")
    }

    /// Off the edge the rule is exact: entering from outside owes one snap, and a buzz inside
    /// the window after a start within it is one too many.
    @Test func offTheEdgeEnteringOwesExactlyOneSnap() throws {
        var (m, tamper) = try opened()
        let center = viewport.center
        m.apply(
            .pinchBegan(focal: center), .twistChanged(scale: 1, rotation: 0, focal: center),
            .twistChanged(scale: 1, rotation: 4, focal: center))
        m.apply(.gestureCancelled, .pinchBegan(focal: center), .twistChanged(scale: 1, rotation: 0, focal: center))
        tamper.effects = { $0 + [.haptic(.snap)] }
        m.apply(.twistChanged(scale: 1, rotation: -1, focal: center))
        #expect(m.properties == [.snapHapticOnEntry], "\(m.violations)")
    }
}
