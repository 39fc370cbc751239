import CropModel
import CropSpec
import CropVocabulary
import Testing

/// Each property, fed a state or an event that breaks it, reports it with the tick and the numbers.
/// Everything goes through `CheckedEditor`, as in any run: a `Puppet` hands the oracle states no
/// editor reaches, a `Tampered` reference editor carries a bug planted at one step. The tests build
/// states with the model's geometry (they are not the oracle); what they assert is what the
/// oracle says about them.
@Suite struct OracleTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)
    var geometry: ZoomGeometry { ZoomGeometry(source: source, viewport: viewport, config: .init()) }
    var center: Point { viewport.center }

    func observation(
        _ pose: Pose, grid: Bool = true, instructions: Bool = true, animating: Bool = false,
        session: SessionPhase = .editing, in g: ZoomGeometry? = nil
    ) -> Observation {
        let g = g ?? geometry
        return Observation(
            pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose),
            gridVisible: grid, instructionsVisible: instructions, session: session, animating: animating)
    }

    func percent(_ pose: Pose, in g: ZoomGeometry? = nil) -> Double {
        ZoomSlider.percent(for: pose.scale, in: g ?? geometry)
    }

    /// A puppet opened at the initial pose, announced: nothing broken yet.
    func puppet(
        config: AvatarCropperConfig = .init(), reduceMotion: Bool = false, user: UserContext? = nil,
        opening: Observation? = nil, effects: [EditorEffect] = [.announce(.voiceOverIntro)],
        policies: Policies = .init()
    ) throws -> (CheckedEditor<Puppet>, PuppetScript) {
        let g = ZoomGeometry(source: source, viewport: viewport, config: config)
        let first = opening ?? observation(g.initialPose, in: g)
        let script = PuppetScript(opening: first, effects: effects, slider: percent(first.pose, in: g))
        script.policies = policies
        let request = OpenRequest(
            source: source, viewport: viewport, config: config, reduceMotion: reduceMotion, user: user)
        return (try #require(CheckedEditor<Puppet>.opened(request, in: script)), script)
    }

    /// What the oracle says about a frame that shows `o` (the slider reading the pose rightly).
    func violations(_ o: Observation, recognizerActive: Bool = false, ticks: Int = 1) throws -> [Violation] {
        var (m, script) = try puppet()
        let rest = PuppetScript.Step(observation: observation(geometry.initialPose))
        script.steps =
            Array(repeating: rest, count: ticks - 1)
            + [PuppetScript.Step(observation: o, slider: o.pose.isFinite ? percent(o.pose) : nil)]
        m.tick(ticks, recognizerActive: recognizerActive)
        return m.violations
    }

    /// The reference editor, with a tamper to plant a bug at any one step.
    func opened(reduceMotion: Bool = true, user: UserContext? = nil) throws -> (CheckedEditor<Tampered>, Tamper) {
        let tamper = Tamper()
        let request = OpenRequest(source: source, viewport: viewport, reduceMotion: reduceMotion, user: user)
        return (try #require(CheckedEditor<Tampered>.opened(request, in: tamper)), tamper)
    }

    // MARK: Safety

    @Test func aValidStateBreaksNothing() throws {
        #expect(try violations(observation(geometry.initialPose)).isEmpty)
    }

    @Test func zoomBelowSMinBreaksRangeAndCover() throws {
        let v = try violations(observation(Pose(scale: geometry.sMin * 0.9, translation: .zero))).map(\.property)
        #expect(v.contains(.zoomInRange) && v.contains(.maskCovered) && v.contains(.outputSquareCovered))
    }

    @Test func panningPastTheBoundBreaksMaskCovered() throws {
        let s = geometry.initialPose.scale
        let v = try violations(
            observation(Pose(scale: s, translation: Point(x: geometry.panLimit(scale: s).x + 0.01, y: 0))))
        #expect(v.map(\.property) == [.maskCovered, .outputSquareCovered, .cropRectInSource])
    }

    @Test func nonFiniteStateIsReported() throws {
        #expect(try violations(observation(Pose(scale: .nan, translation: .zero))).map(\.property) == [.finiteState])
    }

    @Test func aCropRectFromTheStoredSizeIsCaught() throws {
        // The classic bug: width and height not swapped for orientation 6.
        let unswapped = ZoomGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: viewport, config: .init())
        var o = observation(geometry.initialPose)
        o.cropRect = unswapped.cropRect(for: geometry.initialPose)
        #expect(try violations(o).map(\.property) == [.cropRectInSource])
    }

    @Test func densityBelowTheMinimumIsReported() throws {
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = 100
        config.qualityMultiplier = 0.01
        let g = ZoomGeometry(source: source, viewport: viewport, config: config)
        var (m, script) = try puppet(config: config)
        let pose = Pose(scale: 3.5, translation: .zero)  // σ / s = 0.86 px/pt
        script.steps = [PuppetScript.Step(observation: observation(pose, in: g), slider: percent(pose, in: g))]
        m.tick()
        #expect(m.properties.contains(.density))
        #expect(m.violations.first { $0.property == .density }!.message.contains("0.857"))
    }

    @Test func gridAndInstructionsFollowTheGestures() throws {
        let p = geometry.initialPose
        #expect(
            try violations(observation(p, grid: true), recognizerActive: true).map(\.property) == [
                .gridHiddenDuringGestures
            ])
        #expect(try violations(observation(p, grid: false)).map(\.property) == [.gridHiddenDuringGestures])
        #expect(
            try violations(observation(p, instructions: false)).map(\.property) == [
                .instructionsHiddenAfterFirstGesture
            ])
    }

    @Test func repeatedHapticsWithoutLeavingTheLimitAreCaught() throws {
        var (m, script) = try puppet()
        let atMax = Pose(scale: geometry.sMax, translation: .zero)
        let impact: [EditorEffect] = [.haptic(.lightImpact(.zoomMax))]
        script.steps = [
            PuppetScript.Step(observation: observation(geometry.initialPose, instructions: false)),
            PuppetScript.Step(
                observation: observation(atMax, instructions: false), effects: impact, slider: percent(atMax)),
            PuppetScript.Step(), PuppetScript.Step(effects: impact)
        ]
        m.apply(.pinchBegan(focal: center), .pinchChanged(scale: 9, focal: center))
        m.tick()
        m.apply(.pinchChanged(scale: 10, focal: center))
        #expect(m.properties == [.hapticsEdgeTriggered])
        #expect(m.violations[0].tick == 2)
        // A haptic away from the limit is wrong too.
        var (n, more) = try puppet()
        more.steps = [PuppetScript.Step(), PuppetScript.Step(effects: [.haptic(.lightImpact(.panClampX))])]
        n.apply(.panBegan, .panChanged(delta: .zero))
        #expect(n.violations.first?.message.contains("not at that limit") == true)
    }

    @Test func aTipShownTwiceIsCaught() throws {
        var (m, script) = try puppet()
        script.steps = [
            PuppetScript.Step(effects: [.show(.memoryFallback)]), PuppetScript.Step(),
            PuppetScript.Step(effects: [.show(.memoryFallback)])
        ]
        m.apply(.memoryWarning)
        m.tick()
        m.apply(.memoryWarning)
        #expect(m.properties == [.tipsAtMostOnce])
    }

    @Test func aPinchAnchoredWithTheUnclampedScaleDrifts() throws {
        let start = geometry.initialPose
        let focal = Point(x: center.x + 20, y: center.y)
        // Factor 40 is far past s_max; a correct editor sits at s_max with the focal point kept.
        let q = start.imagePoint(under: Point(x: 20, y: 0))
        let unclamped = start.scale * 40
        let wrong = geometry.clamp(Pose(scale: geometry.sMax, translation: Point(x: 20 - q.x * unclamped, y: 0))).pose
        let right = geometry.clamp(
            Pose(
                scale: geometry.sMax,
                translation: Pose.translation(placing: q, under: Point(x: 20, y: 0), scale: geometry.sMax))
        ).pose
        let impact: [EditorEffect] = [.haptic(.lightImpact(.zoomMax))]
        for (pose, broken) in [(right, [Property]()), (wrong, [.focalPointKept])] {
            var (m, script) = try puppet()
            script.steps = [PuppetScript.Step(), PuppetScript.Step(pose: pose, effects: impact)]
            m.apply(.pinchBegan(focal: focal), .pinchChanged(scale: 40, focal: focal))
            #expect(m.properties == broken)
        }
    }

    @Test func beginningAGestureMustNotMoveTheImage() throws {
        var (m, script) = try puppet()
        let moved = Pose(scale: geometry.initialPose.scale, translation: Point(x: 1, y: 0))
        script.steps = [PuppetScript.Step(pose: moved)]
        m.apply(.pinchBegan(focal: center))
        #expect(m.properties == [.handOverWithoutJump])
    }

    @Test func aGestureStreamOutOfOrderIsCaught() throws {
        var (m, _) = try puppet()
        m.apply(.pinchChanged(scale: 1, focal: center))
        #expect(m.properties == [.gesturesWellFormed])
    }

    @Test func animatingUnderReduceMotionIsCaught() throws {
        var (m, script) = try puppet(reduceMotion: true)
        script.steps = [PuppetScript.Step(observation: observation(geometry.initialPose, animating: true))]
        m.tick()
        #expect(m.properties == [.reduceMotionDiscrete])
    }

    @Test func violationsNameTickTimeAndNumbers() throws {
        let p = Pose(scale: geometry.sMax * 1.5, translation: .zero)
        let v = try #require(try violations(observation(p), ticks: 90).first { $0.property == .zoomInRange })
        #expect(v.description.hasPrefix("zoomInRange at tick 90 (t=1.500 s): scale "))
        #expect(v.description.contains(String(geometry.sMax)))
    }

    // MARK: Obligation

    @Test func aPanPastTheEdgeOwesALightImpact() throws {
        var (m, tamper) = try opened()
        m.apply(.panBegan)
        tamper.effects = { $0.filter { $0 != .haptic(.lightImpact(.panClampX)) } }
        m.apply(.panChanged(delta: Point(x: 5000, y: 0)))
        #expect(m.properties == [.limitHapticOnEntry])
        // The true editor fires it, and nothing is owed for pushing on while the side is engaged.
        var (n, _) = try opened()
        n.apply(.panBegan, .panChanged(delta: Point(x: 5000, y: 0)), .panChanged(delta: Point(x: 50, y: 0)))
        #expect(n.violations.isEmpty)
    }

    @Test func confirmOwesTheSuccessHapticAndTheFallbackNotice() throws {
        var (m, tamper) = try opened()
        m.apply(.memoryWarning)
        tamper.effects = { $0.filter { $0 != .haptic(.success) && $0 != .show(.memoryFallback) } }
        m.apply(.confirm)
        #expect(Set(m.properties) == [.successHapticOnConfirm, .memoryFallbackNoticeShown])
    }

    @Test func aCropFromTheOriginalAfterAMemoryWarningIsCaught() throws {
        var (m, tamper) = try opened()
        m.apply(.memoryWarning)
        tamper.effects = {
            $0.map { if case .crop(var r) = $0 { r.fromThumbnail = false; return .crop(r) } else { return $0 } }
        }
        m.apply(.confirm)
        #expect(m.properties == [.memoryFallbackUsesThumbnail])
    }

    @Test func aFinalFailureOwesErrorAlertAndRetry() throws {
        let user = UserContext(uid: "u1", avatarPath: "users/u1/avatar_512.png", avatarVersion: 3)
        var (m, tamper) = try opened(user: user)
        m.apply(.confirm, .cropFinished(succeeded: true))
        tamper.effects = { $0.filter { $0 != .offerRetry } }
        m.apply(.uploadFinished(attempt: 1, outcome: .httpError(status: 403)))
        #expect(m.properties == [.failureReported])
        // … and the previous avatar must stay.
        var host = RecordingHost(profile: ("users/u1/avatar_512.png", 4))
        m.tick(recognizerActive: false, host: &host)
        #expect(m.properties.contains(.previousAvatarKept))
    }

    /// R11.2/R11.5: a failed crop hands the photo back for editing at once; an editor that stays
    /// confirmed (nothing can be adjusted or confirmed again) breaks the flow. Cancel ends it.
    @Test func aFailedCropMustResumeEditing() throws {
        var (m, tamper) = try opened()
        m.apply(.confirm)
        m.tick()
        m.apply(.cropFinished(succeeded: false))
        m.tick()
        #expect(m.observation.session == .editing && m.violations.isEmpty)
        tamper.frame = {
            var stuck = $0; stuck.session = .confirmed; return stuck
        }
        m.tick()
        #expect(m.properties == [.sessionFollowsFlow])
        m.apply(.cancel)
        m.tick()
        #expect(m.observation.session == .cancelled && m.violations.count == 1)
    }

    @Test func aProfileUpdateWithoutASuccessfulUploadIsCaught() throws {
        var (m, tamper) = try opened(user: UserContext(uid: "u1"))
        m.apply(.confirm, .cropFinished(succeeded: true))
        // Plant the update a success would ask for after a failed attempt instead.
        let update = EditorEffect.updateProfile(ProfileUpdate(avatarPath: "users/u1/avatar_512.png", avatarVersion: 1))
        tamper.effects = { $0 + [update] }
        m.apply(.uploadFinished(attempt: 1, outcome: .timeout))
        #expect(m.properties == [.profileUpdatedOnlyAfterUpload])
    }

    @Test func aCropWithoutItsUploadIsCaught() throws {
        var (m, tamper) = try opened(user: UserContext(uid: "u1"))
        m.apply(.confirm)
        tamper.effects = { $0.filter { if case .upload = $0 { false } else { true } } }
        m.apply(.cropFinished(succeeded: true))
        #expect(m.properties == [.uploadFollowsCrop])
    }

    @Test func anOverdueRetryIsCaught() throws {
        var (m, tamper) = try opened(user: UserContext(uid: "u1"))
        m.apply(.confirm, .cropFinished(succeeded: true), .uploadFinished(attempt: 1, outcome: .timeout))
        // An editor that never retries: attempt 2 was due 30 ticks after attempt 1 failed.
        tamper.everyTick = { $0.filter { if case .upload = $0 { false } else { true } } }
        m.tick(31)
        #expect(m.violations.isEmpty)
        m.tick()
        #expect(m.properties == [.backoffAsSpecified])
    }

    @Test func theAnnouncementAndTheInitialPoseAreOwedAtOpen() throws {
        let (m, _) = try puppet(opening: observation(Pose(scale: geometry.sMin, translation: .zero)), effects: [])
        #expect(Set(m.properties) == [.voiceOverAnnounced, .initialPose])
    }

    @Test func theURLMustCarryTheVersion() throws {
        var (m, _) = try puppet()
        m.finish(avatarURL: "https://x/avatars/users/u/avatar_512.png", profile: ("users/u/avatar_512.png", 2))
        #expect(m.properties == [.versionedURL])
    }

    // MARK: Target

    @Test func aDoubleTapToTheWrongRungIsCaught() throws {
        var (m, tamper) = try opened()
        // From 1.05 s_min the next rung is 1.5 s_min; 2.0 s_min is wrong.
        tamper.pose = Pose(scale: geometry.sMin * 2, translation: .zero)
        m.apply(.doubleTap(at: center))
        #expect(m.properties == [.doubleTapRung])
        var (n, _) = try opened()
        n.apply(
            .doubleTap(at: Point(x: center.x + 30, y: center.y - 40)),
            .doubleTap(at: Point(x: center.x - 30, y: center.y + 10)))
        #expect(n.violations.isEmpty)
    }

    @Test func sliderIncrementRecenterAndResizeLandWhereTheSpecSays() throws {
        var (m, _) = try opened()
        m.apply(
            .setZoomSlider(percent: 50, animated: true), .incrementZoom, .panBegan,
            .panChanged(delta: Point(x: 30, y: 20)),
            .panEnded, .recenter, .resize(Size(width: 852, height: 393)))
        #expect(m.violations.isEmpty)
        let moved = Pose(scale: m.observation.pose.scale, translation: Point(x: 3, y: 0))
        let events: [(EditorEvent, Property)] = [
            (.recenter, .recenterTarget), (.setZoomSlider(percent: 30, animated: false), .sliderTarget),
            (.decrementZoom, .incrementTarget), (.resize(Size(width: 852, height: 393)), .resizeKeepsCenter)
        ]
        for (event, property) in events {
            var (n, tamper) = try opened()
            tamper.pose = moved
            n.apply(event)
            #expect(n.properties == [property], "\(event)")
        }
    }

    @Test func aMoveIsJudgedWhereItSettles() throws {
        var (m, tamper) = try opened(reduceMotion: false)
        m.apply(.doubleTap(at: center))
        #expect(m.observation.animating)
        var ticks = 0
        while m.observation.animating && ticks < 700 {
            ticks += 1
            // The frame the move lands on shows the photo 1 % off the rung.
            tamper.frame = {
                $0.animating
                    ? $0
                    : observation(
                        Pose(scale: $0.pose.scale * 1.01, translation: $0.pose.translation), instructions: false)
            }
            m.tick()
        }
        #expect(m.properties.contains(.doubleTapRung))
    }

    @Test func theSliderMustReadTheZoom() throws {
        let p = geometry.initialPose
        let moved = Pose(scale: p.scale * 1.2, translation: .zero)
        // At rest somewhere new, the reading is judged; while a gesture holds the photo it is not.
        for (active, broken) in [(true, [Property]()), (false, [.sliderReadsZoom])] {
            var (m, script) = try puppet()
            script.steps = [
                PuppetScript.Step(observation: observation(moved, grid: !active), slider: percent(moved) + 1)
            ]
            m.tick(recognizerActive: active)
            #expect(m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture } == broken)
        }
    }

    // MARK: Opening

    @Test func photosAreAcceptedAndRefusedBySize() {
        let small = SourceImage(storedWidth: 319, storedHeight: 4000)
        let tooSmall = "This photo is too small for a profile picture"
        #expect(PhotoAcceptance.violation(source: small, undecodable: false, rejection: tooSmall) == nil)
        #expect(PhotoAcceptance.violation(source: small, undecodable: false, rejection: nil) != nil)
        #expect(
            PhotoAcceptance.violation(
                source: SourceImage(storedWidth: 320, storedHeight: 320), undecodable: false,
                rejection: tooSmall) != nil)
        #expect(PhotoAcceptance.violation(source: source, undecodable: true, rejection: nil) != nil)
    }
}
