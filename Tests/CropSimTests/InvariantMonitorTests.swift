import CropModel
import CropSim
import Testing

/// Each invariant, fed a state that breaks it, reports it with the tick and the numbers.
@Suite struct InvariantMonitorTests {
    let source = SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right)
    let viewport = Viewport(width: 393, height: 852, screenScale: 3)
    var geometry: ZoomGeometry { ZoomGeometry(source: source, viewport: viewport, config: .init()) }

    func observation(_ pose: Pose, grid: Bool = true, instructions: Bool = true, animating: Bool = false) -> Observation {
        Observation(pose: pose, cropRect: geometry.cropRect(for: pose), storedCropRect: geometry.storedCropRect(for: pose),
                    gridVisible: grid, instructionsVisible: instructions, session: .editing, animating: animating)
    }

    func monitor(reduceMotion: Bool = false) -> InvariantMonitor {
        InvariantMonitor(source: source, viewport: viewport, config: .init(), reduceMotion: reduceMotion)
    }

    func violations(_ o: Observation, recognizerActive: Bool = false) -> [Invariant] {
        var m = monitor()
        m.endOfTick(o, recognizerActive: recognizerActive, tick: 7)
        return m.violations.map(\.invariant)
    }

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
        var m = InvariantMonitor(source: source, viewport: viewport, config: config, reduceMotion: false)
        let g = ZoomGeometry(source: source, viewport: viewport, config: config)
        let pose = Pose(scale: 3.5, translation: .zero) // σ / s = 0.86 px/pt
        m.endOfTick(Observation(pose: pose, cropRect: g.cropRect(for: pose), storedCropRect: g.storedCropRect(for: pose),
                                gridVisible: true, instructionsVisible: true, session: .editing, animating: false),
                    recognizerActive: false, tick: 1)
        #expect(m.violations.map(\.invariant).contains(.density))
        #expect(m.violations.first { $0.invariant == .density }!.message.contains("0.857"))
    }

    @Test func gridAndInstructionsFollowTheGestures() {
        #expect(violations(observation(geometry.initialPose, grid: true), recognizerActive: true) == [.gridHiddenDuringGestures])
        #expect(violations(observation(geometry.initialPose, grid: false)) == [.gridHiddenDuringGestures])
        #expect(violations(observation(geometry.initialPose, instructions: false)) == [.instructionsHiddenAfterFirstGesture])
    }

    @Test func repeatedHapticsWithoutLeavingTheLimitAreCaught() {
        var m = monitor()
        let atMax = observation(Pose(scale: geometry.sMax, translation: .zero))
        let impact: [EditorEffect] = [.haptic(.lightImpact(.zoomMax))]
        m.observe(.pinchChanged(scale: 9, focal: viewport.center), before: atMax.pose, pose: atMax.pose, effects: impact, tick: 1)
        m.observe(.pinchChanged(scale: 10, focal: viewport.center), before: atMax.pose, pose: atMax.pose, effects: impact, tick: 2)
        #expect(m.violations.map(\.invariant) == [.hapticsEdgeTriggered])
        #expect(m.violations[0].tick == 2)
        // A haptic away from the limit is wrong too.
        var n = monitor()
        let inside = observation(geometry.initialPose)
        n.observe(.panChanged(delta: .zero), before: inside.pose, pose: inside.pose, effects: [.haptic(.lightImpact(.panClampX))], tick: 3)
        #expect(n.violations.first?.message.contains("not at that limit") == true)
    }

    @Test func aTipShownTwiceIsCaught() {
        var m = monitor()
        let o = observation(geometry.initialPose)
        m.observe(.memoryWarning, before: o.pose, pose: o.pose, effects: [.show(.memoryFallback)], tick: 1)
        m.observe(.confirm, before: o.pose, pose: o.pose, effects: [.show(.memoryFallback)], tick: 2)
        #expect(m.violations.map(\.invariant) == [.tipsAtMostOnce])
    }

    @Test func aPinchAnchoredWithTheUnclampedScaleDrifts() {
        var m = monitor()
        let start = observation(geometry.initialPose)
        let focal = Point(x: viewport.center.x + 20, y: viewport.center.y)
        m.observe(.pinchBegan(focal: focal), before: start.pose, pose: start.pose, effects: [], tick: 1)
        // Factor 40 is far past s_max; a correct editor sits at s_max with the focal point kept.
        let q = start.pose.imagePoint(under: Point(x: 20, y: 0))
        let unclamped = start.pose.scale * 40
        let wrong = Pose(scale: geometry.sMax, translation: Point(x: 20 - q.x * unclamped, y: 0))
        let clampedWrong = geometry.clamp(wrong).pose
        let right = Pose(scale: geometry.sMax, translation: Pose.translation(placing: q, under: Point(x: 20, y: 0), scale: geometry.sMax))
        var good = m
        good.observe(.pinchChanged(scale: 40, focal: focal), before: start.pose, pose: right, effects: [], tick: 2)
        #expect(good.violations.isEmpty)
        m.observe(.pinchChanged(scale: 40, focal: focal), before: start.pose, pose: clampedWrong, effects: [], tick: 2)
        #expect(m.violations.map(\.invariant) == [.focalPointKept])
    }

    @Test func beginningAGestureMustNotMoveTheImage() {
        var m = monitor()
        let o = observation(geometry.initialPose)
        let moved = Pose(scale: o.pose.scale, translation: Point(x: 1, y: 0))
        m.observe(.pinchBegan(focal: viewport.center), before: moved, pose: o.pose, effects: [], tick: 4)
        #expect(m.violations.map(\.invariant) == [.handOverWithoutJump])
    }

    @Test func animatingUnderReduceMotionIsCaught() {
        var m = monitor(reduceMotion: true)
        m.endOfTick(observation(geometry.initialPose, animating: true), recognizerActive: false, tick: 1)
        #expect(m.violations.map(\.invariant) == [.animatedFramesValid])
    }

    @Test func violationsNameTickTimeAndNumbers() {
        var m = monitor()
        m.endOfTick(observation(Pose(scale: geometry.sMax * 1.5, translation: .zero)), recognizerActive: false, tick: 90)
        let v = m.violations.first { $0.invariant == .zoomInRange }!
        #expect(v.description.hasPrefix("zoomInRange at tick 90 (t=1.500 s): scale "))
        #expect(v.description.contains(String(geometry.sMax)))
    }
}
