import CropImaging
import CropVocabulary
import Testing

/// Synthetic images whose correct avatar is known: the output is compared with it.
@Suite struct ResamplingTests {
    let renderer = AvatarRenderer()

    func render(
        _ bytes: [UInt8], as name: String, _ rect: Rect, size: Int = 512,
        in scratch: borrowing ScratchDirectory
    ) throws -> RGBImage {
        let path = try scratch.write(bytes, as: name)
        let avatar = try renderer.render(path: path, request: .make(rect: rect, outputSize: size))
        return try ImageFile.decode(path: scratch.write(avatar.bytes, as: "avatar-" + name))
    }

    @Test func checkerboardHalvedIsExactAwayFromEdges() throws {
        let scratch = try ScratchDirectory()
        let source = Pattern.checkerboard(width: 1024, height: 1024, square: 64)
        // 512 px from (128, 128) onto 256: squares become 32 px, starting on a black square.
        let avatar = try render(
            source.png(), as: "checker.png", Rect(x: 128, y: 128, width: 512, height: 512), size: 256, in: scratch)
        let ideal = Pattern.checkerboard(width: 256, height: 256, square: 32)
        var checked = 0
        for y in 0..<256 {
            for x in 0..<256 {
                // Lanczos-3 at 2× reaches 3 output pixels: farther from an edge the value is exact.
                let dx = min(x % 32, 31 - x % 32), dy = min(y % 32, 31 - y % 32)
                guard min(dx, dy) >= 3 else { continue }
                #expect(avatar[x, y] == ideal[x, y], "at \(x),\(y)")
                checked += 1
            }
        }
        #expect(checked > 256 * 256 / 3)
        #expect(Compare.psnr(avatar, ideal) > 20)
    }

    /// A crop rect at a fractional position moves an edge by the same fraction of an output pixel.
    @Test(arguments: [0.0, 0.25, 0.5, 0.8])
    func subPixelRectMovesTheEdge(fraction: Double) throws {
        let scratch = try ScratchDirectory()
        // A 30 px ramp: the filter reproduces its linear middle exactly, so a line fitted there
        // finds the edge to a few hundredths of a pixel.
        let source = Pattern.verticalEdge(width: 1000, height: 800, edge: 500, ramp: 30)
        let rect = Rect(x: 200 + fraction * 1.5, y: 100, width: 600, height: 600)
        let avatar = try render(source.png(), as: "edge.png", rect, size: 400, in: scratch)
        let expected = (500 - rect.x) / 1.5
        let samples = (0..<400).map { (x: Double($0) + 0.5, v: Double(avatar[$0, 200].x)) }.filter {
            abs($0.x - expected) < 6
        }
        let n = Double(samples.count)
        let mx = samples.map(\.x).reduce(0, +) / n, mv = samples.map(\.v).reduce(0, +) / n
        let slope =
            samples.map { ($0.x - mx) * ($0.v - mv) }.reduce(0, +)
            / samples.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        let crossing = mx + (127.5 - mv) / slope
        #expect(samples.count >= 10)
        #expect(abs(crossing - expected) < 0.03, "edge at \(crossing), expected \(expected)")
    }

    /// The streaming, row-limited decode gives what a plain 2-D filter over the whole decoded image gives.
    @Test func croppedDecodeMatchesAReferenceFilterOnTheFullImage() throws {
        let scratch = try ScratchDirectory()
        let source = Pattern.markers(width: 900, height: 700)
        let rect = Rect(x: 133.7, y: 91.3, width: 517.9, height: 517.9)
        let expected = ReferenceResampler.crop(source, rect, size: 160)
        let fromPNG = try render(source.png(), as: "m.png", rect, size: 160, in: scratch)
        #expect(Compare.maxError(fromPNG, expected) <= 1)
        // JPEG: the same within compression error, through jpeg_crop_scanline and jpeg_skip_scanlines.
        let jpeg = try source.jpeg(quality: 98)
        let decodedJPEG = try ImageFile.decode(path: scratch.write(jpeg, as: "full.jpg"))
        let fromJPEG = try render(
            jpeg, as: "m.jpg", Rect(x: 133.7, y: 91.3, width: 300, height: 300), size: 256, in: scratch)
        #expect(
            Compare.maxError(
                fromJPEG,
                ReferenceResampler.crop(decodedJPEG, Rect(x: 133.7, y: 91.3, width: 300, height: 300), size: 256)) <= 1)
    }

    /// A large reduction decodes the JPEG at 1/4 scale; the result stays close to the full-scale filter.
    @Test func dctScaledJPEGIsCloseToTheFullScaleFilter() throws {
        let scratch = try ScratchDirectory()
        let source = Pattern.markers(width: 1400, height: 1000)
        let path = try scratch.write(source.jpeg(quality: 95), as: "big.jpg")
        let rect = Rect(x: 100, y: 50, width: 900, height: 900)
        let avatar = try renderer.render(path: path, request: .make(rect: rect, outputSize: 200))
        #expect(avatar.decodeScaleDenominator == 4)
        let image = try ImageFile.decode(path: scratch.write(avatar.bytes, as: "a.png"))
        #expect(Compare.psnr(image, ReferenceResampler.crop(source, rect, size: 200)) > 35)
    }

    /// A progressive JPEG holds the same coefficients as a baseline one: skipping rows and
    /// columns of it must give the same avatar, at full and at DCT-reduced scale.
    @Test(arguments: [256, 96])
    func progressiveJPEGCropsLikeBaseline(size: Int) throws {
        let scratch = try ScratchDirectory()
        let source = Pattern.markers(width: 900, height: 700)
        let rect = Rect(x: 211.4, y: 137.9, width: 400, height: 400)
        let baseline = try render(source.jpeg(quality: 90), as: "b.jpg", rect, size: size, in: scratch)
        let progressive = try render(
            source.jpeg(quality: 90, progressive: true), as: "p.jpg", rect, size: size, in: scratch)
        #expect(progressive == baseline)
    }

    @Test func upscalingASmallCropKeepsFlatAreasFlat() throws {
        let scratch = try ScratchDirectory()
        let source = Pattern.solid(width: 400, height: 400, [10, 200, 90])
        let avatar = try render(source.png(), as: "s.png", Rect(x: 0, y: 0, width: 400, height: 400), in: scratch)
        #expect(avatar.width == 512 && avatar.height == 512)
        #expect(Compare.maxError(avatar, Pattern.solid(width: 512, height: 512, [10, 200, 90])) == 0)
    }
}
