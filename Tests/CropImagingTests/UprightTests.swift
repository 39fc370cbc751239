import CropImaging
import CropVocabulary
import Testing

/// Turning upright copies stored rows (forwards or reversed) or walks stored columns in blocks of
/// rows: on odd sizes, one pixel wide or tall, and heights that leave a partial block, every
/// orientation gives the upright image back.
@Suite struct UprightTests {
    static let sizes = [(1, 1), (1, 35), (35, 1), (2, 17), (37, 21), (17, 33), (40, 16), (3, 49)]

    static func photo(width: Int, height: Int) -> RGBImage {
        Pattern.image(width: width, height: height) { x, y in
            SIMD3(UInt8((x * 7 + y * 131) % 256), UInt8((x * 29 + y) % 256), UInt8((x + y * 3) % 256))
        }
    }

    /// `stored(for:)` is the tests' own mapping, pixel by pixel.
    @Test(arguments: 1...8)
    func uprightUndoesTheStoredOrientation(_ orientation: Int) {
        let o = Orientation(rawValue: orientation)!
        for (w, h) in Self.sizes {
            let upright = Self.photo(width: w, height: h)
            #expect(upright.stored(for: o).upright(from: o) == upright, "\(w)×\(h)")
        }
    }

    /// The inset of a turned PNG streams its held crop in blocks of upright rows: the whole photo
    /// as a rectangle is the upright photo, byte for byte.
    @Test(arguments: 1...8)
    func aTurnedInsetIsTheUprightPhoto(_ orientation: Int) throws {
        let scratch = try ScratchDirectory()
        let o = Orientation(rawValue: orientation)!
        for (w, h) in Self.sizes {
            let upright = Self.photo(width: w, height: h)
            let path = try scratch.write(
                try upright.stored(for: o).png(exif: Exif.orientation(UInt16(orientation))), as: "\(w)x\(h).png")
            let crop = try ImageFile.encodedUprightCrop(path: path, jpegQuality: 92, previewLongEdge: 16) { _ in
                (0, 0, w, h)
            }
            let got = try ImageFile.decode(path: scratch.write(crop.bytes, as: "\(w)x\(h)-crop.png"))
            #expect(got == upright, "\(w)×\(h)")
        }
    }
}
