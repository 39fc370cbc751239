import CropImaging
import CropVocabulary
import Testing

/// `ImageFile.encodedUprightCrop` (the batch inset): rows stream from the decoder to the encoder
/// and the preview. It must give exactly what decoding the whole photo, cutting the rectangle
/// out and encoding it gives, for every pixel format and orientation, and fail like the decoder
/// on a file that breaks partway.
@Suite struct StreamedCropTests {
    /// Every byte value in every channel, plus rows and columns to crop away.
    static let photo = Pattern.image(width: 67, height: 53) { x, y in
        SIMD3(UInt8((x * 53 + y) % 256), UInt8((y * 67 + x) * 7 % 256), UInt8((x * y + 3 * x) % 256))
    }

    func crop(_ path: String, _ quality: Int = 92, longEdge: Int = 16) throws -> (EncodedCrop, RGBImage, RGBImage) {
        let whole = try ImageFile.decode(path: path)
        let rect = (x: 5, y: 7, width: whole.width - 11, height: whole.height - 9)
        let crop = try ImageFile.encodedUprightCrop(path: path, jpegQuality: quality, previewLongEdge: longEdge) { _ in
            rect
        }
        let want = Pattern.image(width: rect.width, height: rect.height) { x, y in whole[x + rect.x, y + rect.y] }
        let scratch = try ScratchDirectory()
        return (crop, want, try ImageFile.decode(path: scratch.write(crop.bytes, as: "crop")))
    }

    /// 8-bit RGB passes through as bytes; the other formats go through floats and back. Either
    /// way the lossless inset is the whole decode's rectangle, byte for byte.
    @Test(arguments: ["rgb8", "rgb16", "rgba8", "gray8", "interlaced"])
    func aPNGInsetIsTheWholeDecodesRectangle(_ kind: String) throws {
        let scratch = try ScratchDirectory()
        let p = Self.photo
        let pixels: [UInt8], format: PixelFormat
        switch kind {
        case "rgb16": (pixels, format) = (p.pixels.flatMap { [$0, $0 &* 3] }, PixelFormat(model: .rgb, bitDepth: 16))
        case "rgba8":
            (pixels, format) = (
                stride(from: 0, to: p.pixels.count, by: 3).flatMap { Array(p.pixels[$0..<$0 + 3]) + [UInt8($0 % 256)] },
                PixelFormat(model: .rgb, hasAlpha: true)
            )
        case "gray8":
            (pixels, format) = (
                stride(from: 0, to: p.pixels.count, by: 3).map { p.pixels[$0] }, PixelFormat(model: .gray)
            )
        default: (pixels, format) = (p.pixels, .rgb8)
        }
        let png = try ImageEncoder.png(
            pixels, width: p.width, height: p.height, format: format, interlaced: kind == "interlaced")
        let (crop, want, got) = try crop(scratch.write(png, as: "photo-\(kind).png"))
        #expect(crop.info.format == .png)
        #expect(got == want)
    }

    /// A JPEG inset is the whole-image encoder's file of the rectangle but for its Huffman tables:
    /// the standard ones (ITU-T T.81 Annex K.3), so libjpeg streams instead of holding every
    /// coefficient for optimized ones. Tables change the bytes, not the coefficients: both files
    /// decode to the same pixels, and every other segment before the scan is the same.
    @Test func aJPEGInsetIsTheEncodedRectangleWithTheStandardTables() throws {
        let scratch = try ScratchDirectory()
        let (crop, want, got) = try crop(scratch.write(try Self.photo.jpeg(), as: "photo.jpg"), 92)
        let segments = FileSurgery.jpegSegments(crop.bytes)
        // The profile it carries: one APP2 "ICC_PROFILE\0" segment, after its 2-byte sequence header.
        let app2 = try #require(segments.first { $0.marker == 0xE2 })
        let optimized = try ImageEncoder.jpeg(
            want.pixels, width: want.width, height: want.height, format: .rgb8,
            quality: 92, iccProfile: Array(app2.payload.dropFirst(14)))
        #expect(try ImageFile.decode(path: scratch.write(optimized, as: "optimized.jpg")) == got)
        let reference = FileSurgery.jpegSegments(optimized)
        let (tables, others) = (segments.filter { $0.marker == 0xC4 }, segments.filter { $0.marker != 0xC4 })
        #expect(others.map(\.payload) == reference.filter { $0.marker != 0xC4 }.map(\.payload))
        #expect(tables.map(\.payload) != reference.filter { $0.marker == 0xC4 }.map(\.payload))
        // K.3.1 and K.3.2: DC tables (luminance, chrominance) whole; AC tables by their code counts.
        let dht = tables.flatMap { Self.huffmanTables($0.payload) }
        #expect(
            dht.contains {
                $0.id == 0x00 && $0.counts == [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
                    && $0.values == Array(0...11)
            })
        #expect(
            dht.contains {
                $0.id == 0x01 && $0.counts == [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
                    && $0.values == Array(0...11)
            })
        #expect(dht.contains { $0.id == 0x10 && $0.counts == [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D] })
        #expect(dht.contains { $0.id == 0x11 && $0.counts == [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77] })
    }

