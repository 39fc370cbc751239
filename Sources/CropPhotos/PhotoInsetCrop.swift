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
    /// names of the inset and its preview too: files are created, never replaced, so a remade
    /// inset must not meet the old one's name. 2: a JPEG inset has libjpeg's standard Huffman
    /// tables at every size. 3: a JPEG under twice the display thumbnail's long edge is decoded
    /// whole rows from the top, as the thumbnail's pass decodes it, so the inset can ride on that
    /// pass, and its whole-photo preview is shrunk from those rows (docs/photos.md, "The inset
    /// crop").
    public static let formatVersion = 3

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

    /// The whole photo's preview, shared by every percentage; named with the format version too,
    /// as its pixels follow the inset's pass (3: a JPEG under 5120 px shrunk from whole rows).
    public static func originalFile(_ sha256: String) -> String {
        "insets/\(sha256.prefix(24))-v\(formatVersion)-\(previewSide).png"
    }
    public func file(_ sha256: String, format: ImageFormat) -> String {
        "insets/\(sha256.prefix(24))-\(inset.number)-v\(Self.formatVersion).\(format == .jpeg ? "jpg" : "png")"
    }
    public func previewFile(_ sha256: String) -> String {
        "insets/\(sha256.prefix(24))-\(inset.number)-v\(Self.formatVersion)-\(Self.previewSide).png"
    }

    public struct Outcome: Sendable {
        public var result: PhotoInsetResult
        /// Encoded files by their path relative to the batch folder.
        public var files: [String: [UInt8]] = [:]
    }

    /// The inset of a photo made while its check decodes it (`PhotoCheck.check(alongside:)`), for
    /// `crop(…, rode:)`. It holds its memory from the header on, until `crop` is done with it.
    public func alongside(path: String, haveOriginal: Bool) -> Ride {
        let reservation = InsetReservation(memory)
        let crop = CropAlongside(
            label: path, jpegQuality: Self.jpegQuality, previewLongEdge: Self.previewSide,
            originalLongEdge: haveOriginal ? nil : Self.previewSide, rect: rect(holding: reservation))
        return Ride(crop: crop, reservation: reservation, haveOriginal: haveOriginal)
    }

    /// An inset riding on a check's decoding pass, and its hold on the memory budget.
    public struct Ride {
        public let crop: CropAlongside
        let reservation: InsetReservation
        let haveOriginal: Bool
    }

    /// The inset of `path` (whose bytes hash to `sha256`). `haveOriginal` says the whole photo's
    /// preview is on disk already (it does not depend on the inset), so it is not decoded again.
    /// With `rode`, the crop comes from the check's pass when that gave it; otherwise (a JPEG, a
    /// photo the pass could not read to the end) the photo is decoded here, as without it.
    public func crop(path: String, sha256: String, haveOriginal: Bool, rode: Ride? = nil) -> Outcome {
        var result = PhotoInsetResult(path: path, sha256: sha256, inset: inset.text, insetKey: key)
        var files: [String: [UInt8]] = [:]
        let reservation = rode?.reservation ?? InsetReservation(memory)
        defer { reservation.release() }
        do throws(ImagingError) {
            let crop: EncodedCrop
            if let rode, rode.haveOriginal == haveOriginal, let made = rode.crop.finished() {
                crop = made
            } else {
                // Held again from the header on: the ride's hold (if any) is given back first.
                reservation.release()
                crop = try ownDecoding(path: path, haveOriginal: haveOriginal, reservation: reservation)
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

    private func ownDecoding(path: String, haveOriginal: Bool, reservation: InsetReservation) throws(ImagingError)
        -> EncodedCrop
    {
        try ImageFile.encodedUprightCrop(
            path: path, limits: limits, jpegQuality: Self.jpegQuality, previewLongEdge: Self.previewSide,
            originalLongEdge: haveOriginal ? nil : Self.previewSide, rect: rect(holding: reservation))
    }

    /// The inset's rectangle in the upright photo, holding the memory its crop needs (before any
    /// pixel is decoded) once the header says how much that is.
    private func rect(holding reservation: InsetReservation) -> (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    {
        let inset = self.inset
        return { info in
            let r = inset.rect(width: info.orientedWidth, height: info.orientedHeight)
            reservation.hold(EncodedCrop.peakBytes(width: r.width, height: r.height, turned: info.orientation != .up))
            return r
        }
    }

    /// A file that cannot even be read: no inset, in the same words as its refusal.
    public func unreadable(path: String, because reason: String) -> PhotoInsetResult {
        PhotoInsetResult(path: path, sha256: "", inset: inset.text, insetKey: key, failed: reason)
    }
}
