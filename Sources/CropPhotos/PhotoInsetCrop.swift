import CropImaging
import CropVocabulary

/// The batch cropper's inset (`--inset`): each photo cropped by a percentage from every edge at
/// full resolution, upright (EXIF orientation applied), sRGB with the profile embedded, in the
/// photo's own format (a JPEG stays a JPEG, at quality 92; a PNG stays a lossless PNG), plus the
/// two small previews the contact sheet shows side by side.
///
/// The inset streams from the decoder to the encoder and the preview; what grows is the encoded
/// file and, when an EXIF orientation turns or mirrors the photo, the inset held once to be read
/// back in upright order (`EncodedCrop.peakBytes`).
public struct PhotoInsetCrop: Sendable {
    public var inset: InsetPercent
    public var limits = DecodeLimits.default
    /// Shared by every job of a batch, so the whole insets held at once stay bounded.
    public var memory: InsetMemoryBudget
    /// The previews' long edge, in pixels.
    public static let previewSide = 160
    public static let jpegQuality = 92
    /// Bumped when the inset's files or line change, so a rerun makes them again. It is in the
    /// inset's file name too: files are created, never replaced, so a remade inset must not meet
    /// the old one's name. 2: a JPEG inset has libjpeg's standard Huffman tables at every size
    /// (docs/photos.md, "The inset crop").
    public static let formatVersion = 2

    public init(inset: InsetPercent, memory: InsetMemoryBudget = InsetMemoryBudget()) {
        self.inset = inset
        self.memory = memory
    }

    /// What, besides the photo, the inset depends on.
    public var key: String {
        ContentHash.bytes(
            Array(
                "cropsim-photos-inset \(Self.formatVersion) \(inset.hundredths) jpeg \(Self.jpegQuality) preview \(Self.previewSide)"
                    .utf8))
    }

    public static func originalFile(_ sha256: String) -> String { "insets/\(sha256.prefix(24))-\(previewSide).png" }
    public func file(_ sha256: String, format: ImageFormat) -> String {
        "insets/\(sha256.prefix(24))-\(inset.number)-v\(Self.formatVersion).\(format == .jpeg ? "jpg" : "png")"
    }
    public func previewFile(_ sha256: String) -> String {
        "insets/\(sha256.prefix(24))-\(inset.number)-\(Self.previewSide).png"
    }

    public struct Outcome: Sendable {
        public var result: PhotoInsetResult
        /// Encoded files by their path relative to the batch folder.
        public var files: [String: [UInt8]] = [:]
    }

    /// The inset of `path` (whose bytes hash to `sha256`). `haveOriginal` says the whole photo's
    /// preview is on disk already (it does not depend on the inset), so it is not decoded again.
    public func crop(path: String, sha256: String, haveOriginal: Bool) -> Outcome {
        var result = PhotoInsetResult(path: path, sha256: sha256, inset: inset.text, insetKey: key)
        var files: [String: [UInt8]] = [:]
        var held = 0
        defer { memory.release(held) }
        do throws(ImagingError) {
            let (inset, memory) = (self.inset, self.memory)
            let crop = try ImageFile.encodedUprightCrop(
                path: path, limits: limits, jpegQuality: Self.jpegQuality, previewLongEdge: Self.previewSide,
                originalLongEdge: haveOriginal ? nil : Self.previewSide
            ) { info in
                let r = inset.rect(width: info.orientedWidth, height: info.orientedHeight)
                held = memory.reserve(
                    EncodedCrop.peakBytes(width: r.width, height: r.height, turned: info.orientation != .up))
                return r
            }
            let info = crop.info
            let r = inset.rect(width: info.orientedWidth, height: info.orientedHeight)
            result.uprightWidth = info.orientedWidth
            result.uprightHeight = info.orientedHeight
            result.rect = .init(x: r.x, y: r.y, width: r.width, height: r.height)
            let name = file(sha256, format: info.format)
            files[name] = crop.bytes
            result.file = name
            result.bytes = crop.bytes.count
            files[previewFile(sha256)] = try ImageFile.sRGBPreviewPNG(crop.preview, label: path)
            result.preview = previewFile(sha256)
            if !haveOriginal {
                let whole: RGBImage
                if let original = crop.original {
                    whole = original
                } else {
                    whole = try ImageFile.preview(path: path, longEdge: Self.previewSide, limits: limits)
                }
                files[Self.originalFile(sha256)] = try ImageFile.sRGBPreviewPNG(whole, label: path)
            }
            result.original = Self.originalFile(sha256)
        } catch {
            return Outcome(
                result: PhotoInsetResult(
                    path: path, sha256: sha256, inset: inset.text, insetKey: key,
                    failed: error.description))
        }
        return Outcome(result: result, files: files)
    }

    /// A file that cannot even be read: no inset, in the same words as its refusal.
    public func unreadable(path: String, because reason: String) -> PhotoInsetResult {
        PhotoInsetResult(path: path, sha256: "", inset: inset.text, insetKey: key, failed: reason)
    }
}
