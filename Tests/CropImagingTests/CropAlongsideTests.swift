import CropImaging
import CropVocabulary
import Testing

/// `CropAlongside`: the batch's inset riding on the display thumbnail's pass over a PNG. The ride
/// may only save a decode, never change a byte: its crop, preview and original are the inset's
/// own pass's, and the thumbnail is the thumbnail without a rider. Whatever the ride cannot do
/// leaves it unfinished, for the caller to decode on its own.
@Suite struct CropAlongsideTests {
    /// Larger than the display thumbnail in neither axis, so the thumbnail reads rows 1:1; every
    /// byte value in every channel.
    static let photo = Pattern.image(width: 67, height: 53) { x, y in
        SIMD3(UInt8((x * 53 + y) % 256), UInt8((y * 67 + x) * 7 % 256), UInt8((x * y + 3 * x) % 256))
    }

    static func rect(_ info: ImageInfo) -> (x: Int, y: Int, width: Int, height: Int) {
        (x: 5, y: 7, width: info.orientedWidth - 11, height: info.orientedHeight - 9)
    }

    static func ride(originalLongEdge: Int?) -> CropAlongside {
        CropAlongside(
            label: "ride", jpegQuality: 92, previewLongEdge: 16, originalLongEdge: originalLongEdge, rect: rect)
    }

    /// The formats `RowConverter` treats apart (bytes as they are, through the color transform,
    /// through floats), interlaced, and turned.
    static func png(_ kind: String, orientation: Int) throws -> [UInt8] {
        let p = photo.stored(for: Orientation(rawValue: orientation)!)
        let exif = orientation == 1 ? nil : Exif.orientation(UInt16(orientation))
        func rgba() -> [UInt8] {
            stride(from: 0, to: p.pixels.count, by: 3).flatMap { Array(p.pixels[$0..<$0 + 3]) + [UInt8($0 % 256)] }
        }
        return switch kind {
        case "p3": try p.png(exif: exif, icc: ColorTests.displayP3)
        case "interlaced": try p.png(exif: exif, interlaced: true)
        case "rgb16":
            try ImageEncoder.png(
                p.pixels.flatMap { [$0, $0 &* 3] }, width: p.width, height: p.height,
                format: PixelFormat(model: .rgb, bitDepth: 16), exif: exif)
        case "rgba8":
            try ImageEncoder.png(
                rgba(), width: p.width, height: p.height, format: PixelFormat(model: .rgb, hasAlpha: true), exif: exif)
        case "gray8":
            try ImageEncoder.png(
                stride(from: 0, to: p.pixels.count, by: 3).map { p.pixels[$0] }, width: p.width, height: p.height,
                format: PixelFormat(model: .gray), exif: exif)
        default: try p.png(exif: exif)
        }
    }

