extension PropertyTable {
    /// The spec has only `allowRotation`; the gestures come from the design documents the
    /// product came from, and every rule below is a decision recorded in docs/rotation.md.
    private static let allowRotation = SpecQuote("API Configuration", "public var allowRotation: Bool = false")

    static let rotation: [PropertySpec] = [
        PropertySpec(
            .rotationOnlyWhenAllowed, .safety, covers: ["ROT-off"],
            spec: [allowRotation], decisions: [Decision.rotation],
            checkedIn: ["Oracle+Editing.swift", "Oracle+Frame.swift"]),
        PropertySpec(
            .tiltWithinLimit, .safety, covers: ["ROT-limit", "R5.5", "R8.5"], needs: .twist,
            spec: [
                allowRotation,
                SpecQuote(
                    "R5.5",
                    "validate that the crop area contains at least (outputSize × qualityMultiplier) pixels per side"),
                SpecQuote("R8.5", "ensure minimum pixel density of 1.0 px/pt inside the circle at min zoom")
            ],
            decisions: [Decision.rotation], policies: ["densityCap"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .angleChangesOnlyByRotation, .safety, covers: ["ROT-continuous"], needs: .twist,
            spec: [allowRotation], decisions: [Decision.rotation], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .angleInRange, .safety, covers: ["ROT-twist"], needs: .twist,
            spec: [allowRotation], decisions: [Decision.rotation], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .twistFollowsFingers, .target, covers: ["ROT-twist", "ROT-threshold"], needs: .twist,
            spec: [allowRotation], decisions: [Decision.rotation],
            policies: ["densityCap", "twistThreshold", "sharpTurn", "fingerAfterPinch", "inputTiming"],
            checkedIn: ["Oracle+Pinch.swift"]),
        PropertySpec(
            .snapHapticOnEntry, .obligation, covers: ["ROT-snap"], needs: [.twist, .snap, .haptics],
            spec: [allowRotation], decisions: [Decision.rotation, Decision.deadlines], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .angleGuideShown, .target, covers: ["ROT-guide"], needs: [.twist, .angleGuide],
            spec: [allowRotation], decisions: [Decision.rotation], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .snapOnRelease, .target, covers: ["ROT-release"], needs: [.twist, .snap],
            spec: [allowRotation], decisions: [Decision.rotation], policies: ["reduceMotion"],
            checkedIn: ["Oracle+Editing.swift"]),
        PropertySpec(
            .rotate90Target, .target, covers: ["ROT-90"], needs: .rotate90,
            spec: [allowRotation], decisions: [Decision.rotation],
            policies: ["densityCap", "reduceMotion", "transitionSpring"],
            checkedIn: ["Oracle+Editing.swift", "Oracle+AnimationPath.swift"]),
        PropertySpec(
            .cropTurnMatchesPose, .mapping, covers: ["ROT-crop", "R8.1", "R9.1"], needs: .confirm,
            spec: [
                allowRotation,
                SpecQuote("R8.1", "displays image content at all times during gesture updates (no blank background)"),
                SpecQuote("R9.1", "normalize EXIF orientation to .up before any math or cropping operations")
            ],
            decisions: [Decision.rotation], checkedIn: ["Oracle+Confirm.swift"])
    ]
}
