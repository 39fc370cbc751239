import CropImaging
import CropVocabulary
import Testing

/// `ImageFile.preview` of a PNG (the contact sheet's "original") streams the photo's rows through
/// a box average of whole blocks, then Lanczos-3: what every block holds counts by its own
/// pixels, detail finer than a preview pixel averages out, and the result is upright.
@Suite struct PreviewTests {
    func preview(_ image: RGBImage, longEdge: Int = 160, orientation: Int? = nil) throws -> RGBImage {
        let scratch = try ScratchDirectory()
        let exif = orientation.map { Exif.orientation(UInt16($0)) }
        let stored = orientation.map { image.stored(for: Orientation(rawValue: $0)!) } ?? image
        return try ImageFile.preview(
            path: scratch.write(try stored.png(exif: exif), as: "photo.png"), longEdge: longEdge)
    }

    /// 645 × 323 leaves a last block column one pixel wide and a last block row one row high:
    /// averaged over what they hold, they are the color too.
    @Test func aFlatPhotoWithPartialBlocksStaysFlat() throws {
        let color = SIMD3<UInt8>(12, 200, 77)
        let shrunk = try preview(Pattern.solid(width: 645, height: 323, color))
        #expect((shrunk.width, shrunk.height) == (160, 80))
        for y in 0..<shrunk.height {
            for x in 0..<shrunk.width where shrunk[x, y] != color {
                Issue.record("(\(x), \(y)) is \(shrunk[x, y]), not \(color)")
                return
            }
        }
    }

    /// A one-pixel checkerboard of 10 and 250 is its mean, 130, in every preview pixel: no moiré.
    @Test func detailFinerThanAPreviewPixelAveragesOut() throws {
        let board = Pattern.image(width: 640, height: 480) { x, y in
            (x + y) % 2 == 0 ? SIMD3(10, 10, 10) : SIMD3(250, 250, 250)
        }
        let shrunk = try preview(board)
        #expect((shrunk.width, shrunk.height) == (160, 120))
        #expect(Set(shrunk.pixels) == [130])
    }

    /// Stored turned (EXIF 6), red left and blue right when upright: the preview is upright.
    @Test(arguments: [1, 6, 8])
    func aTurnedPhotosPreviewIsUpright(_ orientation: Int) throws {
        let (red, blue) = (SIMD3<UInt8>(255, 0, 0), SIMD3<UInt8>(0, 0, 255))
        let photo = Pattern.image(width: 640, height: 480) { x, _ in x < 320 ? red : blue }
        let shrunk = try preview(photo, orientation: orientation)
        #expect((shrunk.width, shrunk.height) == (160, 120))
        #expect(shrunk[10, 60] == red)
        #expect(shrunk[150, 60] == blue)
    }

    /// A preview is written with one row filter (Up) where `sRGBPNG` lets libpng choose per row:
    /// other bytes, the same pixels.
    @Test func aPreviewPNGHasSRGBPNGsPixelsInOtherBytes() throws {
        let image = Pattern.image(width: 160, height: 107) { x, y in
            SIMD3(UInt8(x), UInt8((x * y) % 256), UInt8(y * 2))
        }
        let scratch = try ScratchDirectory()
        let (preview, adaptive) = (
            try ImageFile.sRGBPreviewPNG(image, label: "p"), try ImageFile.sRGBPNG(image, label: "a")
        )
        #expect(preview != adaptive)
        #expect(try ImageFile.decode(path: scratch.write(preview, as: "preview.png")) == image)
        #expect(try ImageFile.decode(path: scratch.write(adaptive, as: "adaptive.png")) == image)
    }
}
