import CropModel
import CropSpec
import CropVocabulary
import Testing

/// Editors that make the alternatives no example editor implements (scripted as puppets): each
/// passes when it declares its choice and fails when it declares the reference editor's.
@Suite struct DeclaredAlternativeTests {
    let o = OracleTests()
    var g: ZoomGeometry { o.geometry }

    /// A pan whose instructions stay visible for `lingering` frames after it begins, then hide.
    func instructionsFade(_ p: Policies, lingering: Int) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let s = g.initialPose
        script.steps =
            [PuppetScript.Step(observation: o.observation(s, grid: false, instructions: true))]
            + (0..<lingering).map { _ in
                PuppetScript.Step(observation: o.observation(s, grid: false, instructions: true))
            }
            + [PuppetScript.Step(observation: o.observation(s, grid: false, instructions: false))]
        m.apply(.panBegan)
        m.tick(lingering + 1, recognizerActive: true)
        return m.properties
    }

    @Test func theInstructionsMayFadeWithinHalfASecond() throws {
        let fade = policies { $0.instructionsHide = .fade }
        #expect(try instructionsFade(fade, lingering: 20) == [])
        #expect(try instructionsFade(Policies(), lingering: 20).contains(.instructionsHiddenAfterFirstGesture))
        #expect(try instructionsFade(fade, lingering: 40).contains(.instructionsHiddenAfterFirstGesture))
    }

    /// An animated slider move to 100 % over two frames, the grid hidden while it animates.
    func gridHiddenWhileMoving(_ p: Policies) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let mid = Pose(scale: (g.initialPose.scale * g.sMax).squareRoot(), translation: .zero),
            top = Pose(scale: g.sMax, translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, animating: true)),
            PuppetScript.Step(observation: o.observation(mid, grid: false, animating: true), slider: o.percent(mid)),
            PuppetScript.Step(observation: o.observation(top), slider: 100)
        ]
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick(2)
        return m.properties.filter { $0 != .springTiming && $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func theGridMayHideDuringMoves() throws {
        #expect(
            try gridHiddenWhileMoving(
                policies {
                    $0.gridHidden = .alsoDuringMoves; $0.transitionSpring = .unspecified
                }) == [])
        #expect(
            try gridHiddenWhileMoving(policies { $0.transitionSpring = .unspecified }) == [.gridHiddenDuringGestures])
    }

    /// At s_max, an increment that moves nothing, with or without a light impact.
    func incrementAtTheTop(_ p: Policies, impact: Bool) throws -> [Property] {
        let top = Pose(scale: g.sMax, translation: .zero)
        var (m, script) = try o.puppet(opening: o.observation(top), policies: p)
        script.steps = [
            PuppetScript.Step(
                observation: o.observation(top), effects: impact ? [.haptic(.lightImpact(.zoomMax))] : [],
                slider: 100)
        ]
        m.apply(.incrementZoom)
        return m.properties.filter { $0 != .initialPose && $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func anIncrementAtTheTopMayBeSilent() throws {
        let silent = policies { $0.incrementAtEnd = .silent }
        #expect(try incrementAtTheTop(silent, impact: false) == [])
        #expect(try incrementAtTheTop(silent, impact: true) == [])
        #expect(try incrementAtTheTop(Policies(), impact: false) == [.limitHapticOnEntry])
    }

    /// An animated slider move interrupted by Reduce Motion one frame in: it stops on that frame.
    func reduceMotionStops(_ p: Policies) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let mid = Pose(scale: (g.initialPose.scale * g.sMax).squareRoot(), translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, animating: true)),
            PuppetScript.Step(observation: o.observation(mid, animating: true), slider: o.percent(mid)),
            PuppetScript.Step(observation: o.observation(mid), slider: o.percent(mid)),
            PuppetScript.Step(observation: o.observation(mid), slider: o.percent(mid))
        ]
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick()
        m.apply(.setReduceMotion(true))
        m.tick()
        return m.properties.filter { $0 != .springTiming && $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func reduceMotionMayStopAMoveWhereItIs() throws {
        #expect(
            try reduceMotionStops(
                policies {
                    $0.reduceMotionMidMove = .stops; $0.transitionSpring = .unspecified
                }) == [])
        #expect(try reduceMotionStops(policies { $0.transitionSpring = .unspecified }) == [.sliderTarget])
    }

    /// A double-tap that lands at once on the next rung, the instructions still showing.
    func doubleTapKeepsInstructions(_ p: Policies) throws -> [Property] {
        var (m, script) = try o.puppet(reduceMotion: true, policies: p)
        let rung = Pose(scale: min(1.5 * g.sMin, g.sMax), translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(rung, instructions: true), slider: o.percent(rung)),
            PuppetScript.Step(observation: o.observation(rung, instructions: true), slider: o.percent(rung))
        ]
        m.apply(.doubleTap(at: o.center))
        m.tick()
        return m.properties
    }

    @Test func aDoubleTapMayNotCountAsTheFirstGesture() throws {
        #expect(try doubleTapKeepsInstructions(policies { $0.instructionsHiddenBy = .panPinch }) == [])
        #expect(try doubleTapKeepsInstructions(Policies()) == [.instructionsHiddenAfterFirstGesture])
    }

    /// One increment of `percent` slider percent from the initial pose, landing at once.
    func increment(_ p: Policies, by percent: Double) throws -> [Property] {
        var (m, script) = try o.puppet(reduceMotion: true, policies: p)
        let want = o.percent(g.initialPose) + percent
        let scale = ZoomSlider.scale(for: want, in: g)
        let landed = Pose(scale: scale, translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(landed), slider: want),
            PuppetScript.Step(observation: o.observation(landed), slider: want)
        ]
        m.apply(.incrementZoom)
        m.tick()
        return m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func anIncrementMayBeOnePercent() throws {
        #expect(try increment(policies { $0.incrementStep = .onePercent }, by: 1) == [])
        #expect(try increment(Policies(), by: 1) == [.incrementTarget])
        #expect(try increment(Policies(), by: 10) == [])
    }
}

