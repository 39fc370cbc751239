import CropImaging
import CropModel
import CropVocabulary
import Testing

/// The same upright content stored eight ways gives the same avatar (R9.1).
@Suite struct OrientationTests {
    static let upright = Pattern.markers(width: 720, height: 480)

    /// The request the editor makes for this photo at its initial pose, as the app would send it.
    func request(for info: ImageInfo) throws -> CropRequest {
        var (editor, _) = try Editor.open(
            source: info.source, viewport: Viewport(width: 393, height: 852, screenScale: 3))
        let effects = editor.apply(.confirm)
        return try #require(effects.compactMap { if case .crop(let r) = $0 { r } else { nil } }.first)
    }

    func avatar(_ bytes: [UInt8], _ name: String, _ scratch: borrowing ScratchDirectory) throws -> (ImageInfo, RGBImage)
    {
        let path = try scratch.write(bytes, as: name)
        let info = try ImageFile.probe(path: path)
        let rendered = try AvatarRenderer().render(path: path, request: request(for: info))
        return (info, try ImageFile.decode(path: scratch.write(rendered.bytes, as: "avatar-" + name)))
    }

    @Test(arguments: Orientation.allCases)
    func pngWithExifChunkGivesTheSameAvatar(_ orientation: Orientation) throws {
        let scratch = try ScratchDirectory()
        let (_, reference) = try avatar(Self.upright.png(), "up.png", scratch)
        let stored = Self.upright.stored(for: orientation)
        let (info, image) = try avatar(
            stored.png(exif: Exif.orientation(UInt16(orientation.rawValue))), "o.png", scratch)
        #expect(info.orientation == orientation)
        #expect(info.orientedWidth == 720 && info.orientedHeight == 480)
        #expect(Compare.maxError(image, reference) <= 1)
        try expectMarkersInPlace(stored.png(exif: Exif.orientation(UInt16(orientation.rawValue))), "o.png", scratch)
    }

    /// Rendering the upright top-left square puts the red marker top-left, whatever the storage.
    func expectMarkersInPlace(_ bytes: [UInt8], _ name: String, _ scratch: borrowing ScratchDirectory) throws {
        let path = try scratch.write(bytes, as: name)
        let info = try ImageFile.probe(path: path)
        let request = try CropRequest.make(
            rect: Rect(x: 0, y: 0, width: 480, height: 480), orientation: info.orientation)
        let image = try ImageFile.decode(
            path: scratch.write(AvatarRenderer().render(path: path, request: request).bytes, as: "m-" + name))
        let red = image[8, 8], gradient = image[503, 503]
        #expect(red.x > 200 && red.z < 60, "top-left is \(red)")
        #expect(gradient.z > 100 && gradient.z < 140 && gradient.x < 200, "bottom-right is \(gradient)")
    }

    @Test(arguments: Orientation.allCases)
    func jpegWithExifGivesTheSameAvatar(_ orientation: Orientation) throws {
        let scratch = try ScratchDirectory()
        let (_, reference) = try avatar(Self.upright.png(), "up.png", scratch)
        let stored = Self.upright.stored(for: orientation)
        let exif = Exif.orientation(
            UInt16(orientation.rawValue), bigEndian: orientation.rawValue % 2 == 0, jpegPrefix: true)
        let (info, image) = try avatar(stored.jpeg(quality: 95, exif: exif), "o.jpg", scratch)
        #expect(info.orientation == orientation)
        #expect(Compare.psnr(image, reference) > 35)
        try expectMarkersInPlace(stored.jpeg(quality: 95, exif: exif), "o.jpg", scratch)
    }

    @Test func decodeTurnsTheImageUpright() throws {
        let scratch = try ScratchDirectory()
        for orientation in Orientation.allCases {
            let stored = Self.upright.stored(for: orientation)
            let image = try ImageFile.decode(
                path: scratch.write(stored.png(exif: Exif.orientation(UInt16(orientation.rawValue))), as: "o.png"))
            #expect(image == Self.upright, "orientation \(orientation)")
        }
    }

    @Test func malformedExifMeansUp() throws {
        let scratch = try ScratchDirectory()
        let good = Exif.orientation(6, jpegPrefix: true)
        let broken: [[UInt8]] = [
            Array(good.prefix(14)),  // IFD cut short
            Array(good.prefix(10)) + [0xFF, 0xFF, 0xFF, 0x7F] + Array(good.dropFirst(14)),  // IFD offset far away
            Exif.orientation(9, jpegPrefix: true),  // no such orientation
            Exif.orientation(0, jpegPrefix: true),
            [0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, 0x2A]  // header only
        ]
        for exif in broken {
            let path = try scratch.write(Self.upright.jpeg(exif: exif), as: "b.jpg")
            #expect(try ImageFile.probe(path: path).orientation == .up)
        }
        let path = try scratch.write(Self.upright.jpeg(exif: good), as: "g.jpg")
        #expect(try ImageFile.probe(path: path).orientation == .right)
    }

    @Test func exifChunkInAFixtureIsRead() throws {
        let info = try ImageFile.probe(path: Fixtures.path("pngsuite/image-png-bugfixes/F-exif-chunk-early.png"))
        #expect(info.orientation == .right)
    }
}
