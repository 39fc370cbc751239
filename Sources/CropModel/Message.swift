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
        case .voiceOverIntro: "Avatar editor. Circular crop. Drag to move, pinch to zoom"
        case .instructions: "Pinch to zoom, drag to move"
        }
    }
}
