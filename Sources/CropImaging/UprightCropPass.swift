import CropModel
import CropVocabulary

/// One upright crop's way from whole stored rows to its encoded file and previews: what
/// `ImageFile.encodedUprightCrop` does with the rows it decodes, and what `CropAlongside` does with
/// the rows another pass decodes. Both feed it the same 8-bit sRGB rows, so both give the same
/// bytes.
///
/// `begin` learns the header and names the stored rows and columns it needs; `push` takes them
/// top to bottom; `finish` encodes what is left (a turned photo's held crop) and returns the files.
/// A class so that the decoder's callbacks and the code after them share one.
final class UprightCropPass {
    private let label: String
    private let jpegQuality: Int
    private let previewLongEdge: Int
    private let originalLongEdge: Int?
    private let rect: (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    private var sink: CropSink?
    /// A turned or mirrored photo's crop on its stored grid: its width and pixels.
    private var held: (width: Int, pixels: [UInt8])?
    /// The whole photo's preview, when the pass reads whole rows for it.
    private var original: FittedSink?
    /// The crop's box on the stored grid, and the index of the next row `push` gets.
    private(set) var box = PixelBox(columns: 0..<0, rows: 0..<0)
    private(set) var wantsWholeRows = false
    private(set) var received = 0

    /// With `originalLongEdge`, the whole upright photo is shrunk from the same rows
    /// (`EncodedCrop.original`), which then must be whole rows, every one of them, when the
    /// photo is one whose display thumbnail reads them all (`Decoding.thumbnailReadsWholeRows`).
    init(
        label: String, jpegQuality: Int, previewLongEdge: Int, originalLongEdge: Int?,
        rect: @escaping (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int)
    ) {
        self.label = label
        self.jpegQuality = jpegQuality
        self.previewLongEdge = previewLongEdge
        self.originalLongEdge = originalLongEdge
        self.rect = rect
    }

    /// The stored pixels to push: the crop's box, or every pixel when the original is made too.
    func begin(_ info: ImageInfo) throws(ImagingError) -> PixelBox {
        let r = rect(info)
        guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0,
            r.x + r.width <= info.orientedWidth, r.y + r.height <= info.orientedHeight
        else {
            throw .invalidRequest(
                path: label,
                reason:
                    "the crop \(r.width)×\(r.height) at (\(r.x), \(r.y)) is not inside the \(info.orientedWidth)×\(info.orientedHeight) photo"
            )
        }
        sink = try CropSink(
            info.format, width: r.width, height: r.height, quality: jpegQuality,
            previewLongEdge: previewLongEdge, label: label)
        let upright = Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
        let s = info.orientation.storedRect(
            fromOriented: upright, storedWidth: Double(info.storedWidth), storedHeight: Double(info.storedHeight))
        let (x, y) = (Int(s.x.rounded()), Int(s.y.rounded()))
        let swap = info.orientation.swapsAxes
        box = PixelBox(columns: x..<x + (swap ? r.height : r.width), rows: y..<y + (swap ? r.width : r.height))
        if info.orientation != .up {
            held = (box.columns.count, [])
            held?.pixels.reserveCapacity(box.columns.count * box.rows.count * 3)
        }
        guard let originalLongEdge, Decoding.thumbnailReadsWholeRows(info) else { return box }
        wantsWholeRows = true
        original = FittedSink(
            FittedRows(width: info.storedWidth, height: info.storedHeight, longEdge: originalLongEdge))
        return PixelBox(columns: 0..<info.storedWidth, rows: 0..<info.storedHeight)
    }

    /// The next row `begin` asked for: whole when `wantsWholeRows`, the box's columns otherwise.
    func push(_ whole: UnsafePointer<UInt8>) throws(ImagingError) {
        var row = whole
        if let original {
            defer { received += 1 }
            original.rows.push(whole)
            guard box.rows.contains(received) else { return }
            row += box.columns.lowerBound * 3
        } else {
            received += 1
        }
        guard let width = held?.width else { return try sink!.push(row) }
        held?.pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width * 3))
    }

    /// The encoded crop, once every row was pushed.
    func finish(_ info: ImageInfo) throws(ImagingError) -> EncodedCrop {
        if let held {
            let image = RGBImage(width: held.width, height: held.pixels.count / (held.width * 3), pixels: held.pixels)
            try sink!.pushUpright(image, from: info.orientation)
        }
        var encoded = try sink!.finish(info)
        encoded.original = original?.rows.image.upright(from: info.orientation)
        return encoded
    }
}

/// `FittedRows` shared by the decoder's row callback and the code after it.
final class FittedSink {
    var rows: FittedRows
    init(_ rows: consuming FittedRows) { self.rows = rows }
}
