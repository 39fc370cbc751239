/// What an observer (the simulator's spec oracle) sees of the editor after an event or tick: its
/// visible state and the crop it would request. A plain value, so tests can hand the oracle
/// states the real editor never reaches.
public struct Observation: Sendable {
    public var pose: Pose
    public var cropRect: Rect
    public var storedCropRect: Rect
    public var gridVisible: Bool
    public var instructionsVisible: Bool
    public var session: SessionPhase
    public var animating: Bool
    /// The rotation guide line (`allowRotation`).
    public var angleGuideVisible: Bool

    public init(
        pose: Pose, cropRect: Rect, storedCropRect: Rect, gridVisible: Bool, instructionsVisible: Bool,
        session: SessionPhase, animating: Bool, angleGuideVisible: Bool = false
    ) {
        self.pose = pose
        self.cropRect = cropRect
        self.storedCropRect = storedCropRect
        self.gridVisible = gridVisible
        self.instructionsVisible = instructionsVisible
        self.session = session
        self.animating = animating
        self.angleGuideVisible = angleGuideVisible
    }
}
