/// The photo as the picker hands it over: its stored pixel grid and EXIF orientation.
public struct SourceImage: Hashable, Sendable, Codable {
    public var storedWidth: Int
    public var storedHeight: Int
    public var orientation: Orientation

    public init(storedWidth: Int, storedHeight: Int, orientation: Orientation = .up) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// R1.2: the smallest short side accepted.
    public static let minimumShortSide = 320

    public var shortSide: Int { min(storedWidth, storedHeight) }
}
