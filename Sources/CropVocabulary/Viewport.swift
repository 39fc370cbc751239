/// The editor's view in points and the screen scale σ (pixels per point).
public struct Viewport: Hashable, Sendable, Codable {
    public var size: Size
    public var screenScale: Double

    public init(size: Size, screenScale: Double) {
        self.size = size
        self.screenScale = screenScale
    }

    public init(width: Double, height: Double, screenScale: Double) {
        self.init(size: Size(width: width, height: height), screenScale: screenScale)
    }

    /// The mask is centered in the view; translations are measured from here.
    public var center: Point { size.center }
}
