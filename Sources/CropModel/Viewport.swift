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

    public func validate() throws(InvalidInput) {
        guard size.isFinite, size.width > 0, size.height > 0 else {
            throw InvalidInput(field: "view", reason: "must be a finite positive size, got \(size.width)x\(size.height)")
        }
        guard screenScale.isFinite, screenScale > 0 else {
            throw InvalidInput(field: "screenScale", reason: "must be a finite number > 0, got \(screenScale)")
        }
    }
}
