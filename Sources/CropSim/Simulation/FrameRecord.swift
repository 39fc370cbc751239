import CropModel

/// The editor as it stood at the end of one tick: what `frames.jsonl` prints and reports plot.
public struct FrameRecord: Sendable {
    public var tick: Int
    public var pose: Pose
    public var sMin: Double
    public var sMax: Double
    public var maskDiameter: Double
    public var panLimit: Point
    public var view: Size
    public var phase: String
    public var animating: Bool
    public var gridVisible: Bool
    public var instructionsVisible: Bool
    public var session: SessionPhase
    /// Limits the last update's clamp cut, and limits whose haptic has fired and still hold.
    public var cut: LimitSet
    public var engaged: LimitSet
    public var sliderPercent: Double
    /// Fingers on the glass, in view points.
    public var touches: [Point]
    /// The angle guide line (rotation only).
    public var angleGuideVisible: Bool
    /// `allowRotation`: logs print the turn only then, so runs without rotation keep their bytes.
    public var rotationAllowed: Bool

    public var time: Double { Double(tick) / Double(Editor.ticksPerSecond) }

    init(tick: Int, editor e: Editor, touches: [Point]) {
        self.tick = tick
        pose = e.pose
        let g = e.zoomGeometry
        sMin = g.sMin
        sMax = g.sMax
        maskDiameter = g.maskDiameter
        panLimit = g.panLimit(scale: e.pose.scale)
        view = e.geometry.viewport.size
        phase = e.gesture.name
        animating = e.isAnimating
        gridVisible = e.gridVisible
        instructionsVisible = e.instructionsVisible
        session = e.session
        cut = e.lastCut
        engaged = e.engaged
        sliderPercent = e.sliderPercent
        self.touches = touches
        angleGuideVisible = e.angleGuideVisible
        rotationAllowed = e.geometry.config.allowRotation
    }
}

/// An effect and the tick it happened at.
public struct TimedEffect: Sendable {
    public var tick: Int
    public var effect: EditorEffect

    public var time: Double { Double(tick) / Double(Editor.ticksPerSecond) }
}

extension Haptic {
    /// The name scenarios use: the limit reason for light impacts, else the kind.
    public var name: String { reason?.rawValue ?? kind }
}
