import CropVocabulary

/// One line of a batch's `results.jsonl`: what the editor does when `path` is opened on `device`
/// with the batch's config. Everything here is a function of the photo's bytes, the device and
/// the config (no timings, no absolute times), so a rerun writes the same line.
public struct PhotoResult: Codable, Sendable, Hashable {
    /// The photo as the batch found it (relative when given relative).
    public var path: String
    /// SHA-256 of the file's bytes: with `config`, what makes a result reusable on a rerun.
    public var sha256: String
    /// SHA-256 of the batch format version, the config and the device's numbers.
    public var config: String
    public var device: String
    public var format: String?
    public var storedWidth: Int?
    public var storedHeight: Int?
    public var orientation: Int?
    /// The message the editor refuses the photo with (R11.1 too small, R11.4 cannot be opened).
    public var refused: String?
    /// Why, in a decoder's or the model's words.
    public var refusedBecause: String?
    /// Tips and notices shown at open, as `Message` names (`zoomLimitedByQuality`, `lowDensity`).
    public var shown: [String]
    /// The quality tip (R8.4) is shown: s_max collapsed onto s_min.
    public var tip: Bool
    public var zoomLimited: Bool?
    /// The density notice is shown: σ / s_min is under `minPixelPerPoint`.
    public var lowDensity: Bool?
    public var sMin: Double?
    public var sMax: Double?
    /// s_max / s_min: how far the user can zoom in.
    public var zoomRange: Double?
    public var bindingCap: String?
    public var initialScale: Double?
    /// The avatar rendered at the initial pose (the crop a user gets by confirming at once).
    public var avatar: Avatar?
    /// The crop at the initial pose could not be rendered (the app would show R11.2's message).
    public var avatarFailed: String?
    /// The 80×80 center thumbnail, relative to the batch folder; nil when it could not be made.
    public var thumbnail: String?

    public struct Avatar: Codable, Sendable, Hashable {
        public var side: Int
        public var bytes: Int
        public var sha256: String
        /// The crop rectangle in upright pixels.
        public var rect: Rect
        /// Where the avatar was written (`--avatars`), relative to the batch folder.
        public var file: String?
    }

    /// Refused, or its avatar could not be rendered: a problem the batch's exit code reports.
    public var failed: Bool { refused != nil || avatarFailed != nil }

    /// The key a rerun looks results up by: the same bytes under the same config on the same device.
    public var key: String { "\(sha256) \(config) \(device)" }

    /// This result for the same bytes under another name: the path, and the path at the start of
    /// the decoder's or renderer's message, are the new file's (a duplicate's refusal must name
    /// the duplicate, not the file first checked).
    public func renamed(to newPath: String) -> PhotoResult {
        var r = self
        func rename(_ message: String?) -> String? {
            guard let message, message.hasPrefix(path + ":") else { return message }
            return newPath + message.dropFirst(path.count)
        }
        r.path = newPath
        r.refusedBecause = rename(refusedBecause)
        r.avatarFailed = rename(avatarFailed)
        return r
    }
}
