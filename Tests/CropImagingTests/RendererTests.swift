import CropImaging
import CropModel
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The avatar file itself: size, opacity, color tags, encoding, determinism, fallback, refusals.
@Suite struct RendererTests {
    static let photo = Pattern.markers(width: 1200, height: 900)
    static let rect = Rect(x: 250.5, y: 100.25, width: 700, height: 700)

    func write(_ scratch: borrowing ScratchDirectory, jpeg: Bool = false) throws -> String {
        try jpeg ? scratch.write(Self.photo.jpeg(), as: "photo.jpg") : scratch.write(Self.photo.png(), as: "photo.png")
    }

    @Test func pngAvatarIsOpaqueSRGBWithICCProfile() throws {
        let scratch = try ScratchDirectory()
        let avatar = try AvatarRenderer().render(path: write(scratch), request: .make(rect: Self.rect))
        let bytes = avatar.bytes
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR: 512 × 512, bit depth 8, color type 2 (RGB, no alpha).
        #expect(Array(bytes[16..<26]) == [0, 0, 2, 0, 0, 0, 2, 0, 8, 2])
        let chunks = FileSurgery.pngChunkTypes(bytes)
        #expect(chunks.contains("iCCP"))
        #expect(!chunks.contains("sRGB") && !chunks.contains("tIME") && !chunks.contains("tRNS"))
        #expect((avatar.sourceWidth, avatar.sourceHeight) == (1200, 900))
        #expect((avatar.thumbnailWidth, avatar.thumbnailHeight) == (1200, 900))
        #expect(!avatar.usedThumbnail)
        try expectPngcheckAccepts(scratch.write(bytes, as: "avatar.png"))
    }

    func expectPngcheckAccepts(_ path: String) throws {
        let tool = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let tool else { return }
        let check = try execute(["-v", path], executable: URL(fileURLWithPath: tool), deadline: .seconds(30))
        #expect(check.status == 0, "pngcheck -v: \(check.stdout)")
        #expect(check.stdout.contains("No errors detected"))
    }

    @Test func jpegAvatarHasQuality90AndTheProfileInAPP2() throws {
        let scratch = try ScratchDirectory()
        let request = try CropRequest.make(rect: Self.rect, encoding: .jpegSRGB(quality: 0.9))
        let avatar = try AvatarRenderer().render(path: write(scratch), request: request)
        let segments = FileSurgery.jpegSegments(avatar.bytes)
        let app2 = try #require(segments.first { $0.marker == 0xE2 })
        #expect(app2.payload.starts(with: Array("ICC_PROFILE".utf8) + [0]))
        // libjpeg quality 90 scales the standard luminance table by 20 %: its first entry, 16, becomes 3.
        let dqt = try #require(segments.first { $0.marker == 0xDB })
        #expect(dqt.payload[0] & 0x0F == 0 && dqt.payload[1] == 3)
        let image = try ImageFile.decode(path: scratch.write(avatar.bytes, as: "a.jpg"))
        #expect(image.width == 512 && image.height == 512)
        let png = try ImageFile.decode(
            path: scratch.write(
                AvatarRenderer().render(path: write(scratch), request: .make(rect: Self.rect)).bytes, as: "a.png"))
        #expect(Compare.psnr(image, png) > 35)
    }

    @Test(arguments: [false, true])
    func sameInputGivesTheSameBytes(jpeg: Bool) throws {
        let scratch = try ScratchDirectory()
        let path = try write(scratch, jpeg: jpeg)
        for encoding in [AvatarCropperConfig.Encoding.pngSRGB, .jpegSRGB(quality: 0.9)] {
            let request = try CropRequest.make(rect: Self.rect, encoding: encoding)
            let first = try AvatarRenderer().render(path: path, request: request)
            let second = try AvatarRenderer().render(path: path, request: request)
            #expect(first.bytes == second.bytes)
        }
    }

