import CropModel

/// What the invariant monitor looks at after an event or tick: the editor's visible state and
/// the crop it would request. A plain value, so tests and deliberately broken models can hand
/// the monitor states the real editor never reaches.
public struct Observation: Sendable {
    public var pose: Pose
    public var cropRect: Rect
    public var storedCropRect: Rect
    public var gridVisible: Bool
    public var instructionsVisible: Bool
    public var session: SessionPhase
    public var animating: Bool

    public init(pose: Pose, cropRect: Rect, storedCropRect: Rect, gridVisible: Bool, instructionsVisible: Bool,
                session: SessionPhase, animating: Bool) {
        self.pose = pose
        self.cropRect = cropRect
        self.storedCropRect = storedCropRect
        self.gridVisible = gridVisible
        self.instructionsVisible = instructionsVisible
        self.session = session
        self.animating = animating
    }

    public init(_ e: Editor) {
        self.init(pose: e.pose, cropRect: e.cropRect, storedCropRect: e.storedCropRect,
                  gridVisible: e.gridVisible, instructionsVisible: e.instructionsVisible, session: e.session,
                  animating: e.isAnimating)
    }
}
