/// The direct-manipulation gesture an editor says it is in (the frame log's `phase`).
public enum GestureKind: String, CaseIterable, Hashable, Sendable, Codable {
    case idle, pan, pinch
}

/// Where the flow after confirm stands (the scenario format's `upload.state`).
public enum UploadPhase: String, CaseIterable, Hashable, Sendable, Codable {
    case none, cropping, uploading, waiting, updatingProfile, done, failed
}

/// What an editor reports about itself beyond the `Observation` the oracle judges: the numbers
/// and states that logs, reports and scenario expectations print. The oracle never reads these
/// (it works its own limits out from the spec); a model that does not report a field leaves it
/// nil, and logs print it as `null`.
public struct Readout: Hashable, Sendable {
    /// s_min and s_max at the photo's current turn.
    public var sMin: Double?
    public var sMax: Double?
    /// The mask's diameter in points.
    public var maskDiameter: Double?
    /// The largest |tx| and |ty| at the current zoom and turn.
    public var panLimit: Point?
    /// The view in points.
    public var view: Size?
    public var gesture: GestureKind?
    /// The sides the last clamp cut off the request, and the sides whose light impact has fired
    /// and that the pose has not left since.
    public var cut: LimitSet?
    public var engaged: LimitSet?
    public var upload: UploadPhase?
    /// s_max collapsed onto s_min (R8.4), and σ / s_min below the density gate.
    public var zoomLimited: Bool?
    public var lowDensity: Bool?
    /// The dimming outside the mask (R6.3), as an opacity in 0…1.
    public var dimmingOpacity: Double?

    public init(
        sMin: Double? = nil, sMax: Double? = nil, maskDiameter: Double? = nil, panLimit: Point? = nil,
        view: Size? = nil,
        gesture: GestureKind? = nil, cut: LimitSet? = nil, engaged: LimitSet? = nil, upload: UploadPhase? = nil,
        zoomLimited: Bool? = nil, lowDensity: Bool? = nil, dimmingOpacity: Double? = nil
    ) {
        self.sMin = sMin
        self.sMax = sMax
        self.maskDiameter = maskDiameter
        self.panLimit = panLimit
        self.view = view
        self.gesture = gesture
        self.cut = cut
        self.engaged = engaged
        self.upload = upload
        self.zoomLimited = zoomLimited
        self.lowDensity = lowDensity
        self.dimmingOpacity = dimmingOpacity
    }
}