/// The rest of the alternatives no example editor implements.
extension DeclaredAlternativeTests {
    @Test func aCriticallyDampedSpringIsJudgedAsDeclared() throws {
        let critical = SpringReference(stiffness: 100, dampingRatio: 1)
        #expect(
            try PolicyTests().doubleTap(riding: critical, frames: 80, policies { $0.transitionSpring = .zeta10 }) == [])
        #expect(try PolicyTests().doubleTap(riding: critical, frames: 80, Policies()).contains(.springTiming))
    }

    /// A resize to a view half as large again: s_min grows by 1.5, past the initial 1.05 s_min.
    /// Keeping the zoom relative to s_min gives 1.575 s_min'; keeping the absolute zoom clamps it
    /// up to s_min'. The photo is centered either way.
    func resize(_ p: Policies, keepingAbsolute: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let size = Size(width: o.viewport.size.width * 1.5, height: o.viewport.size.height * 1.5)
        let bigger = ZoomGeometry(
            source: o.source, viewport: Viewport(size: size, screenScale: o.viewport.screenScale), config: .init())
        let scale = keepingAbsolute ? bigger.sMin : g.initialPose.scale / g.sMin * bigger.sMin
        let pose = Pose(scale: scale, translation: .zero)
        script.steps = [
            PuppetScript.Step(
                observation: o.observation(pose, in: bigger), slider: ZoomSlider.percent(for: scale, in: bigger))
        ]
        m.apply(.resize(size))
        return m.properties
    }

    @Test func aResizeMayKeepTheAbsoluteZoom() throws {
        #expect(try resize(policies { $0.resizeKeeps = .absoluteZoom }, keepingAbsolute: true) == [])
        #expect(try resize(Policies(), keepingAbsolute: true) == [.resizeKeepsCenter])
        #expect(try resize(Policies(), keepingAbsolute: false) == [])
    }

    /// Confirm one frame into an animated slider move: the crop is the frame's (cropsFrame) or the
    /// target's, which the editor lands on first (the default).
    func confirmMidMove(_ p: Policies, cropsFrame: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let mid = Pose(scale: (g.initialPose.scale * g.sMax).squareRoot(), translation: .zero),
            top = Pose(scale: g.sMax, translation: .zero)
        let cropped = cropsFrame ? mid : top
        let request = CropRequest(
            rect: g.cropRect(for: cropped), storedRect: g.storedCropRect(for: cropped),
            orientation: o.source.orientation,
            outputSize: 512, encoding: .pngSRGB, fromThumbnail: false)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, animating: true)),
            PuppetScript.Step(observation: o.observation(mid, animating: true), slider: o.percent(mid)),
            PuppetScript.Step(
                observation: o.observation(cropped, session: .confirmed), effects: [.haptic(.success), .crop(request)],
                slider: o.percent(cropped))
        ]
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick()
        m.apply(.confirm)
        return m.properties.filter { $0 != .springTiming && $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func confirmMayCropTheFrameOnScreen() throws {
        let unspecified = policies { $0.transitionSpring = .unspecified }
        #expect(try confirmMidMove(unspecified, cropsFrame: false) == [])
        #expect(try confirmMidMove(unspecified, cropsFrame: true) == [.sliderTarget])
        let frame = policies {
            $0.confirmDuringMove = .cropsFrame; $0.transitionSpring = .unspecified
        }
        #expect(try confirmMidMove(frame, cropsFrame: true) == [])
        #expect(try confirmMidMove(frame, cropsFrame: false) == [.sliderTarget])
    }
}

extension DeclaredAlternativeTests {
    @Test func anEditorOfThreeAttemptsPassesDeclaringIt() throws {
        let tests = PolicyTests()
        #expect(try tests.threeTimeouts(policies { $0.uploadAttempts = .three }, givingUp: true) == [])
        #expect(try tests.threeTimeouts(Policies(), givingUp: true).contains(.backoffAsSpecified))
    }
}
