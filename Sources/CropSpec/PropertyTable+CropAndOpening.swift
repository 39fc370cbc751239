extension PropertyTable {
    /// The crop request's stored rect, and whether a photo opens the editor at all.
    static let cropAndOpening: [PropertySpec] = [
        PropertySpec(
            .storedRectMapping, .mapping, covers: ["R9.1"], needs: .confirm,
            spec: [
                SpecQuote("R9.1", "normalize EXIF orientation to .up before any math or cropping operations"),
                SpecQuote("Rendering & Color Management", "Normalize EXIF to .up before any math/cropping")
            ],
            checkedIn: ["Oracle+Mapping.swift"]),
        PropertySpec(
            .photoAcceptance, .opening, covers: ["R1.1", "R1.2", "R1.3", "R11.1", "R11.4"],
            spec: [
                SpecQuote("R1.2", "accept source images with minimum dimensions of 320 pixels on the shortest side"),
                SpecQuote("R1.3", "reject images smaller than 320 pixels with a friendly error message"),
                SpecQuote(
                    "R11.1",
                    "IF source image min(width,height) < 320 pixels, THE Avatar_Cropper_System SHALL block with friendly error: \"This photo is too small for a profile picture\""
                ),
                SpecQuote("R11.4", "provide specific error messages for decode failures"),
                SpecQuote("R1.1", "display the image in a full-screen cropping interface")
            ],
            checkedIn: ["PhotoAcceptance.swift", "CheckedEditor.swift"])
    ]
}
