import CropModel
import CropSpec
import CropVocabulary
import Testing

/// Each policy (docs/bring-your-own-model.md#policies): an editor that makes the alternative
/// choice passes when it declares it and fails when it does not, and the alternative still
/// catches what it must.
@Suite struct PolicyTests {
    let o = OracleTests()
    var g: ZoomGeometry { o.geometry }

    // MARK: limitHaptics

    /// A drag across the whole X range in one event, after an impact at the right bound: per
    /// side the left bound is a new limit and owes an impact; per axis the axis is still engaged,
    /// and a second impact is a repeat.
    func crossTheRange(_ p: Policies, impactAtTheOtherSide: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let s = g.initialPose.scale, limit = g.panLimit(scale: s).x
        let right = Pose(scale: s, translation: Point(x: limit, y: 0)),
            left = Pose(scale: s, translation: Point(x: -limit, y: 0))
        let impact = EditorEffect.haptic(.lightImpact(.panClampX))
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false)),
            PuppetScript.Step(observation: o.observation(right, grid: false, instructions: false), effects: [impact]),
            PuppetScript.Step(
                observation: o.observation(left, grid: false, instructions: false),
                effects: impactAtTheOtherSide ? [impact] : [])
        ]
        m.apply(
            .panBegan, .panChanged(delta: Point(x: 5000, y: 0)), .panChanged(delta: Point(x: -2 * limit - 50, y: 0)))
        return m.properties
    }

    @Test func limitHapticsPerSideOrPerAxis() throws {
        #expect(try crossTheRange(Policies(), impactAtTheOtherSide: true) == [])
        #expect(try crossTheRange(Policies(), impactAtTheOtherSide: false) == [.limitHapticOnEntry])
        let perAxis = policies { $0.limitHaptics = .perAxis }
        #expect(try crossTheRange(perAxis, impactAtTheOtherSide: false) == [])
        #expect(try crossTheRange(perAxis, impactAtTheOtherSide: true) == [.hapticsEdgeTriggered])
    }

    // MARK: panReference

    /// A pan far past the right bound (cut there, with its impact), then 5 pt back (less than the
    /// range of about 16 pt): from the update before the photo moves back 5 pt; from the pan's
    /// start the finger is still past the bound and the photo stays on it.
    func panBackFromTheEdge(_ p: Policies, remembers: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let s = g.initialPose.scale, limit = g.panLimit(scale: s).x
        let edge = Pose(scale: s, translation: Point(x: limit, y: 0))
        let back = remembers ? edge : Pose(scale: s, translation: Point(x: limit - 5, y: 0))
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false)),
            PuppetScript.Step(
                observation: o.observation(edge, grid: false, instructions: false),
                effects: [.haptic(.lightImpact(.panClampX))]),
            PuppetScript.Step(observation: o.observation(back, grid: false, instructions: false))
        ]
        m.apply(.panBegan, .panChanged(delta: Point(x: 5000, y: 0)), .panChanged(delta: Point(x: -5, y: 0)))
        return m.properties
    }

    @Test func aPanFromTheUpdateBeforeOrFromItsStart() throws {
        #expect(try panBackFromTheEdge(Policies(), remembers: false) == [])
        #expect(try panBackFromTheEdge(Policies(), remembers: true) == [.panFollowsFinger])
        let fromStart = policies { $0.panReference = .fromStart }
        #expect(try panBackFromTheEdge(fromStart, remembers: true) == [])
        #expect(try panBackFromTheEdge(fromStart, remembers: false) == [.panFollowsFinger])
    }

    // MARK: pinchReference

    /// A pinch at the mask center to 5× (cut at s_max, with its impact), then back to 4×: from the
    /// start 4 × the start zoom is still past s_max and the photo stays there; from the update
    /// before, s_max × 4/5 is inside the range and the photo zooms out at once.
    func pinchBackFromTheTop(_ p: Policies, incremental: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let s0 = g.initialPose.scale, top = Pose(scale: g.sMax, translation: .zero)
        let back = incremental ? Pose(scale: g.sMax * 4 / 5, translation: .zero) : top
        #expect(s0 * 4 > g.sMax && g.sMax * 4 / 5 > g.sMin)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false)),
            PuppetScript.Step(
                observation: o.observation(top, grid: false, instructions: false),
                effects: [.haptic(.lightImpact(.zoomMax))]),
            PuppetScript.Step(observation: o.observation(back, grid: false, instructions: false))
        ]
        m.apply(
            .pinchBegan(focal: o.center), .pinchChanged(scale: 5, focal: o.center),
            .pinchChanged(scale: 4, focal: o.center))
        return m.properties
    }

    @Test func aPinchFromItsStartOrFromTheUpdateBefore() throws {
        #expect(try pinchBackFromTheTop(Policies(), incremental: false) == [])
        #expect(try pinchBackFromTheTop(Policies(), incremental: true) == [.focalPointKept])
        let incremental = policies { $0.pinchReference = .incremental }
        #expect(try pinchBackFromTheTop(incremental, incremental: true) == [])
        #expect(try pinchBackFromTheTop(incremental, incremental: false) == [.focalPointKept])
    }

    // MARK: arrivalHaptics, reduceMotion

    /// An animated slider jump to 100 % that lands on s_max at the first tick, with `impact` on
    /// that tick and `frames` animating frames before it lands.
    func sliderToTheTop(_ p: Policies, reduceMotion: Bool = false, impact: Bool, frames: Int = 0) throws -> [Property] {
        var (m, script) = try o.puppet(reduceMotion: reduceMotion, policies: p)
        let top = Pose(scale: g.sMax, translation: .zero)
        script.steps =
            [PuppetScript.Step(animating: true)]
            + Array(repeating: PuppetScript.Step(animating: true), count: frames)
            + [
                PuppetScript.Step(
                    observation: o.observation(top), effects: impact ? [.haptic(.lightImpact(.zoomMax))] : [],
                    slider: 100)
            ]
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick(frames + 1)
        return m.properties
    }

    @Test func arrivalHapticsOnlyWhenDeclared() throws {
        let arrivals = policies {
            $0.arrivalHaptics = .arrivalsToo; $0.transitionSpring = .unspecified
        }
        #expect(try sliderToTheTop(arrivals, impact: true) == [])
        #expect(try sliderToTheTop(arrivals, impact: false) == [])
        #expect(
            try sliderToTheTop(policies { $0.transitionSpring = .unspecified }, impact: true) == [.hapticsEdgeTriggered]
        )
    }

    @Test func reduceMotionLandsInTheEventOrOnTheNextTick() throws {
        let nextTick = policies { $0.reduceMotion = .landOnNextTick }
        #expect(try sliderToTheTop(nextTick, reduceMotion: true, impact: false) == [])
        #expect(try sliderToTheTop(Policies(), reduceMotion: true, impact: false) == [.reduceMotionDiscrete])
        // Still animating on the tick after: not discrete under either.
        #expect(
            try sliderToTheTop(nextTick, reduceMotion: true, impact: false, frames: 1).contains(.reduceMotionDiscrete))
    }

    // MARK: instructionsHiddenBy

    func slider(hidesInstructions hides: Bool, _ p: Policies) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        script.steps = [PuppetScript.Step(observation: o.observation(g.initialPose, instructions: !hides))]
        m.apply(.setZoomSlider(percent: 3.5194663945699007, animated: false))
        m.tick()
        return m.properties.filter { $0 != .sliderTarget }
    }

    @Test func whatCountsAsTheFirstGesture() throws {
        #expect(try slider(hidesInstructions: false, Policies()) == [])
        #expect(try slider(hidesInstructions: true, Policies()) == [.instructionsHiddenAfterFirstGesture])
        let any = policies { $0.instructionsHiddenBy = .anyAdjustment }
        #expect(try slider(hidesInstructions: true, any) == [])
        #expect(try slider(hidesInstructions: false, any) == [.instructionsHiddenAfterFirstGesture])
    }

    // MARK: transitionSpring, zoomInterpolation

    /// A slider jump to 100 % whose frames follow `spring` (closed form; nil: evenly) with
    /// `linear` or geometric zoom.
    func doubleTap(riding spring: SpringReference?, linear: Bool = false, frames: Int = 80, _ p: Policies) throws
        -> [Property]
    {
        var (m, script) = try o.puppet(policies: p)
        let from = g.initialPose, to = Pose(scale: g.sMax, translation: .zero)
        var steps = [PuppetScript.Step(observation: o.observation(from), animating: true)]
        for n in 1...frames {
            let u = spring?.progress(atTick: n) ?? Double(n) / Double(frames)
            // Clamped at s_max, as an editor clamps an overshooting spring.
            let s = min(
                linear ? from.scale + u * (to.scale - from.scale) : from.scale * Double.pow(to.scale / from.scale, u),
                g.sMax)
            let landed = n == frames
            let pose = landed ? to : Pose(scale: s, translation: .zero)
            steps.append(
                PuppetScript.Step(
                    observation: o.observation(pose, animating: !landed),
                    slider: ZoomSlider.percent(for: pose.scale, in: g)))
        }
        script.steps = steps
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick(frames)
        return m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture }
    }

    @Test func theDeclaredSpringIsTheOneJudged() throws {
        let softer = SpringReference(stiffness: 100, dampingRatio: 0.5)
        #expect(try doubleTap(riding: .transition, frames: 60, Policies()) == [])
        #expect(try doubleTap(riding: softer, frames: 95, Policies()).contains(.springTiming))
        #expect(try doubleTap(riding: softer, frames: 95, policies { $0.transitionSpring = .zeta05 }) == [])
        // Unspecified: any curve, landing where it must, within 2 s.
        let free = policies { $0.transitionSpring = .unspecified }
        #expect(try doubleTap(riding: nil, frames: 18, free) == [])
        let slow = try doubleTap(riding: nil, frames: 150, free)
        #expect(Set(slow) == [.animatedFramesValid], "\(slow)")
    }

    @Test func zoomMayFollowTheProgressLinearly() throws {
        let linear = policies { $0.zoomInterpolation = .linear }
        #expect(try doubleTap(riding: .transition, linear: true, frames: 60, linear) == [])
        #expect(try doubleTap(riding: .transition, linear: true, frames: 60, Policies()).contains(.springTiming))
    }

    // MARK: densityCap, sliderMapping

    @Test func theDensityGateAtMinimumOnlyLeavesSMaxToTheOtherCaps() {
        // An iPad (σ 2, D ≈ 610 pt) asking 2 px/pt: the density cap σ/2 = 1 is the tightest of the three.
        let source = SourceImage(storedWidth: 2016, storedHeight: 1512)
        let ipad = Viewport(width: 744, height: 1133, screenScale: 2)
        var config = AvatarCropperConfig()
        config.minPixelPerPoint = 2
        let every = SpecGeometry(source: source, viewport: ipad, config: config)
        let atMin = SpecGeometry(
            source: source, viewport: ipad, config: config, policies: policies { $0.densityCap = .atMinimumOnly })
        #expect(every.sMax == every.sDensity)
        #expect(atMin.sMax == min(atMin.sMin * 4, atMin.sQuality) && atMin.sMax > every.sMax)
    }

    @Test func theSliderMapsLogarithmicallyOrLinearly() {
        let log = SpecGeometry(source: o.source, viewport: o.viewport, config: .init())
        let linear = SpecGeometry(
            source: o.source, viewport: o.viewport, config: .init(), policies: policies { $0.sliderMapping = .linear })
        let mid = (log.sMin + log.sMax) / 2
        #expect(abs(linear.sliderScale(50) - mid) < 1e-12 * mid)
        #expect(abs(linear.sliderPercent(mid) - 50) < 1e-9)
        #expect(abs(log.sliderScale(50) - (log.sMin * log.sMax).squareRoot()) < 1e-12 * mid)
    }

    // MARK: uploadAttempts, retryable

    /// Three failed attempts: the reference editor (four attempts) waits to retry; an editor of
    /// three attempts reports the final failure. `givingUp` edits the reference editor into one of
    /// three attempts: the third failure is final (error haptic, alert, Retry, its telemetry says
    /// so) and no fourth attempt starts.
    func threeTimeouts(_ p: Policies, givingUp: Bool = false) throws -> [Property] {
        let tamper = Tamper()
        tamper.policies = p
        let request = OpenRequest(
            source: o.source, viewport: o.viewport, reduceMotion: true, user: UserContext(uid: "u1"))
        var m = try #require(CheckedEditor<Tampered>.opened(request, in: tamper))
        // Each retry starts 30, then 60 ticks after the failure (the events of a frame come before its tick).
        m.apply(.confirm, .cropFinished(succeeded: true), .uploadFinished(attempt: 1, outcome: .timeout))
        m.tick(31)
        m.apply(.uploadFinished(attempt: 2, outcome: .timeout))
        m.tick(61)
        if givingUp { Self.giveUp(tamper) }
        m.apply(.uploadFinished(attempt: 3, outcome: .timeout))
        m.tick(130)
        return m.properties
    }

    /// The next event's failure made final, and no upload started on any tick after it.
    static func giveUp(_ tamper: Tamper) {
        tamper.effects = { effects in
            effects.map { effect -> EditorEffect in
                guard case .uploadTelemetry(var record) = effect else { return effect }
                record.finalAttempt = true
                record.backoffMs = 0
                return .uploadTelemetry(record)
            } + [.haptic(.error), .alert(.uploadFailed), .offerRetry]
        }
        tamper.everyTick = { $0.filter { if case .upload = $0 { false } else { true } } }
    }

    @Test func uploadAttemptsFourOrThree() throws {
        #expect(try threeTimeouts(Policies()) == [])
        // The reference editor judged as an editor of three attempts: it should have given up.
        let three = try threeTimeouts(policies { $0.uploadAttempts = .three })
        #expect(three.contains(.failureReported) || three.contains(.backoffAsSpecified), "\(three)")
    }

    @Test func aRedirectIsRetriedOnlyUnderTransientAnd3xx() throws {
        func redirected(_ p: Policies) throws -> [Property] {
            let tamper = Tamper()
            tamper.policies = p
            let request = OpenRequest(
                source: o.source, viewport: o.viewport, reduceMotion: true, user: UserContext(uid: "u1"))
            var m = try #require(CheckedEditor<Tampered>.opened(request, in: tamper))
            m.apply(
                .confirm, .cropFinished(succeeded: true), .uploadFinished(attempt: 1, outcome: .httpError(status: 302)))
            m.tick(40)
            return m.properties
        }
        #expect(try redirected(Policies()) == [])
        #expect(try redirected(policies { $0.retryable = .transientOnly }).isEmpty == false)
    }

    // MARK: The handshake's names

    @Test func everyPolicyHasItsDefaultFirstAndReadsBack() throws {
        for d in Policies.descriptors {
            #expect(d.get(Policies()) == d.values[0], "\(d.name)")
            for value in d.values {
                var p = Policies()
                try p.set(d.name, to: value)
                #expect(d.get(p) == value)
            }
        }
        var p = Policies()
        #expect(throws: UnknownName.self) { try p.set("limitHaptics", to: "perFinger") }
        #expect(throws: UnknownName.self) { try p.set("hapticStyle", to: "perSide") }
    }
}
