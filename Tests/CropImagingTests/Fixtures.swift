import CropImaging
import CropTestSupport
import CropVocabulary
import Foundation

/// The copied shared test data (`Tests/Fixtures/images/`) and the scratch directories, both inside
/// the repository: no test reads outside it.
enum Fixtures {
    static let repository = Repository.root
    static let root = repository.appendingPathComponent("Tests/Fixtures/images")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every `.png`/`.jpg` under `folder`, sorted, as paths relative to `root`.
    static func images(in folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
            .map { "\(folder)/\($0)" }
            .sorted()
    }

    /// Broken by design: PngSuite's `x*`, image-png's `x_*`, libpng's crashers, sharp's corrupt files.
    ///
    /// One crasher is not broken: `empty_ancillary_chunks.png` has zero-length ancillary chunks
    /// (which once crashed libpng) around intact image data; libpng drops the chunks as a benign
    /// error and the 1×1 image decodes, which is what the PNG specification asks of a decoder.
    static func isBroken(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        if name == "empty_ancillary_chunks.png" { return false }
        return relative.hasPrefix("corrupt/") || relative.hasPrefix("libpng-testpngs/crashers/")
            || (relative.hasPrefix("pngsuite/") && name.hasPrefix("x"))
    }
}

/// A directory for files a test writes, removed when the test drops the value. It lives under
/// `.build-test-scratch/` in the repository, which git ignores like every `.build*` directory.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = Fixtures.repository.appendingPathComponent(".build-test-scratch/cropimaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}

extension CropRequest {
    /// `CropRequest` has no public memberwise initializer; it is Codable, so tests build one
    /// the way a scenario file would.
    static func make(
        rect: Rect, storedRect: Rect? = nil, orientation: Orientation = .up, outputSize: Int = 512,
        encoding: AvatarCropperConfig.Encoding = .pngSRGB, fromThumbnail: Bool = false
    ) throws -> CropRequest {
        struct Wire: Encodable {
            var rect: Rect, angle = 0.0, storedRect: Rect, orientation: Orientation, outputSize: Int
            var encoding: AvatarCropperConfig.Encoding, fromThumbnail: Bool
        }
        let wire = Wire(
            rect: rect, storedRect: storedRect ?? rect, orientation: orientation, outputSize: outputSize,
            encoding: encoding, fromThumbnail: fromThumbnail)
        // NaN travels as a string, so tests can also build the requests the renderer must refuse.
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(CropRequest.self, from: encoder.encode(wire))
    }
}
