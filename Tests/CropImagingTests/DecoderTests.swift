import CropImaging
import Foundation
import Testing

/// Pixel formats the decoders must get right, checked against known content.
@Suite struct DecoderTests {
    static let content = Pattern.markers(width: 97, height: 61)

    func roundTrip(_ bytes: [UInt8], _ name: String) throws -> RGBImage {
        let scratch = try ScratchDirectory()
        return try ImageFile.decode(path: scratch.write(bytes, as: name))
    }

    @Test func pngRoundTripIsExact() throws {
        #expect(try roundTrip(Self.content.png(), "a.png") == Self.content)
        #expect(try roundTrip(Self.content.png(interlaced: true), "i.png") == Self.content)
    }

    @Test func sixteenBitPNGMatchesEightBit() throws {
        // v × 257 is the 16-bit sample for the 8-bit value v.
        let wide = Self.content.pixels.flatMap { v -> [UInt8] in
            let sample = UInt16(v) * 257
            return withUnsafeBytes(of: sample) { Array($0) }
        }
        let png = try ImageEncoder.png(wide, width: 97, height: 61, format: PixelFormat(model: .rgb, bitDepth: 16))
        #expect(try roundTrip(png, "w.png") == Self.content)
    }

    @Test func grayPNGBecomesEqualChannels() throws {
        let gray = (0..<40 * 30).map { UInt8($0 % 251) }
        let png = try ImageEncoder.png(gray, width: 40, height: 30, format: PixelFormat(model: .gray), interlaced: true)
        let image = try roundTrip(png, "g.png")
        for i in 0..<gray.count { #expect(image.pixels[3 * i..<3 * i + 3].allSatisfy { $0 == gray[i] }) }
    }

    @Test func jpegRoundTripIsClose() throws {
        #expect(Compare.psnr(try roundTrip(Self.content.jpeg(quality: 95), "a.jpg"), Self.content) > 30)
    }

    /// PngSuite stores each picture plainly (`basn`) and Adam7-interlaced (`basi`): both must decode alike.
    @Test(arguments: [
        "0g01", "0g02", "0g04", "0g08", "0g16", "2c08", "2c16", "3p01", "3p02", "3p04", "3p08",
        "4a08", "4a16", "6a08", "6a16"
    ])
    func interlacedPngSuiteMatchesPlain(_ kind: String) throws {
        let plain = try ImageFile.decode(path: Fixtures.path("pngsuite/full/basn\(kind).png"))
        let interlaced = try ImageFile.decode(path: Fixtures.path("pngsuite/full/basi\(kind).png"))
        #expect(plain.width == 32 && plain.height == 32)
        #expect(plain == interlaced)
    }

    @Test func truncatedFilesNameTheProblem() throws {
        let png = Fixtures.path("corrupt/truncated.png")
        #expect { try ImageFile.decode(path: png) } throws: { error in
            (error as? ImagingError)?.description.contains("unexpected end of file") == true
        }
        let jpeg = Fixtures.path("corrupt/truncated.jpg")
        #expect(throws: ImagingError.decodeFailed(path: jpeg, format: .jpeg, message: "Premature end of JPEG file")) {
            try ImageFile.decode(path: jpeg)
        }
    }
}
