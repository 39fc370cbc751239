import CropSpec
import CropVocabulary

/// The editor as it stood at the end of one tick: what `frames.jsonl` prints and reports plot.
///
/// The limits, gesture and clamps are the model's own report (`Readout`). A model that reports
/// none of them gets the spec's limits, the recognizer's gesture and no clamps instead, so its
/// logs and reports have the same columns (docs/reports.md#frame-log).
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

    public var time: Double { Double(tick) / Double(TickClock.ticksPerSecond) }

    init(
        tick: Int, observation o: Observation, sliderPercent: Double, readout r: Readout, spec g: SpecGeometry,
        recognized: GestureKind, touches: [Point], rotationAllowed: Bool
    ) {
        self.tick = tick
        pose = o.pose
        let a = o.pose.angle
        sMin = r.sMin ?? g.sMin(a)
        sMax = r.sMax ?? g.sMax(a)
        maskDiameter = r.maskDiameter ?? g.maskDiameter
        panLimit =
            r.panLimit
            ?? {
                let l = g.panLimit(o.pose.scale, angle: a); return Point(x: l.x, y: l.y)
            }()
        view = r.view ?? Size(width: g.center.x * 2, height: g.center.y * 2)
        phase = (r.gesture ?? recognized).rawValue
        animating = o.animating
        gridVisible = o.gridVisible
        instructionsVisible = o.instructionsVisible
        session = o.session
        cut = r.cut ?? []
        engaged = r.engaged ?? []
        self.sliderPercent = sliderPercent
        self.touches = touches
        angleGuideVisible = o.angleGuideVisible
        self.rotationAllowed = rotationAllowed
    }
}

/// An effect and the tick it happened at.
public struct TimedEffect: Sendable {
    public var tick: Int
    public var effect: EditorEffect

    public var time: Double { Double(tick) / Double(TickClock.ticksPerSecond) }
}
