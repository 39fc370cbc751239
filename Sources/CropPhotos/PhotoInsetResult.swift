/// One inset line of a batch's `results.jsonl` (`--inset`): the photo cropped by `inset` from
/// every edge. A function of the photo's bytes and the inset alone, so it is kept apart from the
/// per-device lines: a rerun at another inset makes only these, and one at the same inset none.
/// It has `inset` and `insetKey` and no `device`, so no line can be read as both kinds.
public struct PhotoInsetResult: Codable, Sendable, Hashable {
    public var path: String
    public var sha256: String
    /// The inset as typed in its shortest form: `12%`, `12.5%`.
    public var inset: String
    /// SHA-256 of the inset format version, the inset and the output rules: with `sha256`, what
    /// makes the line reusable on a rerun.
    public var insetKey: String
    /// The upright photo's size (EXIF orientation applied).
    public var uprightWidth: Int?
    public var uprightHeight: Int?
    /// The inset in upright pixels (`InsetPercent.rect`).
    public var rect: Box?
    /// The cropped photo, relative to the batch folder, and its size in bytes.
    public var file: String?
    public var bytes: Int?
    /// The contact sheet's previews of the whole upright photo and of the inset.
    public var original: String?
    public var preview: String?
    /// The inset could not be made (the photo cannot be decoded), in the decoder's words.
    public var failed: String?

    public init(path: String, sha256: String, inset: String, insetKey: String, failed: String? = nil) {
        (self.path, self.sha256, self.inset, self.insetKey, self.failed) = (path, sha256, inset, insetKey, failed)
    }

    public struct Box: Codable, Sendable, Hashable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// The key a rerun looks inset lines up by: the same bytes at the same inset.
    public var key: String { "\(sha256) \(insetKey)" }

    /// This line for the same bytes under another name (the files are named by content).
    public func renamed(to newPath: String) -> PhotoInsetResult {
        var r = self
        if let failed, failed.hasPrefix(path + ":") { r.failed = newPath + failed.dropFirst(path.count) }
        r.path = newPath
        return r
    }

    /// Every file the line names, relative to the batch folder.
    public var files: [String] { [file, original, preview].compactMap(\.self) }
}
