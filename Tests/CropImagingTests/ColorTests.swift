import CLCMS
import CropImaging
import Foundation
import Testing

/// Conversion to sRGB (R9.2): embedded profiles, PNG color chunks, the channel-swap test image.
@Suite struct ColorTests {
    static let p3Red: SIMD3<UInt8> = [230, 40, 40]

    /// A Display P3 profile made by Little CMS (P3 primaries, D65, the sRGB curve).
    static let displayP3: [UInt8] = {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)
        defer { cmsCloseProfile(profile) }
        var length: UInt32 = 0
        cmsSaveProfileToMem(profile, nil, &length)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        cmsSaveProfileToMem(profile, &bytes, &length)
        return bytes
    }()

    /// What Little CMS itself makes of `color` in `profile`, in 8-bit sRGB, with the intent
    /// docs/imaging.md names for every source: relative colorimetric with black-point compensation.
    static func lcmsSRGB(of color: SIMD3<UInt8>, profile bytes: [UInt8]) -> SIMD3<UInt8> {
        let input = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        let srgb = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(input); cmsCloseProfile(srgb) }
        // TYPE_RGB_8: COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | BYTES_SH(1).
        let rgb8 = UInt32(PT_RGB) << 16 | 3 << 3 | 1
        let transform = cmsCreateTransform(
            input, rgb8, srgb, rgb8, UInt32(INTENT_RELATIVE_COLORIMETRIC),
            UInt32(cmsFLAGS_BLACKPOINTCOMPENSATION))
        defer { cmsDeleteTransform(transform) }
        var from = [color.x, color.y, color.z], to = [UInt8](repeating: 0, count: 3)
        cmsDoTransform(transform, &from, &to, 1)
        return SIMD3(to[0], to[1], to[2])
    }

    func center(of bytes: [UInt8], _ scratch: borrowing ScratchDirectory, name: String) throws -> SIMD3<UInt8> {
        let image = try ImageFile.decode(path: scratch.write(bytes, as: name))
        return image[image.width / 2, image.height / 2]
    }

    func close(_ a: SIMD3<UInt8>, _ b: SIMD3<UInt8>, _ tolerance: Int) -> Bool {
        (0..<3).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= tolerance }
    }

    @Test func p3RedLandsWhereLittleCMSSays() throws {
        let scratch = try ScratchDirectory()
        let expected = Self.lcmsSRGB(of: Self.p3Red, profile: Self.displayP3)
        // The conversion must matter, or this test could not tell a profile honored from one ignored.
        #expect(!close(expected, Self.p3Red, 10), "P3 \(Self.p3Red) is sRGB \(expected)")
        let image = Pattern.solid(width: 64, height: 64, Self.p3Red)
        let png = try center(of: image.png(icc: Self.displayP3), scratch, name: "p3.png")
        #expect(close(png, expected, 1), "PNG iCCP gave \(png), Little CMS says \(expected)")
        let jpeg = try center(of: image.jpeg(quality: 100, icc: Self.displayP3), scratch, name: "p3.jpg")
        #expect(close(jpeg, expected, 3), "JPEG APP2 gave \(jpeg), Little CMS says \(expected)")
        // cICP 12/13/0/1 is Display P3 with the sRGB curve: the same colors as the profile.
        let cicp = FileSurgery.insertPNGChunk("cICP", [12, 13, 0, 1], into: try image.png())
        #expect(close(try center(of: cicp, scratch, name: "cicp.png"), expected, 1))
    }

    @Test func untaggedIsSRGB() throws {
        let scratch = try ScratchDirectory()
        let image = Pattern.solid(width: 32, height: 32, Self.p3Red)
        #expect(try center(of: image.png(), scratch, name: "u.png") == Self.p3Red)
    }

    @Test func iccProfileSplitOverManyAPP2MarkersIsReassembled() throws {
        let scratch = try ScratchDirectory()
        // A valid profile padded past one APP2 segment's 65519 bytes: libjpeg writes three markers.
        var big = Self.displayP3
        big += [UInt8](repeating: 0, count: 140_000)
        let size = UInt32(big.count)
        big[0..<4] = [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        let jpeg = try Pattern.solid(width: 32, height: 32, Self.p3Red).jpeg(quality: 100, icc: big)
        #expect(FileSurgery.jpegSegments(jpeg).filter { $0.marker == 0xE2 }.count == 3)
        let expected = Self.lcmsSRGB(of: Self.p3Red, profile: Self.displayP3)
        #expect(close(try center(of: jpeg, scratch, name: "split.jpg"), expected, 3))
    }

    /// The test image's profile rotates the primaries: file R is sRGB green, G blue and B red
    /// (the profiles' colorants; the README's table lists the rotation the other way round).
    /// Honoring it must bring sRGB (B, R, G) of the file's samples.
    @Test(arguments: ["color/rgb-to-gbr-test.png", "color/rgb-to-gbr-test.jpg"])
    func rgbToGbrComesOutSwappedBack(_ file: String) throws {
        let scratch = try ScratchDirectory()
        let path = Fixtures.path(file)
        let raw = try ImageFile.decode(
            path: scratch.write(Self.untagged(path), as: "raw." + (file as NSString).pathExtension))
        let honored = try ImageFile.decode(path: path)
        #expect(raw.width == honored.width && raw.height == honored.height)
        var swapped = raw
        for i in stride(from: 0, to: raw.pixels.count, by: 3) {
            swapped.pixels[i] = raw.pixels[i + 2]
            swapped.pixels[i + 1] = raw.pixels[i]
            swapped.pixels[i + 2] = raw.pixels[i + 1]
        }
        // The profile's curve is gamma 2.2, not sRGB's: small differences in the shadows remain.
        #expect(Compare.psnr(honored, swapped) > 35)
        #expect(Compare.psnr(honored, raw) < 15)
    }

    /// The file without anything that describes its colors: what a decoder ignoring them sees.
    static func untagged(_ path: String) throws -> [UInt8] {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard path.hasSuffix(".png") else { return FileSurgery.removeJPEGSegments(app: 2, from: original) }
        return ["iCCP", "cHRM", "gAMA", "sRGB", "cICP"].reduce(original) { FileSurgery.removePNGChunks($1, from: $0) }
    }

    @Test(arguments: ["color/P3-sRGB-color-bars.png", "color/R2020-P3-color-bars.png", "color/P3-sRGB-red.jpg"])
    func wideGamutFixturesConvert(_ file: String) throws {
        let scratch = try ScratchDirectory()
        let path = Fixtures.path(file)
        let raw = try ImageFile.decode(
            path: scratch.write(Self.untagged(path), as: "raw." + (file as NSString).pathExtension))
        // Wide-gamut samples mean more saturated sRGB ones: ignoring the profile would give the same image.
        #expect(try Compare.psnr(ImageFile.decode(path: path), raw) < 40, "\(file) ignored its profile")
    }

    @Test func gammaChunkIsHonored() throws {
        let scratch = try ScratchDirectory()
        let png = try Pattern.solid(width: 8, height: 8, [128, 128, 128]).png()
        // gAMA 1.0: the samples are linear light; 128/255 linear is 188 in sRGB.
        let linear = FileSurgery.insertPNGChunk("gAMA", [0, 1, 0x86, 0xA0], into: png)
        let value = try center(of: linear, scratch, name: "g.png")
        #expect(close(value, [188, 188, 188], 1), "got \(value)")
    }

    /// gAMA 0.45455 with sRGB's cHRM is the PNG specification's spelling of sRGB for old
    /// decoders (ImageMagick writes it on every PNG): it decodes exactly like an untagged image.
    @Test func sRGBSpelledAsGammaAndChromaticitiesIsSRGB() throws {
        let scratch = try ScratchDirectory()
        let image = Pattern.markers(width: 40, height: 30)
        let chrm: [UInt32] = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        let bytes = chrm.flatMap { v in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let tagged = FileSurgery.insertPNGChunk(
            "gAMA", [0, 0, 0xB1, 0x8F], into: FileSurgery.insertPNGChunk("cHRM", bytes, into: try image.png()))
        #expect(try ImageFile.decode(path: scratch.write(tagged, as: "t.png")) == image)
        // A different gamma is a real conversion.
        let dark = FileSurgery.insertPNGChunk("gAMA", [0, 0, 0x9C, 0x40], into: try image.png())
        #expect(try ImageFile.decode(path: scratch.write(dark, as: "d.png")) != image)
    }

    @Test func alphaIsCompositedOverWhite() throws {
        let scratch = try ScratchDirectory()
        // Black at alpha 0, 128 and 255 (RGBA, 8 bits).
        let pixels: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 255]
        let png = try ImageEncoder.png(pixels, width: 3, height: 1, format: PixelFormat(model: .rgb, hasAlpha: true))
        let image = try ImageFile.decode(path: scratch.write(png, as: "a.png"))
        #expect(image[0, 0] == [255, 255, 255])
        #expect(image[1, 0] == [127, 127, 127])
        #expect(image[2, 0] == [0, 0, 0])
    }

    @Test func cmykJPEGWithoutProfileConvertsNaively() throws {
        let scratch = try ScratchDirectory()
        // Adobe CMYK is stored inverted: 255 − ink. Full magenta and yellow ink, no cyan or black: red.
        let pixels = [UInt8](repeating: 0, count: 16 * 16).flatMap { _ in [255, 0, 0, 255] as [UInt8] }
        let jpeg = try ImageEncoder.jpeg(pixels, width: 16, height: 16, format: PixelFormat(model: .cmyk), quality: 100)
        let value = try center(of: jpeg, scratch, name: "cmyk.jpg")
        #expect(close(value, [255, 0, 0], 3), "got \(value)")
    }

    @Test func grayJPEGIsGray() throws {
        let scratch = try ScratchDirectory()
        let pixels = (0..<64 * 64).map { UInt8($0 % 64 * 4) }
        let jpeg = try ImageEncoder.jpeg(pixels, width: 64, height: 64, format: PixelFormat(model: .gray), quality: 100)
        let image = try ImageFile.decode(path: scratch.write(jpeg, as: "g.jpg"))
        #expect(image.pixels.enumerated().allSatisfy { i, v in v == image.pixels[i - i % 3] })
        #expect(abs(Int(image[40, 5].x) - 160) <= 2)
    }

    /// A CMYK profile built on lookup tables, as press profiles are, whose perceptual table
    /// (AToB0) renders lighter and less saturated than its colorimetric one (AToB1), and whose
    /// darkest ink is L* 18, like a press black.
    static let cmykLUT: [UInt8] = {
        let profile = cmsCreateProfilePlaceholder(nil)
        defer { cmsCloseProfile(profile) }
        cmsSetProfileVersion(profile, 4.3)
        cmsSetDeviceClass(profile, cmsSigInputClass)
        cmsSetColorSpace(profile, cmsSigCmykData)
        cmsSetPCS(profile, cmsSigLabData)
        let sampler: cmsSAMPLER16 = { input, output, cargo in
            guard let input, let output, let cargo else { return 0 }
            let perceptual = cargo.load(as: Bool.self)
            let (c, m, y, k) = (
                Double(input[0]) / 65535, Double(input[1]) / 65535, Double(input[2]) / 65535, Double(input[3]) / 65535
            )
            var lab = cmsCIELab(
                L: 18 + 78 * (1 - k) * (1 - 0.3 * c - 0.5 * m - 0.1 * y),
                a: 60 * (m - 0.5 * c) * (1 - k), b: 60 * (y - 0.5 * c - 0.2 * m) * (1 - k))
            if perceptual { lab = cmsCIELab(L: 0.85 * lab.L + 12, a: 0.8 * lab.a, b: 0.8 * lab.b) }
            var encoded: [UInt16] = [0, 0, 0]
            cmsFloat2LabEncoded(&encoded, &lab)
            for i in 0..<3 { output[i] = encoded[i] }
            return 1
        }
        for (tag, perceptual) in [(cmsSigAToB0Tag, true), (cmsSigAToB1Tag, false)] {
            let pipeline = cmsPipelineAlloc(nil, 4, 3)
            let clut = cmsStageAllocCLut16bit(nil, 9, 4, 3, nil)
            var cargo = perceptual
            cmsStageSampleCLut16bit(clut, sampler, &cargo, 0)
            // lutAtoBType stores A curves, the table, B curves: identity curves around it.
            cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(nil, 4, nil))
            cmsPipelineInsertStage(pipeline, cmsAT_END, clut)
            cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(nil, 3, nil))
            cmsWriteTag(profile, tag, UnsafeRawPointer(pipeline))
            cmsPipelineFree(pipeline)
        }
        var length: UInt32 = 0
        cmsSaveProfileToMem(profile, nil, &length)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        cmsSaveProfileToMem(profile, &bytes, &length)
        return bytes
    }()

    /// Adobe (inverted) CMYK `ink` through `profile` to 8-bit sRGB with Little CMS directly.
    static func lcmsSRGB(ofInk ink: [UInt8], profile bytes: [UInt8], intent: Int32, flags: Int32) -> SIMD3<UInt8> {
        let input = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        let srgb = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(input); cmsCloseProfile(srgb) }
        // TYPE_CMYK_8_REV (Adobe's inverted samples) and TYPE_RGB_8.
        let cmyk8Rev = UInt32(PT_CMYK) << 16 | 4 << 3 | 1 | 1 << 13
        let rgb8 = UInt32(PT_RGB) << 16 | 3 << 3 | 1
        guard let transform = cmsCreateTransform(input, cmyk8Rev, srgb, rgb8, UInt32(intent), UInt32(flags)) else {
            Issue.record("Little CMS refused the CMYK profile")
            return [0, 0, 0]
        }
        defer { cmsDeleteTransform(transform) }
        var from = ink.map { 255 - $0 }, to = [UInt8](repeating: 0, count: 3)
        cmsDoTransform(transform, &from, &to, 1)
        return SIMD3(to[0], to[1], to[2])
    }

    /// CIE ΔE*ab (1976) between two sRGB colors.
    static func deltaE(_ a: SIMD3<UInt8>, _ b: SIMD3<UInt8>) -> Double {
        let srgb = cmsCreate_sRGBProfile(), lab = cmsCreateLab4Profile(nil)
        defer { cmsCloseProfile(srgb); cmsCloseProfile(lab) }
        // TYPE_RGB_8 and TYPE_Lab_DBL.
        let rgb8 = UInt32(PT_RGB) << 16 | 3 << 3 | 1
        let labDouble = UInt32(1 << 22) | UInt32(PT_Lab) << 16 | 3 << 3
        guard let transform = cmsCreateTransform(srgb, rgb8, lab, labDouble, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)
        else {
            Issue.record("Little CMS refused sRGB → Lab")
            return .infinity
        }
        defer { cmsDeleteTransform(transform) }
        var colors: [UInt8] = [a.x, a.y, a.z, b.x, b.y, b.z]
        var labs = [cmsCIELab](repeating: cmsCIELab(), count: 2)
        cmsDoTransform(transform, &colors, &labs, 2)
        return cmsDeltaE(&labs[0], &labs[1])
    }

    /// One intent everywhere: a CMYK JPEG with a lookup-table profile converts with relative
    /// colorimetric and black-point compensation, like the matrix/shaper paths, not with the
    /// perceptual table Little CMS would pick by default.
    @Test(arguments: [[51, 178, 25, 25], [153, 51, 128, 77], [25, 25, 25, 204]] as [[UInt8]])
    func cmykLookupTableProfileUsesRelativeColorimetric(_ ink: [UInt8]) throws {
        let scratch = try ScratchDirectory()
        let stored = (0..<16 * 16).flatMap { _ in ink.map { 255 - $0 } }
        let jpeg = try ImageEncoder.jpeg(
            stored, width: 16, height: 16, format: PixelFormat(model: .cmyk), quality: 100,
            iccProfile: Self.cmykLUT)
        let decoded = try center(of: jpeg, scratch, name: "cmyk-lut.jpg")
        let bpc = Int32(cmsFLAGS_BLACKPOINTCOMPENSATION)
        let expected = Self.lcmsSRGB(
            ofInk: ink, profile: Self.cmykLUT, intent: Int32(INTENT_RELATIVE_COLORIMETRIC), flags: bpc)
        let perceptual = Self.lcmsSRGB(ofInk: ink, profile: Self.cmykLUT, intent: Int32(INTENT_PERCEPTUAL), flags: 0)
        // The intents must disagree, or this test could not tell which one was used.
        #expect(Self.deltaE(expected, perceptual) > 3, "relative \(expected) vs perceptual \(perceptual)")
        #expect(
            Self.deltaE(decoded, expected) < 1.5,
            "decoded \(decoded), Little CMS relative colorimetric + BPC \(expected)")
    }

    /// Black-point compensation: full ink is the profile's black (L* 18 here), which must land on
    /// sRGB black rather than a dark gray.
    @Test func cmykFullInkIsBlack() throws {
        let scratch = try ScratchDirectory()
        let stored = [UInt8](repeating: 0, count: 16 * 16 * 4)
        let jpeg = try ImageEncoder.jpeg(
            stored, width: 16, height: 16, format: PixelFormat(model: .cmyk), quality: 100,
            iccProfile: Self.cmykLUT)
        let decoded = try center(of: jpeg, scratch, name: "cmyk-black.jpg")
        let withoutBPC = Self.lcmsSRGB(
            ofInk: [255, 255, 255, 255], profile: Self.cmykLUT,
            intent: Int32(INTENT_RELATIVE_COLORIMETRIC), flags: 0)
        #expect(withoutBPC.x > 30, "without compensation the press black is gray \(withoutBPC)")
        #expect(close(decoded, [0, 0, 0], 3), "got \(decoded)")
    }
}
