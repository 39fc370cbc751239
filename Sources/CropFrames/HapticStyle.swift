import CropVocabulary

/// How the raster views (`cropsim render`'s contact sheet and its animation) mark a haptic: each
/// kind its own Okabe–Ito color and a label, so a zoomMin bump never reads as a zoomMax one.
/// Orange is the fingertips' color in every frame, so no haptic uses it here; the report's
/// timelines, which draw no fingertips, keep `Palette.haptic`. Labels are capitals because the
/// raster font (`OverlayFont`) draws lower case as capitals anyway.
public enum HapticStyle {
    /// The two sides of the pan clamp are one kind (the same edge test, R3.2): one color, the
    /// axis in the label. Eight kinds, seven colors besides black, which no dark frame shows.
    public static func color(_ haptic: Haptic) -> SIMD3<UInt8> {
        switch haptic {
        case .lightImpact(.zoomMax): [0x56, 0xB4, 0xE9]  // sky blue
        case .lightImpact(.zoomMin): [0x00, 0x9E, 0x73]  // bluish green
        case .lightImpact(.panClampX), .lightImpact(.panClampY): [0xCC, 0x79, 0xA7]  // reddish purple
        case .lightImpact(.rotationLimit): [0x00, 0x72, 0xB2]  // blue
        case .snap: [0xF0, 0xE4, 0x42]  // yellow, the rotation guide's
        case .success: [0xFF, 0xFF, 0xFF]
        case .error: [0xD5, 0x5E, 0x00]  // vermillion
        }
    }

    public static func label(_ haptic: Haptic) -> String {
        switch haptic {
        case .lightImpact(.zoomMax): "ZOOM MAX"
        case .lightImpact(.zoomMin): "ZOOM MIN"
        case .lightImpact(.panClampX): "PAN EDGE X"
        case .lightImpact(.panClampY): "PAN EDGE Y"
        case .lightImpact(.rotationLimit): "TURN LIMIT"
        case .snap: "SNAP"
        case .success: "SUCCESS"
        case .error: "ERROR"
        }
    }

    /// A gesture phase's color, as the report's timelines band it (`Palette.pan`, `.pinch`);
    /// grey when idle.
    public static func phaseColor(_ phase: String) -> SIMD3<UInt8> {
        switch phase {
        case "pan": [0xF0, 0xE4, 0x42]
        case "pinch": [0x00, 0x9E, 0x73]
        default: [0x99, 0x99, 0x99]
        }
    }
}
