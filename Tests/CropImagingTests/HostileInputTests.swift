import CropImaging
import CropVocabulary
import Foundation
import Testing

/// Photos made to hurt the decoder: chunk and marker bombs, forged sizes, non-regular files. Each
/// is generated here (nothing large is committed) and must give its documented error, or decode
/// correctly, within the documented limits. Peak RSS and time are measured by `scripts/bench-crop
/// --hostile` on the command line, not asserted here.
@Suite struct HostileInputTests {
    static let content = Pattern.markers(width: 400, height: 400)

    // MARK: PNG ancillary chunks

    /// libpng's own crashers claim 1 GiB chunks in a 57-byte file. Unused chunks are skipped as
    /// they stream (the skip runs into the end of the file); the used ones (iCCP, sRGB, gAMA, cHRM,
    /// eXIf) are read within their caps. Either way: a decode error at the end of the data.
    @Test(arguments: [
        "tEXt", "zTXt", "iTXt", "pCAL", "sCAL", "sPLT", "hIST", "tIME", "bKGD", "pHYs", "sTER",
        "iCCP", "eXIf", "sRGB", "gAMA", "cHRM", "juNK", "juNk"
    ])
    func hugeChunkCrashersFailAtTheEndOfTheData(_ type: String) throws {
        let name =
            type.hasPrefix("ju")
            ? "huge_\(type)_\(type == "juNK" ? "unsafe" : "safe")_to_copy.png" : "huge_\(type)_chunk.png"
        let path = Fixtures.path("libpng-testpngs/crashers/\(name)")
        #expect(
            throws: ImagingError.decodeFailed(
                path: path, format: .png, message: "unexpected end of file (truncated, or a chunk length past the end)")
        ) {
            try ImageFile.decode(path: path)
        }
    }

    /// 100 zTXt chunks of 7.7 KB, each inflating to megabytes: the pixels are valid and decode exactly;
    /// the text is never inflated (it took 28 s and 791 MiB when it was).
    @Test func compressedTextBombDecodes() throws {
        let scratch = try ScratchDirectory()
        var text = Array("Comment".utf8) + [0, 0]
        let stream = Self.zlibStream(inflatingTo: 16 << 20)
        #expect(stream.count > 7700)
        text += stream.prefix(7700)
        let png = (0..<100).reduce(try Self.content.png()) { png, _ in
            FileSurgery.insertPNGChunk("zTXt", text, into: png)
        }
        #expect(png.count > 770_000)
        #expect(try ImageFile.decode(path: scratch.write(png, as: "ztxt.png")) == Self.content)
    }

    /// Unused chunks of any length are skipped, not refused: a 5 MB XMP iTXt (Photoshop's
    /// document history can be that large) and a 3 MB private chunk leave a decodable photo.
    @Test func largeUnusedChunksAreSkipped() throws {
        let scratch = try ScratchDirectory()
        let xmp = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + [UInt8](repeating: 0x78, count: 5_000_000)
        var png = FileSurgery.insertPNGChunk("iTXt", xmp, into: try Self.content.png())
        png = FileSurgery.insertPNGChunk("prVt", [UInt8](repeating: 1, count: 3_000_000), into: png)
        #expect(try ImageFile.decode(path: scratch.write(png, as: "big-text.png")) == Self.content)
    }

    /// eXIf is kept up to the 1 MiB chunk cap: a small one turns the photo, an 8 MB one holding
    /// the same orientation is dropped unread, so the photo decodes upright.
    @Test func exifOverTheCapIsDropped() throws {
        let scratch = try ScratchDirectory()
        let exif = Exif.orientation(6, bigEndian: true)
        let small = FileSurgery.insertPNGChunk("eXIf", exif, into: try Self.content.png())
        #expect(try ImageFile.header(path: scratch.write(small, as: "small.png")).orientation == .right)
        let huge = FileSurgery.insertPNGChunk(
            "eXIf", exif + [UInt8](repeating: 0, count: 8_000_000), into: try Self.content.png())
        let info = try ImageFile.header(path: scratch.write(huge, as: "huge.png"))
        #expect(info.orientation == .up)
        #expect(try ImageFile.decode(path: scratch.write(huge, as: "huge.png")) == Self.content)
    }

    /// iCCP is kept up to the 1 MiB cap (after inflating): a Display P3 profile padded to 200 KB
    /// converts the colors, the same profile padded to 2 MiB is dropped and the image is untagged.
    @Test func iccProfileOverTheCapIsDropped() throws {
        let scratch = try ScratchDirectory()
        let image = Pattern.solid(width: 64, height: 64, ColorTests.p3Red)
        func tagged(paddedTo size: Int) throws -> RGBImage {
            var profile = ColorTests.displayP3 + [UInt8](repeating: 0, count: size - ColorTests.displayP3.count)
            profile[0..<4] =
                [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)][...]
            let iccp = Array("P3".utf8) + [0, 0] + FileSurgery.storedZlib(profile)
            let png = FileSurgery.insertPNGChunk("iCCP", iccp, into: try image.png())
            return try ImageFile.decode(path: scratch.write(png, as: "icc-\(size).png"))
        }
        #expect(
            try tagged(paddedTo: 200_000)[32, 32]
                == ColorTests.lcmsSRGB(of: ColorTests.p3Red, profile: ColorTests.displayP3))
        #expect(try tagged(paddedTo: 2 << 20) == image)
    }

    /// IHDR sides are capped at 100 000 px by libpng even where the pixel count would pass (the
    /// PNG format allows 2³¹ − 1, libpng's default 1 000 000).
    @Test func absurdlyThinPNGIsRefusedByItsHeader() throws {
        let scratch = try ScratchDirectory()
        var png = try Pattern.solid(width: 8, height: 8, [1, 2, 3]).png()
        Self.patchPNGSize(&png, width: 200_000, height: 1)
        let path = try scratch.write(png, as: "thin.png")
        #expect(throws: ImagingError.decodeFailed(path: path, format: .png, message: "Invalid IHDR data")) {
            try ImageFile.header(path: path)
        }
    }

    // MARK: Whole-image buffers

    /// Adam7 must be decoded whole: over `maxBufferedBytes` it is refused before allocating.
    @Test func interlacedPNGOverTheBufferLimitIsRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Self.content.png(interlaced: true), as: "adam7.png")
        let needed = 400 * 400 * 3
        var limits = DecodeLimits.default
        limits.maxBufferedBytes = needed - 1
        #expect(
            throws: ImagingError.overMemoryLimit(
                path: path, what: "an interlaced (Adam7) PNG", bytes: needed, limit: needed - 1)
        ) {
            try ImageFile.decode(path: path, limits: limits)
        }
        limits.maxBufferedBytes = needed
        #expect(try ImageFile.decode(path: path, limits: limits) == Self.content)
        // Non-interlaced rows stream: no buffer, whatever the limit.
        limits.maxBufferedBytes = 0
        #expect(
            try ImageFile.decode(path: scratch.write(Self.content.png(), as: "plain.png"), limits: limits)
                == Self.content)
    }

    /// A progressive JPEG holds every coefficient: 2 bytes per sample, whole 8×8 blocks (4:2:0
    /// here: 400² luma, two 200² chroma planes).
    @Test func progressiveJPEGOverTheBufferLimitIsRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Self.content.jpeg(progressive: true), as: "progressive.jpg")
        let needed = 2 * (400 * 400 + 2 * 200 * 200)
        var limits = DecodeLimits.default
        limits.maxBufferedBytes = needed - 1
        #expect(
            throws: ImagingError.overMemoryLimit(
                path: path, what: "a progressive or multi-scan JPEG", bytes: needed, limit: needed - 1)
        ) {
            try ImageFile.decode(path: path, limits: limits)
        }
        // At exactly the coefficients' size, libjpeg's own `max_memory_to_use` (which also counts
        // its other buffers) refuses: the backstop works.
        limits.maxBufferedBytes = needed
        #expect { try ImageFile.decode(path: path, limits: limits) } throws: { error in
            (error as? ImagingError)?.description.contains("over the decoder memory limit") == true
        }
        limits.maxBufferedBytes = needed + (1 << 20)
        #expect(Compare.psnr(try ImageFile.decode(path: path, limits: limits), Self.content) > 30)
        // Baseline rows stream: no buffer, whatever the limit.
        limits.maxBufferedBytes = 0
        #expect(
            Compare.psnr(
                try ImageFile.decode(path: scratch.write(Self.content.jpeg(), as: "b.jpg"), limits: limits),
                Self.content) > 30)
    }

    /// A 67 KB progressive file patched to claim 10000×10000 (under the pixel limit) would buffer
    /// 286 MiB of coefficients: refused with the default limit, before any is allocated.
    @Test func forgedProgressiveJPEGIsRefused() throws {
        let scratch = try ScratchDirectory()
        var jpeg = try Self.content.jpeg(progressive: true)
        Self.patchJPEGSize(&jpeg, width: 10_000, height: 10_000)
        let path = try scratch.write(jpeg, as: "forged.jpg")
        #expect(try ImageFile.header(path: path).storedWidth == 10_000)
        #expect {
            try AvatarRenderer().render(
                path: path, request: .make(rect: Rect(x: 0, y: 0, width: 10_000, height: 10_000)))
        } throws: { error in
            guard case .overMemoryLimit(path, _, let bytes, _) = error as? ImagingError else { return false }
            return bytes == 2 * (10_000 * 10_000 + 2 * 5_000 * 5_000)
        }
    }

    /// APP1/APP2 segments are kept up to 4 MiB in all, however many there are: EXIF behind 4.8 MB
    /// of XMP-like segments is past the cap and skipped (upright); behind 600 KB it is read.
    @Test func jpegMetadataSegmentsAreCapped() throws {
        let scratch = try ScratchDirectory()
        let jpeg = try Self.content.jpeg(exif: Exif.orientation(6, jpegPrefix: true))
        func orientation(afterSegments count: Int) throws -> Orientation {
            let junk = [0xFF, 0xE1, 0xEA, 0x62] + Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            let segment = junk + [UInt8](repeating: 0x20, count: 60_004 - junk.count)
            let bytes = Array(jpeg[..<2]) + (0..<count).flatMap { _ in segment } + Array(jpeg[2...])
            return try ImageFile.header(path: scratch.write(bytes, as: "app1-\(count).jpg")).orientation
        }
        #expect(try orientation(afterSegments: 10) == .right)
        #expect(try orientation(afterSegments: 80) == .up)
    }

    // MARK: Corrupt JPEG data

    /// A baseline JPEG patched to claim 10000² runs out of entropy-coded data after the first
    /// rows: libjpeg-turbo would fill the rest with gray. It is refused (R11.4), whichever part
    /// is cropped.
    @Test(arguments: [
        Rect(x: 0, y: 0, width: 10_000, height: 10_000), Rect(x: 9_000, y: 9_000, width: 1_000, height: 1_000)
    ])
    func forgedBaselineJPEGIsRefusedNotGray(_ rect: Rect) throws {
        let scratch = try ScratchDirectory()
        var jpeg = try Self.content.jpeg()
        Self.patchJPEGSize(&jpeg, width: 10_000, height: 10_000)
        let path = try scratch.write(jpeg, as: "forged.jpg")
        #expect { try AvatarRenderer().render(path: path, request: .make(rect: rect)) } throws: { error in
            guard case .decodeFailed(path, .jpeg, let message) = error as? ImagingError else { return false }
            return message.contains("Corrupt JPEG data") || message.contains("Premature end")
        }
    }

    /// Cut anywhere in the scan, the file is refused; cut in the header, too.
    @Test(arguments: [0.3, 0.6, 0.95])
    func truncatedJPEGIsRefused(_ fraction: Double) throws {
        let scratch = try ScratchDirectory()
        let jpeg = try Self.content.jpeg()
        let cut = Array(jpeg.prefix(Int(Double(jpeg.count) * fraction)))
        let path = try scratch.write(cut, as: "cut.jpg")
        #expect { try ImageFile.decode(path: path) } throws: { error in
            guard case .decodeFailed(path, .jpeg, let message) = error as? ImagingError else { return false }
            return message.contains("Premature end")
        }
    }

    /// Garbage inside the entropy-coded data (a bad Huffman code, a stray marker) is an error.
    @Test func corruptScanDataIsRefused() throws {
        let scratch = try ScratchDirectory()
        var jpeg = try Self.content.jpeg()
        let scan = jpeg.count / 2
        for i in scan..<scan + 64 { jpeg[i] = i % 2 == 0 ? 0xFF : 0xD3 }
        let path = try scratch.write(jpeg, as: "garbage.jpg")
        #expect { try ImageFile.decode(path: path) } throws: { error in
            guard case .decodeFailed(path, .jpeg, _) = error as? ImagingError else { return false }
            return true
        }
    }

    // MARK: Non-regular files

    /// A FIFO (no writer: opening it for reading would block), a directory and a device are
    /// refused at once, naming the path and what it is.
    @Test func nonRegularFilesAreRefusedWithoutBlocking() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.url.appendingPathComponent("photo.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = scratch.url.appendingPathComponent("link.jpg").path
        #expect(symlink(fifo, link) == 0)
        let cases: [(String, String)] = [
            (fifo, "a FIFO"), (link, "a FIFO"), (scratch.url.path, "a directory"),
            ("/dev/null", "a character device")
        ]
        for (path, kind) in cases {
            #expect(throws: ImagingError.notRegularFile(path: path, kind: kind)) { try ImageFile.header(path: path) }
            #expect(throws: ImagingError.notRegularFile(path: path, kind: kind)) {
                try AvatarRenderer().render(path: path, request: .make(rect: Rect(x: 0, y: 0, width: 400, height: 400)))
            }
        }
        #expect(
            ImagingError.notRegularFile(path: "in/dir", kind: "a directory").description
                == "in/dir: not a regular file (a directory)")
    }

    @Test func missingFileSaysSo() throws {
        let path = "no/such/photo.png"
        #expect(throws: ImagingError.unreadable(path: path, reason: "No such file or directory")) {
            try ImageFile.header(path: path)
        }
    }

    /// A symbolic link to a regular file is that file.
    @Test func symlinkToAPhotoDecodes() throws {
        let scratch = try ScratchDirectory()
        let target = try scratch.write(Self.content.png(), as: "photo.png")
        let link = scratch.url.appendingPathComponent("link.png").path
        #expect(symlink(target, link) == 0)
        #expect(try ImageFile.decode(path: link) == Self.content)
    }

    // MARK: Helpers

    /// A zlib stream of `count` zero bytes: the IDAT payload of a PNG of zero rows (filter byte
    /// 0, zero samples) is exactly that, deflated.
    static func zlibStream(inflatingTo count: Int) -> [UInt8] {
        let width = 4095, height = count / (width + 1)
        let png =
            (try? ImageEncoder.png(
                [UInt8](repeating: 0, count: width * height), width: width, height: height,
                format: PixelFormat(model: .gray))) ?? []
        return idat(png)
    }

    static func idat(_ png: [UInt8]) -> [UInt8] {
        var i = 8, data: [UInt8] = []
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            if String(decoding: png[i + 4..<i + 8], as: UTF8.self) == "IDAT" { data += png[i + 8..<i + 8 + length] }
            i += 12 + length
        }
        return data
    }

    /// Rewrites IHDR's width and height (the CRC too, so only the size is a lie).
    static func patchPNGSize(_ png: inout [UInt8], width: UInt32, height: UInt32) {
        for (offset, value) in [(16, width), (20, height)] {
            png[offset..<offset + 4] =
                [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)][...]
        }
        png[8..<33] = FileSurgery.pngChunk("IHDR", Array(png[16..<29]))[...]
    }

    /// Rewrites the frame header's (SOF0/SOF2) size.
    static func patchJPEGSize(_ jpeg: inout [UInt8], width: UInt16, height: UInt16) {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1], length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                jpeg[i + 5..<i + 9] =
                    [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)][...]
                return
            }
            i += 2 + length
        }
    }
}
