@testable import CropStudio
import CropImaging
import CropTestSupport
import Foundation
import Testing

/// A JPEG stored `width × height`, left half red and right half blue, with EXIF `orientation`.
func photoFile(in folder: String, name: String = "photo.jpg", width: Int, height: Int, orientation: Int = 1) throws
    -> String
{
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255
        }
    }
    let tiff: [UInt8] = [
        0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0
    ]
    let jpeg = try ImageEncoder.jpeg(
        pixels, width: width, height: height, format: .rgb8, quality: 90, exif: Array("Exif\0\0".utf8) + tiff)
    let path = folder + "/" + name
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    return path
}

/// A studio recording on `photo`, its scenarios folder `root`.
func studio(root: String, photo: String) throws -> Studio {
    var options = Studio.Options()
    options.scenarios = ScenarioStore(root: root)
    options.photo = photo
    return try Studio(options: options)
}

/// The photo the page draws: the display thumbnail as its own JPEG, upright and sRGB, encoded
/// once, at an address that names no path.
@Suite struct StudioPhotoTests {
    @Test func thePageDrawsTheDisplayThumbnailUprightFromItsOwnAddress() async throws {
        let rootFolder = try TemporaryFolder("studio-photo"), root = rootFolder.path
        // Stored 3200 × 1800, turned a quarter clockwise by EXIF 6: upright 1800 × 3200, red on top.
        let studio = try studio(root: root, photo: try photoFile(in: root, width: 3200, height: 1800, orientation: 6))
        let opened = try await studio.open(.init())
        let url = try #require(opened.photoURL)
        let id = try #require(StudioPhotos.id(inPath: url))
        #expect(
            opened.photoDefinitions.contains("viewBox=\"0 0 1440 2560\"")
                && opened.photoDefinitions.contains("href=\"\(url)\""))
        #expect(!opened.photoDefinitions.contains("data:"))
        guard case .success(let photo)? = await studio.photos.photo(id: id) else {
            Issue.record("no photo for \(id)"); return
        }
        let served = root + "/served.jpg"
        try Data(photo.bytes).write(to: URL(fileURLWithPath: served))
        let image = try ImageFile.decode(path: served)
        #expect(image.width == 1440 && image.height == 2560)
        #expect(image[720, 100].x > 200 && image[720, 100].z < 60, "red on top: \(image[720, 100])")
        #expect(image[720, 2460].z > 200 && image[720, 2460].x < 60, "blue below: \(image[720, 2460])")
        #expect(
            photo.bytes.starts(with: [0xFF, 0xD8])
                && String(decoding: photo.bytes.prefix(4096), as: UTF8.self).contains("ICC_PROFILE"))
    }

    @Test func eachPhotoIsEncodedOnceWhateverTheSessions() async throws {
        let rootFolder = try TemporaryFolder("studio-photo-once"), root = rootFolder.path
        let studio = try studio(root: root, photo: try photoFile(in: root, width: 800, height: 600))
        var urls: Set<String> = []
        for _ in 0..<3 { urls.insert(try #require(try await studio.open(.init()).photoURL)) }
        let url = try #require(urls.first)
        let id = try #require(StudioPhotos.id(inPath: url))
        var etags: Set<String> = []
        for _ in 0..<5 {
            if case .success(let photo)? = await studio.photos.photo(id: id) { etags.insert(photo.etag) }
        }
        #expect(urls.count == 1 && etags.count == 1)
        #expect(studio.photos.encodes == 1)
    }

    @Test func aChangedFileGetsANewAddress() throws {
        let rootFolder = try TemporaryFolder("studio-photo-changed"), root = rootFolder.path
        let path = try photoFile(in: root, width: 800, height: 600)
        let photos = StudioPhotos()
        let before = try #require(photos.register(path: path))
        #expect(photos.register(path: path) == before)
        _ = try photoFile(in: root, width: 900, height: 600)
        let after = try #require(photos.register(path: path))
        #expect(after.id != before.id && after.width == 900)
        #expect(photos.register(path: root + "/missing.jpg") == nil)
        #expect(photos.encodes == 2)
    }

    /// The store keeps `maxPhotos`: the one used longest ago goes, and its address is a 404.
    @Test func theStoreKeepsTheMostRecentlyUsedPhotos() async throws {
        let rootFolder = try TemporaryFolder("studio-photo-bound"), root = rootFolder.path
        let photos = StudioPhotos()
        let first = try #require(photos.register(path: try photoFile(in: root, name: "0.jpg", width: 400, height: 400)))
        var last = first
        for n in 1...StudioPhotos.maxPhotos {
            last = try #require(
                photos.register(path: try photoFile(in: root, name: "\(n).jpg", width: 400, height: 400)))
        }
        #expect(await photos.photo(id: first.id) == nil)
        if case .success(let photo)? = await photos.photo(id: last.id) {
            #expect(!photo.bytes.isEmpty)
        } else {
            Issue.record("the newest photo is gone")
        }
    }

    /// Scenarios' photos may push the studio's own out of the store; a new recording registers
    /// it again, so the page never gets an address that is a 404.
    @Test func theStudiosOwnPhotoComesBackAfterTheStoreDroppedIt() async throws {
        let rootFolder = try TemporaryFolder("studio-photo-own"), root = rootFolder.path
        let studio = try studio(root: root, photo: try photoFile(in: root, width: 800, height: 600))
        for n in 0..<StudioPhotos.maxPhotos {
            _ = studio.photos.register(path: try photoFile(in: root, name: "\(n).jpg", width: 400, height: 400))
        }
        let url = try #require(try await studio.open(.init()).photoURL)
        let id = try #require(StudioPhotos.id(inPath: url))
        guard case .success(let photo)? = await studio.photos.photo(id: id) else {
            Issue.record("no photo at \(url)"); return
        }
        #expect(photo.bytes.starts(with: [0xFF, 0xD8]))
        #expect(studio.photos.encodes == StudioPhotos.maxPhotos + 2)
    }

    @Test func onlyTheExactAddressFormNamesAPhoto() {
        #expect(StudioPhotos.id(inPath: "/photo/0123456789abcdef.jpg") == "0123456789abcdef")
        for path in [
            "/photo/0123456789ABCDEF.jpg", "/photo/0123456789abcdef.png", "/photo/0123456789abcde.jpg",
            "/photo/../etc/passwd",
            "/photo/..%2f..%2fetc%2fpasswd.jpg", "/photo/0123456789abcdef.jpg/", "/photo/", "/photo/.jpg",
            "/photo/0123456789abcdeg.jpg"
        ] {
            #expect(StudioPhotos.id(inPath: path) == nil, "\(path)")
        }
    }
}
