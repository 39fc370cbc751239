import CropModel
import CropSpec
import Testing

/// Each property, fed a state or an event that breaks it, reports it with the tick and the numbers.
/// The tests build states with the model's geometry (they are not the oracle); what they assert is
/// what the oracle says about them.
@Suite struct OracleTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)
    var geometry: ZoomGeometry { ZoomGeometry(source: source, viewport: viewport, config: .init()) }
    var center: Point { viewport.center }

    func observation(_ pose: Pose, grid: Bool = true, instructions: Bool = true, animating: Bool = false,
                     session: SessionPhase = .editing) -> Observation {
        Observation(pose: pose, cropRect: geometry.cropRect(for: pose), storedCropRect: geometry.storedCropRect(for: pose),
                    gridVisible: grid, instructionsVisible: instructions, session: session, animating: animating)
    }

    func oracle(reduceMotion: Bool = false, user: UserContext? = nil) -> Oracle {
        Oracle(source: source, viewport: viewport, config: .init(), reduceMotion: reduceMotion, user: user)
    }

    func percent(_ pose: Pose) -> Double { ZoomSlider.percent(for: pose.scale, in: geometry) }

    func violations(_ o: Observation, recognizerActive: Bool = false) -> [Property] {
        var m = oracle()
        m.endOfTick(o, recognizerActive: recognizerActive, tick: 7)
        return m.violations.map(\.property)
    }

    /// Applies `event` to a real editor and lets `m` observe it, optionally replacing the pose or
    /// effects the editor produced (a planted bug).
    func step(_ e: inout Editor, _ m: inout Oracle, _ event: EditorEvent, tick: Int = 1,
              pose override: Pose? = nil, effects edit: ([EditorEffect]) -> [EditorEffect] = { $0 }) {
        let before = e.pose, wasAnimating = e.isAnimating
        let effects = edit(e.apply(event))
        m.observe(event, before: before, wasAnimating: wasAnimating, pose: override ?? e.pose, animating: e.isAnimating,
                  effects: effects, tick: tick)
    }

    func opened(reduceMotion: Bool = true, user: UserContext? = nil) throws -> (Editor, Oracle) {
        let (e, effects) = try Editor.open(source: source, viewport: viewport, reduceMotion: reduceMotion, user: user)
        var m = oracle(reduceMotion: reduceMotion, user: user)
        m.opened(e.observation, sliderPercent: e.sliderPercent, effects: effects)
        return (e, m)
    }

    // MARK: Safety

    @Test func aValidStateBreaksNothing() {
        #expect(violations(observation(geometry.initialPose)) == [])
    }

    @Test func zoomBelowSMinBreaksRangeAndCover() {
        let v = violations(observation(Pose(scale: geometry.sMin * 0.9, translation: .zero)))
        #expect(v.contains(.zoomInRange) && v.contains(.maskCovered) && v.contains(.outputSquareCovered))
    }

    @Test func panningPastTheBoundBreaksMaskCovered() {
        let s = geometry.initialPose.scale
        let v = violations(observation(Pose(scale: s, translation: Point(x: geometry.panLimit(scale: s).x + 0.01, y: 0))))
        #expect(v == [.maskCovered, .outputSquareCovered, .cropRectInSource])
    }

    @Test func nonFiniteStateIsReported() {
        #expect(violations(observation(Pose(scale: .nan, translation: .zero))) == [.finiteState])
    }

    @Test func aCropRectFromTheStoredSizeIsCaught() {
        // The classic bug: width and height not swapped for orientation 6.
        let unswapped = ZoomGeometry(source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: viewport, config: .init())
        var o = observation(geometry.initialPose)
        o.cropRect = unswapped.cropRect(for: geometry.initialPose)
        #expect(violations(o) == [.cropRectInSource])
    }

    @Test func densityBelowTheMinimumIsReported() {
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = 100
        config.qualityMultiplier = 0.01
        var m = Oracle(source: source, viewport: viewport, config: config, reduceMotion: false)
        let g = ZoomGeometry(source: source, viewport: viewport, config: config)
        let pose = Pose(scale: 3.5, translation: .zero) // σ / s = 0.86 px/pt
        m.endOfTick(Observation(pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose),
                                gridVisible: true, instructionsVisible: true, session: .editing, animating: false),
                    recognizerActive: false, tick: 1)
        #expect(m.violations.map(\.property).contains(.density))
        #expect(m.violations.first { $0.property == .density }!.message.contains("0.857"))
    }

    @Test func gridAndInstructionsFollowTheGestures() {
        #expect(violations(observation(geometry.initialPose, grid: true), recognizerActive: true) == [.gridHiddenDuringGestures])
        #expect(violations(observation(geometry.initialPose, grid: false)) == [.gridHiddenDuringGestures])
        #expect(violations(observation(geometry.initialPose, instructions: false)) == [.instructionsHiddenAfterFirstGesture])
    }

    @Test func repeatedHapticsWithoutLeavingTheLimitAreCaught() {
        var m = oracle()
        let atMax = Pose(scale: geometry.sMax, translation: .zero)
        let impact: [EditorEffect] = [.haptic(.lightImpact(.zoomMax))]
        m.observe(.pinchBegan(focal: center), before: atMax, wasAnimating: false, pose: atMax, animating: false, effects: [], tick: 1)
        m.observe(.pinchChanged(scale: 9, focal: center), before: atMax, wasAnimating: false, pose: atMax, animating: false, effects: impact, tick: 1)
        m.observe(.pinchChanged(scale: 10, focal: center), before: atMax, wasAnimating: false, pose: atMax, animating: false, effects: impact, tick: 2)
        #expect(m.violations.map(\.property) == [.hapticsEdgeTriggered])
        #expect(m.violations[0].tick == 2)
        // A haptic away from the limit is wrong too.
        var n = oracle()
        let inside = geometry.initialPose
        n.observe(.panBegan, before: inside, wasAnimating: false, pose: inside, animating: false, effects: [], tick: 3)
        n.observe(.panChanged(delta: .zero), before: inside, wasAnimating: false, pose: inside, animating: false,
                  effects: [.haptic(.lightImpact(.panClampX))], tick: 3)
        #expect(n.violations.first?.message.contains("not at that limit") == true)
    }

    @Test func aTipShownTwiceIsCaught() {
        var m = oracle()
        let p = geometry.initialPose
        m.observe(.memoryWarning, before: p, wasAnimating: false, pose: p, animating: false, effects: [.show(.memoryFallback)], tick: 1)
        m.observe(.memoryWarning, before: p, wasAnimating: false, pose: p, animating: false, effects: [.show(.memoryFallback)], tick: 2)
        #expect(m.violations.map(\.property) == [.tipsAtMostOnce])
    }

    @Test func aPinchAnchoredWithTheUnclampedScaleDrifts() {
        var m = oracle()
        let start = geometry.initialPose
        let focal = Point(x: center.x + 20, y: center.y)
        m.observe(.pinchBegan(focal: focal), before: start, wasAnimating: false, pose: start, animating: false, effects: [], tick: 1)
        // Factor 40 is far past s_max; a correct editor sits at s_max with the focal point kept.
        let q = start.imagePoint(under: Point(x: 20, y: 0))
        let unclamped = start.scale * 40
        let wrong = geometry.clamp(Pose(scale: geometry.sMax, translation: Point(x: 20 - q.x * unclamped, y: 0))).pose
        let right = geometry.clamp(Pose(scale: geometry.sMax, translation: Pose.translation(placing: q, under: Point(x: 20, y: 0), scale: geometry.sMax))).pose
        let impact: [EditorEffect] = [.haptic(.lightImpact(.zoomMax))]
        var good = m
        good.observe(.pinchChanged(scale: 40, focal: focal), before: start, wasAnimating: false, pose: right, animating: false, effects: impact, tick: 2)
        #expect(good.violations.isEmpty)
        m.observe(.pinchChanged(scale: 40, focal: focal), before: start, wasAnimating: false, pose: wrong, animating: false, effects: impact, tick: 2)
        #expect(m.violations.map(\.property) == [.focalPointKept])
    }

    @Test func beginningAGestureMustNotMoveTheImage() {
        var m = oracle()
        let p = geometry.initialPose
        let moved = Pose(scale: p.scale, translation: Point(x: 1, y: 0))
        m.observe(.pinchBegan(focal: center), before: moved, wasAnimating: false, pose: p, animating: false, effects: [], tick: 4)
        #expect(m.violations.map(\.property) == [.handOverWithoutJump])
    }

    @Test func aGestureStreamOutOfOrderIsCaught() {
        var m = oracle()
        let p = geometry.initialPose
        m.observe(.pinchChanged(scale: 1, focal: center), before: p, wasAnimating: false, pose: p, animating: false, effects: [], tick: 1)
        #expect(m.violations.map(\.property) == [.gesturesWellFormed])
    }

    @Test func animatingUnderReduceMotionIsCaught() {
        var m = oracle(reduceMotion: true)
        m.endOfTick(observation(geometry.initialPose, animating: true), recognizerActive: false, tick: 1)
        #expect(m.violations.map(\.property) == [.reduceMotionDiscrete])
    }

    @Test func violationsNameTickTimeAndNumbers() {
        var m = oracle()
        let p = Pose(scale: geometry.sMax * 1.5, translation: .zero)
        m.endOfTick(observation(p), recognizerActive: false, tick: 90)
        let v = m.violations.first { $0.property == .zoomInRange }!
        #expect(v.description.hasPrefix("zoomInRange at tick 90 (t=1.500 s): scale "))
        #expect(v.description.contains(String(geometry.sMax)))
    }

    // MARK: Obligation

    @Test func aPanPastTheEdgeOwesALightImpact() throws {
        var (e, m) = try opened()
        step(&e, &m, .panBegan)
        step(&e, &m, .panChanged(delta: Point(x: 5000, y: 0)), effects: { $0.filter { $0 != .haptic(.lightImpact(.panClampX)) } })
        #expect(m.violations.map(\.property) == [.limitHapticOnEntry])
        // The true editor fires it, and nothing is owed for pushing on while the side is engaged.
        var (f, n) = try opened()
        step(&f, &n, .panBegan)
        step(&f, &n, .panChanged(delta: Point(x: 5000, y: 0)))
        step(&f, &n, .panChanged(delta: Point(x: 50, y: 0)))
        #expect(n.violations.isEmpty)
    }

    @Test func confirmOwesTheSuccessHapticAndTheFallbackNotice() throws {
        var (e, m) = try opened()
        step(&e, &m, .memoryWarning)
        step(&e, &m, .confirm, effects: { $0.filter { $0 != .haptic(.success) && $0 != .show(.memoryFallback) } })
        #expect(Set(m.violations.map(\.property)) == [.successHapticOnConfirm, .memoryFallbackNoticeShown])
    }

    @Test func aCropFromTheOriginalAfterAMemoryWarningIsCaught() throws {
        var (e, m) = try opened()
        step(&e, &m, .memoryWarning)
        step(&e, &m, .confirm, effects: { $0.map { if case .crop(var r) = $0 { r.fromThumbnail = false; return .crop(r) } else { return $0 } } })
        #expect(m.violations.map(\.property) == [.memoryFallbackUsesThumbnail])
    }

    @Test func aFinalFailureOwesErrorAlertAndRetry() throws {
        let user = UserContext(uid: "u1", avatarPath: "users/u1/avatar_512.png", avatarVersion: 3)
        var (e, m) = try opened(user: user)
        step(&e, &m, .confirm)
        step(&e, &m, .cropFinished(succeeded: true))
        step(&e, &m, .uploadFinished(attempt: 1, outcome: .httpError(status: 403)), effects: { $0.filter { $0 != .offerRetry } })
        #expect(m.violations.map(\.property) == [.failureReported])
        // … and the previous avatar must stay.
        m.endOfFlowTick(profile: ("users/u1/avatar_512.png", 4), tick: 9)
        #expect(m.violations.map(\.property).contains(.previousAvatarKept))
    }

    /// R11.2/R11.5: a failed crop hands the photo back for editing at once; an editor that stays
    /// confirmed (nothing can be adjusted or confirmed again) breaks the flow. Cancel ends it.
    @Test func aFailedCropMustResumeEditing() throws {
        var (e, m) = try opened()
        step(&e, &m, .confirm)
        m.endOfTick(e.observation, recognizerActive: false, tick: 1)
        step(&e, &m, .cropFinished(succeeded: false), tick: 2)
        m.endOfTick(e.observation, recognizerActive: false, tick: 2)
        #expect(e.session == .editing && m.violations.isEmpty)
        var stuck = e.observation
        stuck.session = .confirmed
        m.endOfTick(stuck, recognizerActive: false, tick: 3)
        #expect(m.violations.map(\.property) == [.sessionFollowsFlow])
        step(&e, &m, .cancel, tick: 4)
        m.endOfTick(e.observation, recognizerActive: false, tick: 4)
        #expect(e.session == .cancelled && m.violations.count == 1)
    }

    @Test func aProfileUpdateWithoutASuccessfulUploadIsCaught() throws {
        let user = UserContext(uid: "u1")
        var (e, m) = try opened(user: user)
        step(&e, &m, .confirm)
        step(&e, &m, .cropFinished(succeeded: true))
        // Take the update a success would ask for, and plant it after a failed attempt instead.
        var g = e
        let update = try #require(g.apply(.uploadFinished(attempt: 1, outcome: .success)).first { if case .updateProfile = $0 { true } else { false } })
        step(&e, &m, .uploadFinished(attempt: 1, outcome: .timeout), effects: { $0 + [update] })
        #expect(m.violations.map(\.property) == [.profileUpdatedOnlyAfterUpload])
    }

    @Test func aCropWithoutItsUploadIsCaught() throws {
        var (e, m) = try opened(user: UserContext(uid: "u1"))
        step(&e, &m, .confirm)
        step(&e, &m, .cropFinished(succeeded: true), effects: { $0.filter { if case .upload = $0 { false } else { true } } })
        #expect(m.violations.map(\.property) == [.uploadFollowsCrop])
    }

    @Test func anOverdueRetryIsCaught() throws {
        var (e, m) = try opened(user: UserContext(uid: "u1"))
        step(&e, &m, .confirm)
        step(&e, &m, .cropFinished(succeeded: true))
        step(&e, &m, .uploadFinished(attempt: 1, outcome: .timeout), tick: 10)
        m.endOfFlowTick(profile: (nil, 0), tick: 40)
        #expect(m.violations.isEmpty)
        m.endOfFlowTick(profile: (nil, 0), tick: 41)
        #expect(m.violations.map(\.property) == [.backoffAsSpecified])
    }

    @Test func theAnnouncementAndTheInitialPoseAreOwedAtOpen() {
        var m = oracle()
        let wrong = Pose(scale: geometry.sMin, translation: .zero)
        m.opened(observation(wrong), sliderPercent: percent(wrong), effects: [])
        #expect(Set(m.violations.map(\.property)) == [.voiceOverAnnounced, .initialPose])
    }

    @Test func theURLMustCarryTheVersion() {
        var m = oracle()
        m.endOfRun(avatarURL: "https://x/avatars/users/u/avatar_512.png", profile: ("users/u/avatar_512.png", 2), tick: 5)
        #expect(m.violations.map(\.property) == [.versionedURL])
    }

    // MARK: Target

    @Test func aDoubleTapToTheWrongRungIsCaught() throws {
        var (e, m) = try opened()
        // From 1.05 s_min the next rung is 1.5 s_min; 2.0 s_min is wrong.
        let wrong = Pose(scale: geometry.sMin * 2, translation: .zero)
        step(&e, &m, .doubleTap(at: center), pose: wrong)
        #expect(m.violations.map(\.property) == [.doubleTapRung])
        var (f, n) = try opened()
        step(&f, &n, .doubleTap(at: Point(x: center.x + 30, y: center.y - 40)))
        step(&f, &n, .doubleTap(at: Point(x: center.x - 30, y: center.y + 10)))
        #expect(n.violations.isEmpty)
    }

    @Test func sliderIncrementRecenterAndResizeLandWhereTheSpecSays() throws {
        var (e, m) = try opened()
        step(&e, &m, .setZoomSlider(percent: 50, animated: true))
        step(&e, &m, .incrementZoom)
        step(&e, &m, .panBegan)
        step(&e, &m, .panChanged(delta: Point(x: 30, y: 20)))
        step(&e, &m, .panEnded)
        step(&e, &m, .recenter)
        step(&e, &m, .resize(Size(width: 852, height: 393)))
        #expect(m.violations.isEmpty)
        let moved = Pose(scale: e.pose.scale, translation: Point(x: 3, y: 0))
        var (f, n) = try opened()
        step(&f, &n, .recenter, pose: moved)
        step(&f, &n, .setZoomSlider(percent: 30, animated: false), pose: moved)
        step(&f, &n, .decrementZoom, pose: moved)
        step(&f, &n, .resize(Size(width: 852, height: 393)), pose: moved)
        #expect(n.violations.map(\.property) == [.recenterTarget, .sliderTarget, .incrementTarget, .resizeKeepsCenter])
    }

    @Test func aMoveIsJudgedWhereItSettles() throws {
        var (e, m) = try opened(reduceMotion: false)
        step(&e, &m, .doubleTap(at: center))
        #expect(e.isAnimating)
        var tick = 1
        while e.isAnimating && tick < 700 {
            tick += 1
            _ = e.tick()
            var o = e.observation
            if !e.isAnimating { o = observation(Pose(scale: o.pose.scale * 1.01, translation: o.pose.translation), instructions: false) }
            m.endOfTick(o, recognizerActive: false, tick: tick)
        }
        #expect(m.violations.map(\.property) == [.doubleTapRung])
    }

    @Test func theSliderMustReadTheZoom() {
        var m = oracle()
        let p = geometry.initialPose
        #expect(m.wantsSliderReading(observation(p), recognizerActive: false))
        #expect(!m.wantsSliderReading(observation(p), recognizerActive: true))
        m.judgeSlider(percent(p) + 1, pose: p, tick: 1)
        #expect(m.violations.map(\.property) == [.sliderReadsZoom])
    }

    // MARK: Opening

    @Test func photosAreAcceptedAndRefusedBySize() {
        let small = SourceImage(storedWidth: 319, storedHeight: 4000)
        #expect(Oracle.judgeOpening(source: small, undecodable: false, rejection: "This photo is too small for a profile picture") == nil)
        #expect(Oracle.judgeOpening(source: small, undecodable: false, rejection: nil) != nil)
        #expect(Oracle.judgeOpening(source: SourceImage(storedWidth: 320, storedHeight: 320), undecodable: false,
                                    rejection: "This photo is too small for a profile picture") != nil)
        #expect(Oracle.judgeOpening(source: source, undecodable: true, rejection: nil) != nil)
    }
}
