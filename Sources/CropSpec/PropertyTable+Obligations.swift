extension PropertyTable {
    /// When X happens, Y follows: the spec says what follows, the oracle decides by when
    /// (`Decision.deadlines`).
    static let obligations: [PropertySpec] = [
        PropertySpec(
            .limitHapticOnEntry, .obligation, covers: ["R3.2", "G-haptics-1", "G-vocab-increment"], needs: .haptics,
            spec: [
                SpecQuote(
                    "R3.2",
                    "WHEN a user reaches zoom limits, THE Avatar_Cropper_System SHALL provide light haptic feedback"),
                SpecQuote(
                    "G-haptics-1", "Light impact: reaching s_min or s_max, and the start of a pan clamp on either axis."
                ),
                SpecQuote("UX Polish", "Light tick on hitting s_min/s_max or pan clamps"),
                SpecQuote("G-vocab-increment", "one slider step up or down")
            ],
            decisions: [Decision.deadlines],
            policies: [
                "sliderMapping", "incrementStep", "pinchReference", "pinchAnchor", "degeneratePinch", "panReference",
                "limitHaptics", "arrivalHaptics", "zeroWidthRange", "densityCap", "pinchAcrossResize", "incrementAtEnd"
            ],
            checkedIn: ["Oracle+Limits.swift"]),
        PropertySpec(
            .successHapticOnConfirm, .obligation, covers: ["R3.3", "G-haptics-2", "G-vocab-buttons"],
            needs: [.haptics, .confirm],
            spec: [
                SpecQuote(
                    "R3.3",
                    "WHEN a user confirms their crop selection, THE Avatar_Cropper_System SHALL provide success haptic feedback"
                ),
                SpecQuote("G-haptics-2", "Success: confirm.")
            ],
            decisions: [Decision.deadlines], checkedIn: ["Oracle+Confirm.swift"]),
        PropertySpec(
            .failureReported, .obligation, covers: ["R11.2", "R11.4", "R12.5", "G-haptics-3", "G-vocab-buttons"],
            needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R11.2",
                    "IF cropping fails, THE Avatar_Cropper_System SHALL preserve user state and offer a Retry action"),
                SpecQuote(
                    "R11.4",
                    "provide specific error messages for decode failures, processing errors, and upload failures"),
                SpecQuote(
                    "G-haptics-3", "Error: three quick light impacts (e.g. a crop or upload that finally failed)."),
                SpecQuote("R12.5", "retry failed uploads with exponential backoff (0.5s, 1s, 2s; max 3 attempts)")
            ],
            decisions: [Decision.deadlines], policies: ["uploadAttempts", "retryable"],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .voiceOverAnnounced, .obligation, covers: ["R4.1", "R4.5"], needs: .announcement,
            spec: [
                SpecQuote(
                    "R4.1", "announce \"Avatar editor. Circular crop. Drag to move, pinch to zoom\" to VoiceOver users")
            ],
            decisions: [Decision.deadlines], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .zoomLimitedTipShown, .obligation, covers: ["R5.2", "R8.4"], needs: .notices,
            spec: [
                SpecQuote(
                    "R8.4",
                    "IF s_max equals s_min, THE Avatar_Cropper_System SHALL show a one-time tip: \"Zoom limited by photo quality\""
                ),
                SpecQuote(
                    "R5.2",
                    "WHEN image quality would be compromised, THE Avatar_Cropper_System SHALL limit maximum zoom and display a quality warning"
                ),
                SpecQuote(
                    "Zoom & Pan Math",
                    "if s_max < s_min → set s_max = s_min and surface a \"zoom limited by quality\" tip once")
            ],
            decisions: [Decision.deadlines], policies: ["densityCap"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .lowDensityNoticeShown, .obligation, covers: ["R8.5"], needs: .notices,
            spec: [
                SpecQuote("Zoom & Pan Math", "Require: `σ / s_min ≥ 1.0` (warn/limit if violated)"),
                SpecQuote("R8.5", "ensure minimum pixel density of 1.0 px/pt inside the circle at min zoom")
            ],
            decisions: [Decision.deadlines, Decision.geometry], policies: ["densityCap"],
            checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .memoryFallbackUsesThumbnail, .obligation, covers: ["R7.2", "R7.4", "G-vocab-memory"],
            needs: [.memoryFallback, .confirm],
            spec: [
                SpecQuote(
                    "R7.4",
                    "IF memory pressure occurs, THE Avatar_Cropper_System SHALL fall back to cropping the Display_Thumbnail with user notification"
                ),
                SpecQuote("R7.2", "retain original image data only for final high-quality crop processing"),
                SpecQuote(
                    "G-vocab-memory", "the final crop falls back to the display thumbnail, with a one-time notice")
            ],
            checkedIn: ["Oracle+Confirm.swift"]),
        PropertySpec(
            .memoryFallbackNoticeShown, .obligation, covers: ["R7.4", "R11.3", "G-vocab-memory"],
            needs: [.memoryFallback, .confirm, .notices],
            spec: [
                SpecQuote(
                    "R11.3",
                    "IF memory fallback occurs, THE Avatar_Cropper_System SHALL show one-time notice: \"Using an optimized preview to finish the crop\""
                ),
                SpecQuote("R7.4", "fall back to cropping the Display_Thumbnail with user notification")
            ],
            decisions: [Decision.deadlines], policies: ["memoryNoticeAt"],
            checkedIn: ["Oracle+Confirm.swift", "Oracle+Editing.swift"]),
        PropertySpec(
            .uploadFollowsCrop, .obligation, covers: ["R12.1"], needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R12.1",
                    "upload to Supabase Storage avatars bucket using users/{auth.uid()}/avatar_512.png key pattern")
            ],
            decisions: [Decision.deadlines], checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .profileUpdatedOnlyAfterUpload, .obligation, covers: ["R12.3"], needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R12.3",
                    "update profiles.avatar_path and profiles.avatar_version atomically after successful upload")
            ],
            decisions: [Decision.deadlines], policies: ["profileRetry"], checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .previousAvatarKept, .obligation, covers: ["R12.5"], needs: [.confirm, .upload],
            spec: [SpecQuote("R12.5", "preserve previous avatar on total failure")],
            policies: ["uploadAttempts", "retryable"], checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .telemetryReported, .obligation, covers: ["R5.4", "R7.1", "R10.1", "R10.2", "R10.5"],
            needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R10.1", "log source dimensions, thumbnail size, s_min, s_max values, and total crop latency"),
                SpecQuote("R10.2", "log whether quality clamp engaged, output format, and encoding parameters"),
                SpecQuote("R10.5", "track upload success rates and retry patterns for reliability monitoring"),
                SpecQuote("R5.4", "decode Display_Thumbnail (≈2560–3000 px long edge) for real-time interaction"),
                SpecQuote("R7.1", "decode source images to Display_Thumbnail resolution for real-time interaction")
            ],
            decisions: [Decision.deadlines, Decision.heldForEveryEditor],
            policies: ["uploadAttempts", "retryable", "telemetrySourceSize", "densityCap"],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .telemetryMatchesTrace, .obligation, covers: ["R10.1", "R10.5", "R12.5"], needs: [.confirm, .upload],
            spec: [
                SpecQuote("R10.1", "total crop latency"),
                SpecQuote("R10.5", "track upload success rates and retry patterns for reliability monitoring"),
                SpecQuote("R12.5", "retry failed uploads with exponential backoff (0.5s, 1s, 2s; max 3 attempts)")
            ],
            decisions: ["docs/oracle.md#telemetry-against-the-clock"], policies: ["uploadAttempts", "retryable"],
            checkedIn: ["Oracle+Telemetry.swift"]),
        PropertySpec(
            .versionedURL, .obligation, covers: ["R12.4"], needs: [.confirm, .upload],
            spec: [SpecQuote("R12.4", "include cache-busting version parameter (?v={avatar_version}) in avatar URLs")],
            checkedIn: ["Oracle+AfterConfirm.swift"])
    ]
}