    /// The tables of one DHT segment: class and destination (`id`), the 16 code counts, the values.
    static func huffmanTables(_ payload: [UInt8]) -> [(id: UInt8, counts: [UInt8], values: [UInt8])] {
        var tables: [(UInt8, [UInt8], [UInt8])] = [], i = 0
        while i + 17 <= payload.count {
            let counts = Array(payload[i + 1...i + 16]), n = counts.reduce(0) { $0 + Int($1) }
            guard i + 17 + n <= payload.count else { break }
            tables.append((payload[i], counts, Array(payload[i + 17..<i + 17 + n])))
            i += 17 + n
        }
        return tables
    }

    /// Each EXIF orientation: the upright rectangle, streamed in upright order from the held crop.
    @Test(arguments: 1...8)
    func aTurnedPhotoGivesTheUprightRectangle(_ orientation: Int) throws {
        let scratch = try ScratchDirectory()
        let stored = Self.photo.stored(for: Orientation(rawValue: orientation)!)
        let path = try scratch.write(
            try stored.png(exif: Exif.orientation(UInt16(orientation))), as: "o\(orientation).png")
        let (crop, want, got) = try crop(path)
        #expect(crop.info.orientation.rawValue == orientation)
        #expect(got == want)
    }

    /// A PNG's whole-photo preview made in the inset's pass is `ImageFile.preview`'s, pixel for
    /// pixel, in every orientation, and the inset stays the rectangle; so is a JPEG's under 5120
    /// px (its thumbnail's pass reads whole rows too), and a larger JPEG gets none (its original
    /// is decoded at a DCT scale).
    @Test(arguments: [1, 2, 5, 6, 8])
    func aPNGsOriginalComesFromTheSamePass(_ orientation: Int) throws {
        let scratch = try ScratchDirectory()
        let stored = Self.photo.stored(for: Orientation(rawValue: orientation)!)
        let path = try scratch.write(
            try stored.png(exif: Exif.orientation(UInt16(orientation))), as: "o\(orientation).png")
        let whole = try ImageFile.decode(path: path)
        let rect = (x: 5, y: 7, width: whole.width - 11, height: whole.height - 9)
        let crop = try ImageFile.encodedUprightCrop(
            path: path, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: 24
        ) { _ in rect }
        #expect(crop.original == (try ImageFile.preview(path: path, longEdge: 24)))
        let got = try ImageFile.decode(path: scratch.write(crop.bytes, as: "crop.png"))
        #expect(got == Pattern.image(width: rect.width, height: rect.height) { x, y in whole[x + rect.x, y + rect.y] })
        let wide = Pattern.image(width: 5120, height: 24) { x, y in SIMD3(UInt8(x % 256), UInt8(y * 9), 40) }
        for (photo, name, sameP) in [(Self.photo, "photo.jpg", true), (wide, "wide.jpg", false)] {
            let jpeg = try scratch.write(try photo.jpeg(), as: name)
            let jpegCrop = try ImageFile.encodedUprightCrop(
                path: jpeg, jpegQuality: 92, previewLongEdge: 16, originalLongEdge: 24
            ) { info in
                (x: 1, y: 1, width: info.orientedWidth - 2, height: info.orientedHeight - 2)
            }
            #expect((jpegCrop.original != nil) == sameP, "\(name)")
            if sameP { #expect(jpegCrop.original == (try ImageFile.preview(path: jpeg, longEdge: 24))) }
        }
    }

    /// The preview is the rectangle shrunk as `ImageFile.preview` shrinks an untagged PNG of it,
    /// and a rectangle that already fits is its own preview.
    @Test(arguments: [16, 40, 500])
    func thePreviewIsTheRectangleShrunk(_ longEdge: Int) throws {
        let scratch = try ScratchDirectory()
        let (crop, want, _) = try crop(scratch.write(try Self.photo.png(), as: "photo.png"), longEdge: longEdge)
        let shrunk = try ImageFile.preview(path: scratch.write(try want.png(), as: "want.png"), longEdge: longEdge)
        #expect(crop.preview == shrunk)
        #expect(max(crop.preview.width, crop.preview.height) == min(longEdge, max(want.width, want.height)))
    }

    /// Cut partway through the pixels (the encoder already has rows): the decoder's error, as for
    /// any other read; and cut above the crop's first row, while PNG rows are skipped.
    @Test(arguments: ["jpg", "png"])
    func aFileCutShortFailsWithTheDecodersError(_ kind: String) throws {
        let scratch = try ScratchDirectory()
        let big = Pattern.image(width: 400, height: 300) { x, y in
            SIMD3(UInt8(x * y % 251), UInt8((x ^ y) % 256), UInt8(x % 256))
        }
        let bytes = kind == "jpg" ? try big.jpeg() : try big.png()
        for (cut, name) in [(bytes.count * 2 / 3, "partway"), (bytes.count / 50, "above")] {
            let path = try scratch.write(Array(bytes.prefix(cut)), as: "\(name).\(kind)")
            #expect {
                try ImageFile.encodedUprightCrop(path: path, jpegQuality: 92, previewLongEdge: 16) { _ in
                    (10, 200, 300, 90)
                }
            } throws: { error in
                guard case .decodeFailed(let p, _, _) = error as? ImagingError else { return false }
                return p == path
            }
        }
    }

    @Test func aRectangleOutsideThePhotoIsRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(try Self.photo.png(), as: "photo.png")
        #expect {
            try ImageFile.encodedUprightCrop(path: path, jpegQuality: 92, previewLongEdge: 16) { _ in (60, 0, 10, 10) }
        } throws: { error in
            guard case .invalidRequest = error as? ImagingError else { return false }
            return true
        }
    }
}
