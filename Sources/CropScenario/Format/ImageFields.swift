import CropText
import CropVocabulary

/// The `image` keys beside its size: one entry each. Whether `width` and `height` are required
/// depends on `file` (a file's size may come from the file), so those two stay in
/// `ScenarioFormat.image` and `ScenarioParser.image`, read after this table.
extension ScenarioFormat {
    typealias ImageField = ObjectField<ImageSpec>

    static let imageFields: [ImageField] = [
        ImageField(key: "orientation", schema: integer(Range.orientation, "EXIF orientation.", default: Orientation.up.rawValue),
                   parse: { r, i throws(ScenarioError) in i.source.orientation = Orientation(rawValue: try r.integer(in: Range.orientation))! },
                   encode: { i in i.source.orientation == .up ? nil : "\(i.source.orientation.rawValue)" }),
        ImageField(key: "file",
                   schema: with(string, description: "A PNG or JPEG relative to this scenario; its size and orientation are read from it."),
                   parse: { r, i throws(ScenarioError) in
                       i.file = try r.string()
                       i.fileLocation = r.location
                   },
                   encode: { i in i.file.map(jsonString) }),
    ]
}
