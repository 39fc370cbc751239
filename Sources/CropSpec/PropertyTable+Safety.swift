extension PropertyTable {
    /// Nothing illegal, ever: judged on every tick and event.
    static let safety: [PropertySpec] = [
        PropertySpec(
            .finiteState, .safety, covers: ["R8.1"],
            spec: [
                SpecQuote("R8.1", "ensure the Circular_Mask displays image content at all times during gesture updates")
            ],
            checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .zoomInRange, .safety, covers: ["R2.2", "R2.5", "R5.1", "R5.2", "R8.2"],
            spec: [
                SpecQuote("R8.2", "clamp zoom to [s_min, s_max] as defined in Zoom & Pan Math"),
                SpecQuote(
                    "R2.5", "clamp zoom levels continuously to prevent quality degradation or empty space exposure"),
                SpecQuote("Zoom & Pan Math", "s_max = min( s_min × maxZoomMultiplier,  s_quality )")
            ],
            policies: ["densityCap"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .density, .safety, covers: ["R8.5"],
            spec: [
                SpecQuote("R8.5", "ensure minimum pixel density of 1.0 px/pt inside the circle at min zoom"),
                SpecQuote("Zoom & Pan Math", "Require: `σ / s_min ≥ 1.0` (warn/limit if violated)")
            ],
            policies: ["densityCap"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .maskCovered, .safety, covers: ["R2.1", "R2.4", "R5.3", "R8.1", "R8.3"],
            spec: [
                SpecQuote("R8.3", "clamp pan continuously so the mask stays fully covered"),
                SpecQuote("R2.4", "prevent panning beyond image boundaries at all times during gesture interaction"),
                SpecQuote("R5.3", "calculate Cover_Scale to ensure no empty space appears within the Circular_Mask")
            ],
            checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .outputSquareCovered, .safety, covers: ["R8.1", "R8.3"],
            spec: [
                SpecQuote("R8.1", "displays image content at all times during gesture updates (no blank background)"),
                SpecQuote("R8.3", "clamp pan continuously so the mask stays fully covered")
            ],
            checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .cropRectInSource, .safety, covers: ["R9.1"], needsOneOf: [.cropRect, .confirm],
            spec: [SpecQuote("R9.1", "normalize EXIF orientation to .up before any math or cropping operations")],
            checkedIn: ["Oracle+Confirm.swift", "Oracle+Frame.swift"]),
        PropertySpec(
            .confirmable, .safety, covers: ["R5.5"], needs: .confirm,
            spec: [
                SpecQuote(
                    "R5.5",
                    "validate that the crop area contains at least (outputSize × qualityMultiplier) pixels per side … before allowing confirmation"
                ),
                SpecQuote("R1.2", "accept source images with minimum dimensions of 320 pixels on the shortest side")
            ],
            decisions: [Decision.smallPhotos], checkedIn: ["Oracle+Confirm.swift"]),
        PropertySpec(
            .hapticsEdgeTriggered, .safety, covers: ["R3.2", "G-haptics-1"], needs: .haptics,
            spec: [
                SpecQuote("G-haptics-1", "It fires on the transition into the limit, not on every frame spent there."),
                SpecQuote(
                    "R3.2",
                    "WHEN a user reaches zoom limits, THE Avatar_Cropper_System SHALL provide light haptic feedback")
            ],
            policies: ["limitHaptics", "arrivalHaptics", "zeroWidthRange", "densityCap"],
            checkedIn: ["Oracle+AfterConfirm.swift", "Oracle+Limits.swift"]),
        PropertySpec(
            .gridHiddenDuringGestures, .safety, covers: ["R6.1", "R6.2"], needs: .grid,
            spec: [
                SpecQuote(
                    "R6.2",
                    "WHEN a user begins gesture interaction, THE Avatar_Cropper_System SHALL hide the grid for visual clarity"
                ),
                SpecQuote("R6.1", "display a subtle 2×2 grid within the Circular_Mask for alignment guidance"),
                SpecQuote("UX Polish", "2×2 inside the circle; auto-hide during active gesture")
            ],
            policies: ["gridHidden"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .instructionsHiddenAfterFirstGesture, .safety, covers: ["R6.4"], needs: .notices,
            spec: [
                SpecQuote(
                    "R6.4",
                    "show instructional text \"Pinch to zoom, drag to move\" that auto-hides after first gesture"),
                SpecQuote("UX Polish", "fade after first gesture (remember per session)")
            ],
            policies: ["instructionsHiddenBy", "instructionsHide"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .tipsAtMostOnce, .safety, covers: ["R8.4", "R11.3"], needs: .notices,
            spec: [
                SpecQuote("R8.4", "show a one-time tip: \"Zoom limited by photo quality\""),
                SpecQuote("R11.3", "show one-time notice: \"Using an optimized preview to finish the crop\"")
            ],
            checkedIn: ["Oracle+Limits.swift"]),
        PropertySpec(
            .handOverWithoutJump, .safety, covers: ["G-recognition-2"],
            spec: [
                SpecQuote(
                    "G-recognition-2",
                    "a second finger landing during a drag turns it into a pinch (and lifting one finger of a pinch turns it back into a drag) without any jump of the image."
                )
            ],
            policies: ["fingerAfterPinch", "dragThreshold", "inputTiming"],
            checkedIn: ["Oracle.swift", "Oracle+Input.swift"]),
        PropertySpec(
            .gesturesWellFormed, .safety, covers: ["G-recognition-1", "G-recognition-3"],
            spec: [
                SpecQuote(
                    "G-recognition-1",
                    "States of one gesture: idle → touch down → recognized → active → ended → idle, with a cancelled exit from any state"
                ),
                SpecQuote(
                    "G-recognition-3",
                    "Multi-touch gestures win over single-finger ones; a tap is a touch that lifts before moving past the drag threshold."
                )
            ],
            checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .telemetryNumericOnly, .safety, covers: ["R10.3", "R10.4"], needs: [.confirm, .upload],
            spec: [
                SpecQuote("R10.3", "never log image data, file paths, or any personally identifiable information"),
                SpecQuote("R10.4", "log only numeric metrics and boolean flags for telemetry")
            ],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .uploadRequestValid, .safety, covers: ["R12.1", "R12.2"], needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R12.1",
                    "upload to Supabase Storage avatars bucket using users/{auth.uid()}/avatar_512.png key pattern"),
                SpecQuote("R12.2", "use upsert=true and appropriate contentType (image/png or image/jpeg) for uploads")
            ],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .backoffAsSpecified, .safety, covers: ["R12.5"], needs: [.confirm, .upload],
            spec: [SpecQuote("R12.5", "retry failed uploads with exponential backoff (0.5s, 1s, 2s; max 3 attempts)")],
            decisions: [Decision.heldForEveryEditor], policies: ["uploadAttempts", "retryable"],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .profileAtomic, .safety, covers: ["R12.3"], needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R12.3",
                    "update profiles.avatar_path and profiles.avatar_version atomically after successful upload")
            ],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .editsKeptOnFailure, .safety, covers: ["R11.2", "R11.5", "G-vocab-buttons"], needs: [.confirm, .upload],
            spec: [
                SpecQuote(
                    "R11.2",
                    "IF cropping fails, THE Avatar_Cropper_System SHALL preserve user state and offer a Retry action"),
                SpecQuote("R11.5", "maintain crop state during error recovery to avoid user frustration"),
                SpecQuote("G-vocab-buttons", "finish, abandon, or retry a failed crop or upload")
            ],
            checkedIn: ["Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .sessionFollowsFlow, .safety, covers: ["R11.2", "R11.5", "G-vocab-buttons"], needs: .confirm,
            spec: [
                SpecQuote(
                    "R11.2",
                    "IF cropping fails, THE Avatar_Cropper_System SHALL preserve user state and offer a Retry action"),
                SpecQuote("R11.5", "maintain crop state during error recovery"),
                SpecQuote("G-vocab-buttons", "finish, abandon, or retry a failed crop or upload")
            ],
            decisions: ["docs/editor-model.md"], policies: ["cropFailure", "cancelAfterFailure"],
            checkedIn: ["Oracle+Frame.swift", "Oracle+AfterConfirm.swift"]),
        PropertySpec(
            .cropRequestMatchesConfig, .safety, covers: ["R1.4", "R1.5", "R9.3", "R9.4"], needs: .confirm,
            spec: [
                SpecQuote("R9.4", "produce output dimensions of exactly outputSize×outputSize pixels"),
                SpecQuote("R9.3", "encode output as PNG by default, with optional JPEG(0.9) via configuration"),
                SpecQuote("R1.4", "produce a square Output_Image at exactly 512×512 pixels in sRGB color space"),
                SpecQuote("R1.5", "encode the Output_Image as PNG format for optimal quality")
            ],
            checkedIn: ["Oracle+Confirm.swift"])
    ]
}
