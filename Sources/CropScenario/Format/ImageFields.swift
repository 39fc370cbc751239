import CropText
import CropVocabulary

/// `image`: the stored size, required unless a `file` gives it, then the orientation and the file.
extension ScenarioFormat {
    typealias ImageField = ObjectField<ImageSpec>

    static let imageTable = ObjectTable<ImageSpec>([
        side("width", \.source.storedWidth, "Stored width in pixels."),
        side("height", \.source.storedHeight, "Stored height in pixels."),
        ImageField(
            key: "orientation",
            schema: integer(Range.orientation, "EXIF orientation.", default: Orientation.up.rawValue),
            parse: { r, i throws(ScenarioError) in
                i.source.orientation = Orientation(rawValue: try r.integer(in: Range.orientation))!
            },
            encode: { i in i.source.orientation == .up ? nil : "\(i.source.orientation.rawValue)" }),
        ImageField(
            key: "file",
            schema: with(
                string,
                description: "A PNG or JPEG relative to this scenario; its size and orientation are read from it."),
            parse: { r, i throws(ScenarioError) in
                i.file = try r.string()
                i.fileLocation = r.location
            },
            encode: { i in i.file.map(jsonString) })
    ])

    /// A side of the stored image. With a file it may be left out (0 until the file is read).
    static func side(_ key: String, _ path: ImageField.Path<Int>, _ description: String) -> ImageField {
        ImageField(
            key: key, schema: integer(Range.imageSide, description), .unless("file"),
            parse: { r, i throws(ScenarioError) in i[keyPath: path] = try r.integer(in: Range.imageSide) },
            encode: { i in i.file != nil && i[keyPath: path] == 0 ? nil : "\(i[keyPath: path])" })
    }

    static func readImage(_ r: JSONReader) throws(ScenarioError) -> ImageSpec {
        var image = ImageSpec(source: SourceImage(storedWidth: 0, storedHeight: 0))
        try imageTable.read(r, into: &image)
        return image
    }
}
