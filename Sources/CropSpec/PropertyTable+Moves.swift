extension PropertyTable {
    /// Where a gesture or discrete action ends (targets), and how an animated one gets there
    /// (timing).
    static let moves: [PropertySpec] = [
        PropertySpec(
            .initialPose, .target, covers: ["R1.1"],
            spec: [
                SpecQuote("UX Polish", "Start at s_min × 1.05, centered"),
                SpecQuote("R1.1", "display the image in a full-screen cropping interface")
            ],
            decisions: [Decision.geometry], policies: ["densityCap"], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .panFollowsFinger, .target, covers: ["R2.1", "G-vocab-drag"],
            spec: [
                SpecQuote("G-vocab-drag", "pan 1:1 with the finger, clamped every tick"),
                SpecQuote("R2.1", "pan the image within the Circular_Mask boundaries"),
                SpecQuote("Zoom & Pan Math", "Apply clamps continuously during gestures (not just on end).")
            ],
            policies: ["panReference", "inputTiming", "fingerAfterPinch", "dragThreshold"],
            checkedIn: ["Oracle+Editing.swift"]),
        PropertySpec(
            .focalPointKept, .target, covers: ["R2.2", "G-vocab-pinch"],
            spec: [
                SpecQuote(
                    "G-vocab-pinch",
                    "zoom by span ratio, anchored at the centroid of the two touches; the centroid's own movement pans at the same time"
                ),
                SpecQuote("R2.2", "zoom the image between Cover_Scale and Quality_Scale-clamped maximum")
            ],
            policies: [
                "pinchReference", "pinchAnchor", "degeneratePinch", "pinchAcrossResize", "densityCap", "inputTiming"
            ],
            checkedIn: ["Oracle+Pinch.swift"]),
        PropertySpec(
            .doubleTapRung, .target, covers: ["R2.3", "G-vocab-double-tap"], needs: .doubleTap,
            spec: [
                SpecQuote(
                    "R2.3",
                    "cycle through zoom levels (1.0×, 1.5×, 2.0×, s_max) anchored at the tap location to preserve focal point"
                ),
                SpecQuote(
                    "G-vocab-double-tap",
                    "next zoom step (1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to s_min), anchored at the tap"
                )
            ],
            decisions: [Decision.targets],
            policies: ["baseDuringMove", "densityCap", "reduceMotion", "confirmDuringMove", "reduceMotionMidMove"],
            checkedIn: ["Oracle+Editing.swift"]),
        PropertySpec(
            .sliderTarget, .target, covers: ["R4.2", "G-vocab-slider"], needs: .slider,
            spec: [
                SpecQuote("R4.2", "provide slider controls for zoom adjustment (0-100%)"),
                SpecQuote("G-vocab-slider", "0–100 % maps onto [s_min, s_max]")
            ],
            decisions: [Decision.targets],
            policies: [
                "sliderMapping", "baseDuringMove", "densityCap", "reduceMotion", "confirmDuringMove",
                "reduceMotionMidMove"
            ], checkedIn: ["Oracle+Editing.swift"]),
        PropertySpec(
            .sliderReadsZoom, .target, covers: ["R4.2", "G-vocab-slider"], needs: .slider,
            spec: [
                SpecQuote("R4.2", "provide slider controls for zoom adjustment (0-100%)"),
                SpecQuote("G-vocab-slider", "0–100 % maps onto [s_min, s_max]")
            ],
            policies: ["sliderMapping", "densityCap"], checkedIn: ["Oracle+Frame.swift"]),
        PropertySpec(
            .incrementTarget, .target, covers: ["R4.2", "G-vocab-increment"], needs: .voiceOverSteps,
            spec: [
                SpecQuote("G-vocab-increment", "one slider step up or down"),
                SpecQuote("R4.2", "provide slider controls for zoom adjustment (0-100%)")
            ],
            decisions: [Decision.targets],
            policies: [
                "sliderMapping", "incrementStep", "densityCap", "reduceMotion", "confirmDuringMove",
                "reduceMotionMidMove"
            ], checkedIn: ["Oracle+Editing.swift"]),
        PropertySpec(
            .recenterTarget, .target, covers: ["G-vocab-recenter"], needs: .recenter,
            spec: [
                SpecQuote("G-vocab-recenter", "translation back to the center at the current zoom"),
                SpecQuote("Accessibility & Reduce Motion", "Provide Zoom slider (0–100%), and Recenter action")
            ],
            decisions: [Decision.targets], policies: ["reduceMotion", "confirmDuringMove", "reduceMotionMidMove"],
            checkedIn: ["Oracle+InFlight.swift"]),
        PropertySpec(
            .resizeKeepsCenter, .target, covers: ["G-vocab-resize"], needs: .resize,
            spec: [
                SpecQuote(
                    "G-vocab-resize", "view size changes (rotation, split view): mask, s_min and s_max are recomputed")
            ],
            decisions: [Decision.targets], policies: ["resizeKeeps", "resizeMidMove", "densityCap"],
            checkedIn: ["Oracle+Editing.swift", "Oracle+InFlight.swift"]),
        PropertySpec(
            .reduceMotionDiscrete, .target, covers: ["G-motion-2", "G-vocab-reduce-motion"], needs: .reduceMotion,
            spec: [
                SpecQuote("G-motion-2", "Reduce Motion: no springy overscroll; transitions are discrete (one frame)."),
                SpecQuote("G-vocab-reduce-motion", "springy transitions become discrete ones"),
                SpecQuote(
                    "Accessibility & Reduce Motion", "If enabled, disable springy overscroll; use discrete transitions")
            ],
            policies: ["reduceMotion"], checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .springTiming, .timing, covers: ["R3.1", "G-motion-1"], needs: .animations,
            spec: [
                SpecQuote(
                    "G-motion-1",
                    "Springs (Hooke's law, integrated at 60 Hz): the source design names stiffness 100, damping 10, mass 1 for gesture settling (damping ratio 0.5, visibly underdamped) and damping ratios 0.7–0.9 for UI springs."
                ),
                SpecQuote("R3.1", "maintain buttery smooth interaction targeting 60 fps during pan and zoom gestures")
            ],
            decisions: [Decision.timing], policies: ["transitionSpring", "zoomInterpolation"],
            checkedIn: ["Oracle.swift"]),
        PropertySpec(
            .animatedFramesValid, .timing, covers: ["G-motion-1", "G-motion-2"], needs: .animations,
            spec: [
                SpecQuote("G-motion-1", "every animated frame must still satisfy every invariant"),
                SpecQuote("G-motion-2", "transitions are discrete (one frame)")
            ],
            decisions: [Decision.timing], policies: ["transitionSpring"],
            checkedIn: ["Oracle+Frame.swift", "Oracle.swift"]),
        PropertySpec(
            .springEnvelope, .timing, covers: ["G-motion-1"], needs: .animations,
            spec: [SpecQuote("G-motion-1", "Springs (Hooke's law, integrated at 60 Hz)")],
            decisions: ["docs/oracle.md#the-animation-path"], policies: ["transitionSpring", "zoomInterpolation"],
            checkedIn: ["Oracle+AnimationPath.swift"]),
        PropertySpec(
            .anchorKept, .timing, covers: ["R2.3", "G-vocab-double-tap", "G-motion-1"], needs: .animations,
            spec: [
                SpecQuote("R2.3", "anchored at the tap location to preserve focal point"),
                SpecQuote("G-vocab-double-tap", "anchored at the tap"),
                SpecQuote("G-motion-1", "every animated frame must still satisfy every invariant")
            ],
            decisions: ["docs/oracle.md#the-animation-path", "docs/rotation.md"], policies: ["transitionSpring"],
            checkedIn: ["Oracle+AnimationPath.swift"])
    ]
}