    @Test func memoryFallbackCropsTheThumbnail() throws {
        let scratch = try ScratchDirectory()
        let big = Pattern.markers(width: 3000, height: 1000)
        let path = try scratch.write(big.jpeg(quality: 90), as: "big.jpg")
        let rect = Rect(x: 1000, y: 100, width: 800, height: 800)
        let full = try AvatarRenderer().render(path: path, request: .make(rect: rect))
        let fallback = try AvatarRenderer().render(path: path, request: .make(rect: rect, fromThumbnail: true))
        #expect(fallback.usedThumbnail && !full.usedThumbnail)
        let policy = ThumbnailPolicy.size(width: 3000, height: 1000)
        #expect((fallback.thumbnailWidth, fallback.thumbnailHeight) == (policy.width, policy.height))
        #expect((fallback.thumbnailWidth, fallback.thumbnailHeight) == (2560, 853))
        let a = try ImageFile.decode(path: scratch.write(full.bytes, as: "full.png"))
        let b = try ImageFile.decode(path: scratch.write(fallback.bytes, as: "fallback.png"))
        #expect(Compare.psnr(a, b) > 32)
        let thumbnail = try ImageFile.thumbnail(path: path)
        #expect((thumbnail.width, thumbnail.height) == (2560, 853))
    }

    @Test func tooSmallPhotoIsRefusedWithTheSpecMessage() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Pattern.solid(width: 500, height: 319, [1, 2, 3]).png(), as: "small.png")
        #expect(throws: ImagingError.tooSmall(path: path, shortSide: 319)) { try ImageFile.probe(path: path) }
        #expect(throws: ImagingError.tooSmall(path: path, shortSide: 319)) {
            try AvatarRenderer().render(path: path, request: .make(rect: Rect(x: 0, y: 0, width: 319, height: 319)))
        }
        #expect(
            ImagingError.tooSmall(path: path, shortSide: 319).description
                == "\(path): This photo is too small for a profile picture")
        // The decoder itself has no minimum: PngSuite's 32 × 32 images decode.
        #expect(try ImageFile.decode(path: path).height == 319)
        let suite = Fixtures.path("pngsuite/full/basn0g01.png")
        #expect(try ImageFile.decode(path: suite).width == 32)
        #expect(throws: ImagingError.tooSmall(path: suite, shortSide: 32)) { try ImageFile.probe(path: suite) }
        let exact = try scratch.write(Pattern.solid(width: 320, height: 320, [1, 2, 3]).png(), as: "exact.png")
        #expect(try ImageFile.probe(path: exact).storedWidth == 320)
    }

    @Test func pixelLimitRefusesBombsBeforeDecoding() throws {
        for (file, w, h) in [
            ("corrupt/65536-uint32-limit.png", 65536, 65536), ("corrupt/giant-image.jpg", 20000, 14000)
        ] {
            let path = Fixtures.path(file)
            #expect(throws: ImagingError.tooLarge(path: path, width: w, height: h, maxPixels: 100_000_000)) {
                try ImageFile.probe(path: path)
            }
        }
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Pattern.solid(width: 400, height: 400, [1, 2, 3]).png(), as: "p.png")
        let limits = DecodeLimits(maxPixels: 400 * 400 - 1)
        #expect(throws: ImagingError.tooLarge(path: path, width: 400, height: 400, maxPixels: 159_999)) {
            try ImageFile.decode(path: path, limits: limits)
        }
        #expect(try ImageFile.probe(path: path, limits: DecodeLimits(maxPixels: 400 * 400)).storedWidth == 400)
    }

    @Test func requestsThatDoNotFitThePhotoAreRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try write(scratch)
        let bad: [CropRequest] = [
            try .make(rect: Self.rect, orientation: .right),
            try .make(rect: Rect(x: 700, y: 300, width: 700, height: 700)),
            try .make(rect: Rect(x: 0, y: 0, width: 0, height: 10)),
            try .make(rect: Rect(x: .nan, y: 0, width: 10, height: 10)),
            try .make(rect: Self.rect, outputSize: 0),
            try .make(rect: Self.rect, outputSize: 100_000)
        ]
        for request in bad {
            #expect(throws: ImagingError.self) { try AvatarRenderer().render(path: path, request: request) }
            do {
                _ = try AvatarRenderer().render(path: path, request: request)
            } catch {
                guard case .invalidRequest = error else { Issue.record("unexpected \(error)"); continue }
                #expect(error.description.hasPrefix(path + ": invalid crop request: "))
            }
        }
    }

    @Test func missingAndForeignFilesGiveNamedErrors() throws {
        let scratch = try ScratchDirectory()
        let missing = scratch.url.appendingPathComponent("nope.png").path
        #expect { try ImageFile.probe(path: missing) } throws: { error in
            guard case .unreadable(let path, _) = error as? ImagingError else { return false }
            return path == missing
        }
        let text = try scratch.write(Array("hello, world".utf8), as: "note.png")
        #expect(throws: ImagingError.unsupportedFormat(path: text)) { try ImageFile.probe(path: text) }
    }
}