    @Test(arguments: ["rgb8", "p3", "rgb16", "rgba8", "gray8", "interlaced"], [1, 6])
    func aRideGivesTheInsetsOwnBytes(_ kind: String, _ orientation: Int) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(try Self.png(kind, orientation: orientation), as: "\(kind)-\(orientation).png")
        for originalLongEdge in [nil, 24] {
            let ride = Self.ride(originalLongEdge: originalLongEdge)
            let thumbnail = try ImageFile.thumbnail(path: path, alongside: ride)
            #expect(thumbnail == (try ImageFile.thumbnail(path: path)))
            let rode = try #require(ride.finished())
            let own = try ImageFile.encodedUprightCrop(
                path: path, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: originalLongEdge, rect: Self.rect)
            #expect(rode.bytes == own.bytes)
            #expect(rode.preview == own.preview)
            #expect(rode.original == own.original)
            #expect((rode.original != nil) == (originalLongEdge != nil))
            #expect(rode.info == own.info)
        }
    }

    /// A JPEG under twice the thumbnail's long edge is decoded 1:1 for its thumbnail, and the
    /// inset's own pass decodes it the same way, so the ride gives the own pass's bytes, and the
    /// whole photo's preview from the same rows as `ImageFile.preview` makes it: here
    /// with the rectangle's edges on the 16-pixel iMCU grid of 4:2:0, where a cropped decode's
    /// edge chroma would differ from the whole rows'.
    @Test(arguments: [1, 6, 8])
    func aJPEGUnderTwiceTheThumbnailRides(_ orientation: Int) throws {
        let scratch = try ScratchDirectory()
        let stored = Self.photo.stored(for: Orientation(rawValue: orientation)!)
        let path = try scratch.write(
            try stored.jpeg(exif: Exif.orientation(UInt16(orientation), jpegPrefix: true)), as: "o\(orientation).jpg")
        let rect: (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int) = { _ in (16, 16, 32, 32) }
        let ride = CropAlongside(label: path, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: 24, rect: rect)
        #expect(try ImageFile.thumbnail(path: path, alongside: ride) == (try ImageFile.thumbnail(path: path)))
        let rode = try #require(ride.finished())
        let own = try ImageFile.encodedUprightCrop(
            path: path, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: 24, rect: rect)
        #expect(rode.bytes == own.bytes)
        #expect(rode.preview == own.preview)
        #expect(rode.original != nil && rode.original == own.original)
        #expect(rode.original == (try ImageFile.preview(path: path, longEdge: 24)))
    }

    /// From twice the thumbnail's long edge (5120 px) a JPEG's thumbnail is decoded at a DCT
    /// scale: nothing 1:1 to ride on.
    @Test func aJPEGOfTwiceTheThumbnailGetsNoRide() throws {
        let scratch = try ScratchDirectory()
        let wide = Pattern.image(width: 5120, height: 24) { x, y in SIMD3(UInt8(x % 256), UInt8(y * 9), 40) }
        let path = try scratch.write(try wide.jpeg(), as: "wide.jpg")
        let ride = Self.ride(originalLongEdge: 24)
        _ = try ImageFile.thumbnail(path: path, alongside: ride)
        #expect(ride.finished() == nil)
    }

    /// A pass that breaks before the crop has its rows leaves the ride unfinished (the inset then
    /// decodes on its own and fails in its own words). Broken below the crop's last row, the
    /// crop is finished exactly when its own pass would have stopped above the break: without
    /// the original, which needs every row.
    @Test func aBrokenPassFinishesOnlyWhatItsOwnPassWouldHave() throws {
        let scratch = try ScratchDirectory()
        let big = Pattern.image(width: 400, height: 300) { x, y in
            SIMD3(UInt8(x * y % 251), UInt8((x ^ y) % 256), UInt8(x % 256))
        }
        let bytes = try big.png()
        let rect: (ImageInfo) -> (x: Int, y: Int, width: Int, height: Int) = { _ in (10, 20, 300, 90) }
        let early = try scratch.write(Array(bytes.prefix(bytes.count / 5)), as: "early.png")
        let late = try scratch.write(Array(bytes.prefix(bytes.count * 9 / 10)), as: "late.png")
        for (path, original, finishes) in [
            (early, nil, false), (early, 24, false), (late, nil, true), (late, 24, false)
        ] {
            let ride = CropAlongside(
                label: path, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: original, rect: rect)
            #expect(throws: ImagingError.self) { try ImageFile.thumbnail(path: path, alongside: ride) }
            let rode = ride.finished()
            #expect((rode != nil) == finishes, "\(path) original \(String(describing: original))")
            if let rode {
                let own = try ImageFile.encodedUprightCrop(path: path, jpegQuality: 92, previewLongEdge: 16, rect: rect)
                #expect(rode.bytes == own.bytes)
            }
        }
    }

    /// A crop the photo does not hold is the inset's own pass's refusal to give; the thumbnail
    /// does not notice.
    @Test func aRectangleOutsideThePhotoLeavesTheThumbnailAlone() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(try Self.photo.png(), as: "photo.png")
        let ride = CropAlongside(label: path, jpegQuality: 92, previewLongEdge: 16) { _ in (60, 0, 10, 10) }
        #expect(try ImageFile.thumbnail(path: path, alongside: ride) == (try ImageFile.thumbnail(path: path)))
        #expect(ride.finished() == nil)
    }
}
