import CropModel
import CropSpec
import CropVocabulary
import Testing

/// Events that meet a move in flight (`Oracle+InFlight`): a resize, a recenter and a dragged
/// slider thumb owe a pose once the oracle knows where the running move was going. The reference
/// editor (which lands the move first) passes; a second reference editor that stopped the move
/// on the frame shown gives the other reading's poses; anything else is a find.
@Suite struct InFlightTests {
    let o = OracleTests()
    /// Right of and above the mask center: the double-tap's target is panned on both axes.
    var tap: Point { o.center + Point(x: 60, y: -80) }

    /// The reference editor, Reduce Motion off, declaring `policies`.
    func opened(_ policies: Policies = Policies()) throws -> (CheckedEditor<Tampered>, Tamper) {
        let tamper = Tamper()
        tamper.policies = policies
        let request = OpenRequest(source: o.source, viewport: o.viewport, reduceMotion: false)
        return (try #require(CheckedEditor<Tampered>.opened(request, in: tamper)), tamper)
    }

    /// A reference editor whose double-tap was stopped on its frame `frames` ticks in (a finger
    /// touched and lifted), then given `event`: the poses the "stopped" reading shows.
    func stoppedThen(_ event: EditorEvent, frames: Int) throws -> Editor {
        var e = try Editor.open(source: o.source, viewport: o.viewport).editor
        _ = e.apply(.doubleTap(at: tap))
        for _ in 0..<frames { _ = e.tick() }
        _ = e.apply(.panBegan)
        _ = e.apply(.panEnded)
        _ = e.apply(event)
        return e
    }

    /// A double-tap, `frames` ticks of its spring, `event`, then time to settle; `shown` replaces
    /// the pose the event leaves.
    func midMove(_ event: EditorEvent, frames: Int = 12, shown: Pose? = nil, policies: Policies = Policies()) throws
        -> [Property]
    {
        var (m, tamper) = try opened(policies)
        m.apply(.doubleTap(at: tap))
        m.tick(frames)
        tamper.pose = shown
        m.apply(event)
        m.tick(90)
        return m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture }
    }

    static let landscape = Size(width: 852, height: 393)

    @Test func aResizeLandsTheRunningMoveThenKeepsItsPose() throws {
        #expect(try midMove(.resize(Self.landscape)) == [])
        // Stopped on the frame shown, where the reference (landsTarget) declares it lands: a find.
        let stopped = try stoppedThen(.resize(Self.landscape), frames: 12).pose
        #expect(try midMove(.resize(Self.landscape), shown: stopped).contains(.resizeKeepsCenter))
    }

    @Test func aResizeMayStopTheMoveWhenDeclared() throws {
        let stops = policies { $0.resizeMidMove = .stops }
        let stopped = try stoppedThen(.resize(Self.landscape), frames: 12).pose
        #expect(
            try midMove(.resize(Self.landscape), shown: stopped, policies: stops).filter { $0 == .resizeKeepsCenter }
                == [])
        #expect(try midMove(.resize(Self.landscape), policies: stops).contains(.resizeKeepsCenter))
        // carriesOn: the frame kept at the resize, so the reference's landing there is a find.
        #expect(
            try midMove(.resize(Self.landscape), policies: policies { $0.resizeMidMove = .carriesOn }).contains(
                .resizeKeepsCenter))
    }

    @Test func aSliderDraggedMidMoveBuildsOnTheMoveLandedOrTheFrame() throws {
        let drag = EditorEvent.setZoomSlider(percent: 70, animated: false)
        #expect(try midMove(drag) == [])
        let fromFrame = try stoppedThen(drag, frames: 12).pose
        #expect(try midMove(drag, shown: fromFrame).filter { $0 == .sliderTarget } == [])
        let elsewhere = Pose(scale: fromFrame.scale, translation: fromFrame.translation + Point(x: 3, y: 0))
        #expect(try midMove(drag, shown: elsewhere).contains(.sliderTarget))
    }

    /// A recenter 12 frames into a double-tap, its frames `poses` (the last one settled).
    func recenterMidMove(landingOn poses: [Pose]) throws -> [Property] {
        var (m, tamper) = try opened(policies { $0.transitionSpring = .unspecified })
        m.apply(.doubleTap(at: tap))
        m.tick(12)
        m.apply(.recenter)
        m.play(poses, in: o.geometry, tamper: tamper)
        // The slider reads the editor underneath, not the frames played over it.
        return m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture && $0 != .sliderReadsZoom }
    }

    @Test func aRecenterMidMoveCentersAtTheZoomOnScreenOrTheTargets() throws {
        // The reference: at the zoom the double-tap was heading to.
        var (m, _) = try opened()
        m.apply(.doubleTap(at: tap))
        m.tick(12)
        m.apply(.recenter)
        m.tick(90)
        #expect(m.properties.filter { $0 != .instructionsHiddenAfterFirstGesture } == [])
        // At the zoom on screen (a reference editor whose double-tap stopped there, recentering).
        var e = try stoppedThen(.recenter, frames: 12)
        var poses: [Pose] = []
        while e.isAnimating { _ = e.tick(); poses.append(e.pose) }
        let onScreen = try recenterMidMove(landingOn: poses)
        #expect(onScreen == [], "\(onScreen)")
        // At the zoom the double-tap started from: neither reading.
        let start = o.geometry.initialPose
        #expect(try recenterMidMove(landingOn: poses.dropLast() + [start]).contains(.recenterTarget))
    }
}
