import CropModel
import CropSpec
import CropVocabulary
import Testing

/// `springEnvelope` and `anchorKept`: the frames between a move's start and its target. A
/// double-tap near the photo's corner, whose target the pan clamp pulls back, played frame by
/// frame from the reference editor's own transition with one thing changed: the reference passes;
/// the clamp's correction applied with the wrong sign (every frame still clamped, the move still
/// landing on its target), and a critically damped move that overshoots within `springTiming`'s
/// tolerance, fail.
@Suite struct AnimationPathTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)
    /// Off the mask center toward the lower right: the anchored 1.5× target passes the vertical
    /// pan limit (the landscape photo has room to spare sideways).
    var tap: Point { Point(x: viewport.center.x + 140, y: viewport.center.y + 300) }

    /// Plays the double-tap's frames, landing on the target at frame 70 (within every settle
    /// bound used here): `progress(n)` is frame n's u, `sign` the correction's; `linearPan`
    /// moves the translation linearly with u instead.
    func doubleTap(
        declaring spring: Policies.TransitionSpring = .zeta08, sign: Double = 1, linearPan: Bool = false,
        progress: (Int) -> Double
    ) throws -> [Property] {
        let tamper = Tamper()
        tamper.policies = policies { $0.transitionSpring = spring }
        var m = try #require(
            CheckedEditor<Tampered>.opened(OpenRequest(source: source, viewport: viewport), in: tamper))
        var reference = try Editor.open(source: source, viewport: viewport).editor
        _ = reference.apply(.doubleTap(at: tap))
        m.apply(.doubleTap(at: tap))
        let transition = try #require(reference.transition)
        let g = reference.geometry
        let q = transition.from.imagePoint(under: transition.anchor)
        let correction =
            transition.to.translation
            - Pose.translation(placing: q, under: transition.anchor, scale: transition.to.scale)
        #expect(abs(correction.y) > 10, "the target must be clamped: \(correction)")
        let frames = (1..<70).map { n in
            let u = progress(n)
            var shown = transition.pose(at: u)
            shown.translation = shown.translation + correction * ((sign - 1) * u)
            if linearPan {
                shown.translation =
                    transition.from.translation + (transition.to.translation - transition.from.translation) * u
            }
            return g.clamp(shown).pose
        }
        m.play(frames + [transition.to], in: g, tamper: tamper)
        return m.properties
    }

    static let zeta08 = SpringReference(stiffness: 100, dampingRatio: 0.8)
    static let critical = SpringReference(stiffness: 100, dampingRatio: 1)

    @Test func theReferencePathPasses() throws {
        #expect(try doubleTap { Self.zeta08.progress(atTick: $0) } == [])
        #expect(try doubleTap(declaring: .zeta10) { Self.critical.progress(atTick: $0) } == [])
    }

    @Test func aCorrectionOfTheWrongSignFails() throws {
        #expect(try doubleTap(sign: -1) { Self.zeta08.progress(atTick: $0) } == [.anchorKept])
    }

    /// An editor that clamps each frame of the anchored path (the anchor held until a clamp
    /// takes it), and one that pans linearly, are the two readings the oracle accepts.
    @Test func perFrameClampAndLinearPanPass() throws {
        #expect(try doubleTap(sign: 0) { Self.zeta08.progress(atTick: $0) } == [])
        #expect(try doubleTap(linearPan: true) { Self.zeta08.progress(atTick: $0) } == [])
    }

    @Test func anOvershootingCriticallyDampedMoveFails() throws {
        // 4 % past the target at the end: within springTiming's 0.1, outside the closed form.
        #expect(try doubleTap(declaring: .zeta10) { 1.04 * Self.critical.progress(atTick: $0) } == [.springEnvelope])
    }

    @Test func anUnderdampedWobbleOutsideTheEnvelopeFails() throws {
        // ±0.08 around the reference: within springTiming's 0.1, but late frames leave e^{−ζω₀t}/√(1 − ζ²).
        #expect(
            try doubleTap { Self.zeta08.progress(atTick: $0) + 0.08 * Double.sin(Double($0) / 2) } == [.springEnvelope])
    }
}
