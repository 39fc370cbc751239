import CropModel
import CropVocabulary

/// What a file's header says: enough to open the editor without decoding a pixel.
public struct ImageInfo: Hashable, Sendable {
    public var storedWidth: Int
    public var storedHeight: Int
    /// From the JPEG EXIF APP1 segment or the PNG eXIf chunk; `.up` when there is none.
    public var orientation: Orientation
    public var format: ImageFormat

    public init(storedWidth: Int, storedHeight: Int, orientation: Orientation, format: ImageFormat) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.format = format
    }

    /// The photo as the editor model takes it (`Editor.open(source:viewport:config:)`).
    public var source: SourceImage {
        SourceImage(storedWidth: storedWidth, storedHeight: storedHeight, orientation: orientation)
    }

    /// The upright size (R9.1): width and height swap for orientations 5–8.
    public var orientedWidth: Int { source.orientedWidth }
    public var orientedHeight: Int { source.orientedHeight }
}
