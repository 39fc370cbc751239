import CropVocabulary

/// The properties over values the model exposes but no trace exercises: the overlay's style, the
/// spec's sentences, the config's defaults. Each check takes the values as arguments so tests can
/// hand it broken ones; `violations()` judges the model's own.
public enum StaticSpec {
    /// R6.1 "subtle 2×2 grid", R6.3 "90-94% opacity dimming", R6.5 "thin white stroke".
    public static func overlay(dimming: Double, strokeWidth: Double, gridCells: Int) -> [String] {
        var out: [String] = []
        if !(0.90...0.94).contains(dimming) { out.append("dimming \(dimming) outside 90–94 %") }
        if !(strokeWidth > 0 && strokeWidth <= 2) { out.append("stroke \(strokeWidth) pt is not thin") }
        if gridCells != 2 { out.append("grid \(gridCells)×\(gridCells), want 2×2") }
        return out
    }

    /// The sentences the spec fixes, verbatim (R4.1, R6.4, R8.4, R11.1, R11.3).
    public static let sentences: [Message: String] = [
        .voiceOverIntro: "Avatar editor. Circular crop. Drag to move, pinch to zoom",
        .instructions: "Pinch to zoom, drag to move",
        .zoomLimitedByQuality: "Zoom limited by photo quality",
        .photoTooSmall: "This photo is too small for a profile picture",
        .memoryFallback: "Using an optimized preview to finish the crop"
    ]

    public static func messages(_ text: (Message) -> String) -> [String] {
        sentences.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { message, want in
            text(message) == want ? nil : "\(message.rawValue) reads \"\(text(message))\"; the spec says \"\(want)\""
        }
    }

    /// "API Configuration": the defaults the spec lists.
    public static func configDefaults(_ c: AvatarCropperConfig) -> [String] {
        var out: [String] = []
        if c.outputSize != 512 { out.append("outputSize \(c.outputSize)") }
        if c.qualityMultiplier != 1.25 { out.append("qualityMultiplier \(c.qualityMultiplier)") }
        if c.maxZoomMultiplier != 4 { out.append("maxZoomMultiplier \(c.maxZoomMultiplier)") }
        if c.maskDiameterFraction != 0.82 { out.append("maskDiameterFraction \(c.maskDiameterFraction)") }
        if !c.showGrid { out.append("showGrid off") }
        if c.allowRotation { out.append("allowRotation on") }
        if !c.useLiquidGlassChrome { out.append("useLiquidGlassChrome off") }
        if c.minPixelPerPoint != 1 { out.append("minPixelPerPoint \(c.minPixelPerPoint)") }
        if c.encoding != .pngSRGB { out.append("encoding \(c.encoding)") }
        return out
    }

    /// Every static property of an editor's values, with what is wrong: its overlay, the text it
    /// gives each message, and its default configuration.
    public static func violations(
        dimming: Double, strokeWidth: Double, gridCells: Int, text: (Message) -> String,
        defaults: AvatarCropperConfig
    ) -> [(Property, String)] {
        overlay(dimming: dimming, strokeWidth: strokeWidth, gridCells: gridCells).map { (.overlayStyle, $0) }
            + messages(text).map { (.messagesVerbatim, $0) }
            + configDefaults(defaults).map { (.configDefaults, $0) }
    }
}
