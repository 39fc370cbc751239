/// Everything an editor opens with: the photo, the view, the configuration, the system's Reduce
/// Motion setting and, for the upload flow, who is editing.
public struct OpenRequest: Hashable, Sendable {
    public var source: SourceImage
    public var viewport: Viewport
    public var config: AvatarCropperConfig
    public var reduceMotion: Bool
    public var user: UserContext?

    public init(
        source: SourceImage, viewport: Viewport, config: AvatarCropperConfig = .init(), reduceMotion: Bool = false,
        user: UserContext? = nil
    ) {
        self.source = source
        self.viewport = viewport
        self.config = config
        self.reduceMotion = reduceMotion
        self.user = user
    }
}

/// An editor's refusal to open: the text the user sees (R1.3, R11.1, R11.4).
public struct OpenRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}
