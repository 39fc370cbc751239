/// What the host must do in response to an event or tick. The editor never performs these; it
/// returns them, so tests and the simulator see every one.
public enum EditorEffect: Hashable, Sendable, Codable {
    case haptic(Haptic)
    /// A tip or notice shown once per session.
    case show(Message)
    /// Spoken by VoiceOver.
    case announce(Message)
    /// On confirm: the crop to render.
    case crop(CropRequest)
    /// When the crop finished: numbers and booleans only (R10.1–R10.4).
    case telemetry(ConfirmTelemetry)
    /// An error the user must read (R11.4); unlike tips these may repeat.
    case alert(Message)
    /// Show the Retry action (R11.2, R12.5).
    case offerRetry
    /// Write the avatar to storage (R12.1–12.2).
    case upload(UploadRequest)
    /// Point the profile at the new avatar (R12.3).
    case updateProfile(ProfileUpdate)
    /// After each upload attempt (R10.5).
    case uploadTelemetry(UploadTelemetry)
}

/// SwiftUI sensory feedback kinds the editor uses.
public enum Haptic: Hashable, Sendable, Codable {
    /// Light impact on the transition into a limit (R3.2).
    case lightImpact(LimitReason)
    /// Confirm (R3.3).
    case success
    /// Three quick light impacts: a crop or upload that finally failed.
    case error
    /// A light impact as a twist enters a snap window (within `Turn.snapWindow` of a quarter
    /// turn); the guide line shows while it stays there.
    case snap

    public var kind: String {
        switch self {
        case .lightImpact: "lightImpact"
        case .success: "success"
        case .error: "error"
        case .snap: "snap"
        }
    }

    public var reason: LimitReason? {
        if case .lightImpact(let r) = self { return r }
        return nil
    }
}

/// What the renderer needs to cut the avatar.
public struct CropRequest: Hashable, Sendable, Codable {
    /// In upright source pixels: the output square before the turn (its center and side).
    public var rect: Rect
    /// The photo's turn on screen in degrees, clockwise (`Pose.angle`). The output square is
    /// `rect` turned by −angle about its center in upright pixels: output pixel center
    /// `d` (offset from the avatar's center, scaled to `rect`'s side) samples the upright photo
    /// at `center + R(−angle)·d`. 0 without `allowRotation`.
    public var angle: Double = 0
    /// On the stored grid, for the decoder.
    public var storedRect: Rect
    public var orientation: Orientation
    public var outputSize: Int
    public var encoding: AvatarCropperConfig.Encoding
    /// After a memory warning the display thumbnail is cropped instead of the original (R7.4).
    public var fromThumbnail: Bool

    public init(
        rect: Rect, angle: Double = 0, storedRect: Rect, orientation: Orientation, outputSize: Int,
        encoding: AvatarCropperConfig.Encoding, fromThumbnail: Bool
    ) {
        self.rect = rect
        self.angle = angle
        self.storedRect = storedRect
        self.orientation = orientation
        self.outputSize = outputSize
        self.encoding = encoding
        self.fromThumbnail = fromThumbnail
    }
}

/// The confirm-time telemetry record. Every field is a number or a boolean by construction.
public struct ConfirmTelemetry: Hashable, Sendable, Codable {
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int
    public var sMin: Double
    public var sMax: Double
    public var scale: Double
    public var qualityClampEngaged: Bool
    public var zoomLimited: Bool
    public var lowDensity: Bool
    public var outputSize: Int
    public var outputIsJPEG: Bool
    /// 0 for PNG, which has no quality setting.
    public var jpegQuality: Double
    public var memoryFallback: Bool
    /// From confirm to the rendered avatar, in ms of the 60 Hz clock (R10.1).
    public var cropLatencyMs: Double
    public var cropSucceeded: Bool

    public init(
        sourceWidth: Int, sourceHeight: Int, thumbnailWidth: Int, thumbnailHeight: Int, sMin: Double,
        sMax: Double, scale: Double, qualityClampEngaged: Bool, zoomLimited: Bool, lowDensity: Bool,
        outputSize: Int, outputIsJPEG: Bool, jpegQuality: Double, memoryFallback: Bool, cropLatencyMs: Double,
        cropSucceeded: Bool
    ) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.sMin = sMin
        self.sMax = sMax
        self.scale = scale
        self.qualityClampEngaged = qualityClampEngaged
        self.zoomLimited = zoomLimited
        self.lowDensity = lowDensity
        self.outputSize = outputSize
        self.outputIsJPEG = outputIsJPEG
        self.jpegQuality = jpegQuality
        self.memoryFallback = memoryFallback
        self.cropLatencyMs = cropLatencyMs
        self.cropSucceeded = cropSucceeded
    }
}

extension CropRequest {
    private enum CodingKeys: String, CodingKey {
        case rect, angle, storedRect, orientation, outputSize, encoding, fromThumbnail
    }

    /// `angle` is optional in both directions: requests without a turn keep their bytes, and
    /// requests written before rotation existed still read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rect = try c.decode(Rect.self, forKey: .rect)
        angle = try c.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        storedRect = try c.decode(Rect.self, forKey: .storedRect)
        orientation = try c.decode(Orientation.self, forKey: .orientation)
        outputSize = try c.decode(Int.self, forKey: .outputSize)
        encoding = try c.decode(AvatarCropperConfig.Encoding.self, forKey: .encoding)
        fromThumbnail = try c.decode(Bool.self, forKey: .fromThumbnail)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rect, forKey: .rect)
        if angle != 0 { try c.encode(angle, forKey: .angle) }
        try c.encode(storedRect, forKey: .storedRect)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(outputSize, forKey: .outputSize)
        try c.encode(encoding, forKey: .encoding)
        try c.encode(fromThumbnail, forKey: .fromThumbnail)
    }
}
