/// Every string the editor shows or speaks, in one place so tests can compare them exactly.
public enum Message: String, CaseIterable, Hashable, Sendable, Codable {
    /// R11.1 / R1.3.
    case photoTooSmall
    /// R8.4 / R5.2: shown once when s_max collapses onto s_min.
    case zoomLimitedByQuality
    /// R11.3 / R7.4: shown once when the crop falls back to the display thumbnail.
    case memoryFallback
    /// The density rule's "warn" (Zoom & Pan Math): σ / s_min < minPixelPerPoint. The spec gives
    /// no wording, so this one is ours.
    case lowDensity
    /// R11.2, R11.4: the crop could not be rendered; the pose is kept and Retry is offered.
    case cropFailed
    /// R11.4, R12.5: every upload attempt failed (or the profile update did); the previous avatar stays.
    case uploadFailed
    /// R11.4: the photo could not be decoded.
    case decodeFailed
    /// R4.1: spoken by VoiceOver when the editor opens.
    case voiceOverIntro
    /// R6.4: on screen until the first gesture.
    case instructions

    public var text: String {
        switch self {
        case .photoTooSmall: "This photo is too small for a profile picture"
        case .zoomLimitedByQuality: "Zoom limited by photo quality"
        case .memoryFallback: "Using an optimized preview to finish the crop"
        case .lowDensity: "This photo has a low resolution and may look soft"
        case .cropFailed: "We couldn't crop this photo. Your adjustments are kept — tap Retry."
        case .uploadFailed: "Upload failed. Your previous photo is still in place — tap Retry."
        case .decodeFailed: "This photo couldn't be opened. Try another one."
        case .voiceOverIntro: "Avatar editor. Circular crop. Drag to move, pinch to zoom"
        case .instructions: "Pinch to zoom, drag to move"
        }
    }
}
