import CropModel
import CropVocabulary

/// An upright crop (`ImageFile.encodedUprightCrop`) made from the rows another pass over the same
/// photo decodes anyway, instead of decoding the photo a second time: the batch's inset riding on
/// the check's display thumbnail (R5.4), which reads every row of a PNG, and of a JPEG under twice
/// the thumbnail's long edge, at full resolution.
///
/// The ride only ever saves work; it never changes a result. It joins a pass that reads whole
/// rows from the top, 1:1, and gets them as the same 8-bit sRGB bytes the crop's own pass would
/// give (`RowConverter.convert(_:count:into:bytes:)`; a JPEG's own pass decodes such a photo the
/// same way, `Decoding.crop`), so the files are byte for byte the same. Anything else — a larger
/// JPEG (its thumbnail is decoded at a DCT scale), a pass that fails or stops early, the crop's own
/// error — leaves `finished` nil, and the caller decodes on its own as it would have without the
/// ride, errors and all. A class: the pass and the caller share it.
public final class CropAlongside {
    private let pass: UprightCropPass
    private var info: ImageInfo?
    /// The rows the pass decoded so far, and whether the crop failed on them (then it stops).
    private var row = 0
    private var failed = false

    /// The same arguments as `ImageFile.encodedUprightCrop`'s (`rect` is called once, with the
    /// header, when the ride starts).
    public init(
        label: String, jpegQuality: Int, previewLongEdge: Int, originalLongEdge: Int? = nil,
        rect: @escaping (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    ) {
        pass = UprightCropPass(
            label: label, jpegQuality: jpegQuality, previewLongEdge: previewLongEdge,
            originalLongEdge: originalLongEdge, rect: rect)
    }

    /// Whether the crop rides on a pass over `info`'s photo that decodes whole stored rows from
    /// the first, 1:1, as 8-bit sRGB over white.
    func join(_ info: ImageInfo) -> Bool {
        guard self.info == nil else { return false }
        do {
            _ = try pass.begin(info)
        } catch {
            return false
        }
        self.info = info
        return true
    }

    /// The pass's next whole row, `info.storedWidth × 3` bytes.
    func push(_ whole: UnsafePointer<UInt8>) {
        defer { row += 1 }
        guard !failed else { return }
        do throws(ImagingError) {
            if pass.wantsWholeRows {
                try pass.push(whole)
            } else if pass.box.rows.contains(row) {
                try pass.push(whole + pass.box.columns.lowerBound * 3)
            }
        } catch {
            failed = true
        }
    }

    /// The crop, when the pass gave it every row it needed and it encoded them; otherwise nil.
    public func finished() -> EncodedCrop? {
        guard let info, !failed else { return nil }
        let needed = pass.wantsWholeRows ? info.storedHeight : pass.box.rows.upperBound
        guard row >= needed else { return nil }
        return try? pass.finish(info)
    }
}
