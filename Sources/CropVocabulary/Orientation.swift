/// EXIF orientation (tag 0x0112): how the stored pixel grid must be transformed to appear upright.
///
/// R9.1 asks for every computation to happen on the upright ("oriented") image; the stored grid
/// matters only when the renderer reads pixels, so the mapping back lives here too.
public enum Orientation: Int, CaseIterable, Hashable, Sendable, Codable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The orientation whose upright image is this one's, mirrored left to right (1↔2, 3↔4,
    /// 5↔6, 7↔8); the upright size is the same.
    public var mirrored: Orientation { Orientation(rawValue: rawValue % 2 == 1 ? rawValue + 1 : rawValue - 1)! }
}
