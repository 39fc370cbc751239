extension PropertyTable {
    /// Values the model exposes but no trace exercises, and what the model cannot show at all:
    /// judged by `StaticSpec` and the tests, never on a run (so they need no capability).
    static let statics: [PropertySpec] = [
        PropertySpec(
            .overlayStyle, .static, covers: ["R6.1", "R6.3", "R6.5"],
            spec: [
                SpecQuote("R6.1", "display a subtle 2×2 grid within the Circular_Mask for alignment guidance"),
                SpecQuote("R6.3", "apply 90-94% opacity dimming to areas outside the Circular_Mask"),
                SpecQuote("R6.5", "display a thin white stroke around the Circular_Mask boundary")
            ],
            checkedIn: ["StaticSpec.swift"]),
        PropertySpec(
            .messagesVerbatim, .static, covers: ["R4.1", "R6.4", "R8.4", "R11.1", "R11.3"],
            spec: [
                SpecQuote("R4.1", "\"Avatar editor. Circular crop. Drag to move, pinch to zoom\""),
                SpecQuote("R6.4", "\"Pinch to zoom, drag to move\""),
                SpecQuote("R8.4", "\"Zoom limited by photo quality\""),
                SpecQuote("R11.1", "\"This photo is too small for a profile picture\""),
                SpecQuote("R11.3", "\"Using an optimized preview to finish the crop\"")
            ],
            checkedIn: ["StaticSpec.swift"]),
        PropertySpec(
            .configDefaults, .static, covers: ["R1.4", "R3.4", "R5.1", "R9.3"],
            spec: [
                SpecQuote("API Configuration", "public var outputSize: Int = 512"),
                SpecQuote(
                    "R5.1",
                    "enforce qualityMultiplier (default 1.25×) of output resolution per side within the crop area"),
                SpecQuote("R9.3", "encode output as PNG by default"),
                SpecQuote("R3.4", "display Liquid_Glass_UI chrome with translucent top and bottom bars"),
                SpecQuote("R1.4", "produce a square Output_Image at exactly 512×512 pixels")
            ],
            checkedIn: ["StaticSpec.swift"]),
        PropertySpec(
            .outsideTheModel, .static,
            covers: ["R3.1", "R3.4", "R3.5", "R4.3", "R4.4", "R4.5", "R7.3", "R7.5", "R9.2", "R9.5"],
            spec: [
                SpecQuote("R3.1", "maintain buttery smooth interaction targeting 60 fps"),
                SpecQuote("R3.5", "complete crop processing within 100-300 milliseconds for 512×512 output"),
                SpecQuote("R4.3", "ensure all interactive controls have minimum 44×44 point hit targets"),
                SpecQuote("R4.4", "maintain proper contrast ratios in Liquid_Glass_UI elements"),
                SpecQuote("R4.5", "support VoiceOver navigation through all interface elements"),
                SpecQuote("R7.3", "perform crop processing on a background task to maintain UI responsiveness"),
                SpecQuote("R7.5", "release Display_Thumbnail memory immediately after crop completion"),
                SpecQuote("R9.2", "convert output to sRGB color space with embedded sRGB ICC profile"),
                SpecQuote("R9.5", "output square opaque images (circle is UI mask only, no alpha cropping)")
            ],
            checkedIn: ["docs/oracle.md#static-properties-and-what-the-model-cannot-show"]),
        PropertySpec(
            .recognizerDefaults, .static, covers: ["G-recognition-4"],
            spec: [
                SpecQuote(
                    "G-recognition-4",
                    "*Defaults*: drag begins after 10 pt of movement; a double-tap is two taps whose downs are at most 0.3 s apart and at most 40 pt apart; the editor ticks at 60 Hz"
                )
            ],
            checkedIn: ["Tests/CropSpecTests/StaticSpecTests.swift"])
    ]
}
