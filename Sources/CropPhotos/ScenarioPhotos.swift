import CropImaging
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// The edge between scenarios and real photos. A scenario that names an image file gets its
/// stored size and orientation from the file's header before it runs; after the run, a confirmed
/// crop is rendered from the real pixels into the scenario's report folder.
public enum ScenarioPhotos {
    /// The photo's path: relative to the scenario file, and kept relative when the scenario's
    /// path is, so reports say the same thing in every checkout.
    public static func path(of s: Scenario) -> String? {
        guard let file = s.image.file else { return nil }
        if file.hasPrefix("/") { return file }
        return s.file.lastIndex(of: "/").map { "\(s.file[..<$0])/\(file)" } ?? file
    }

    /// Reads each named photo's header. A size or orientation written in the scenario must agree
    /// with the file. A photo the editor would refuse is not an error here but an input it must
    /// handle: under 320 px it refuses with R11.1's message, and a file that exists but cannot be
    /// decoded (corrupt, unsupported, a decompression bomb, over the decoder's memory limit) with
    /// R11.4's decode message. A file that cannot be read at all is a broken scenario.
    public static func resolve(_ scenarios: [Scenario]) -> (scenarios: [Scenario], errors: [ScenarioError]) {
        var out: [Scenario] = [], errors: [ScenarioError] = []
        for var s in scenarios {
            guard let path = path(of: s) else {
                out.append(s)
                continue
            }
            let at = s.image.fileLocation ?? SourceLocation(line: 0, column: 0)
            func fail(_ message: String) {
                errors.append(
                    ScenarioError(
                        file: s.file, line: at.line, column: at.column, path: "$.image.file", message: message))
            }
            let header: ImageInfo
            do {
                header = try ImageFile.header(path: path)
                // The editor opens on the display thumbnail (R5.4, R7.1), which reads every row:
                // a photo whose body is corrupt, or too big to decode within the memory limit,
                // is refused at open (R11.4), not after the user has cropped it.
                if header.source.shortSide >= SourceImage.minimumShortSide {
                    _ = try ImageFile.thumbnail(path: path)
                }
            } catch {
                switch error {
                case .decodeFailed, .unsupportedFormat, .tooLarge, .overMemoryLimit:
                    s.image.decodeFailure = error.description
                    out.append(s)
                default:
                    fail(error.description)
                }
                continue
            }
            let given = s.image.source
            if given.storedWidth != 0
                && (given.storedWidth, given.storedHeight) != (header.storedWidth, header.storedHeight)
            {
                fail(
                    "the scenario says \(given.storedWidth)x\(given.storedHeight) but the file is \(header.storedWidth)x\(header.storedHeight)"
                )
                continue
            }
            s.image.source = SourceImage(
                storedWidth: header.storedWidth, storedHeight: header.storedHeight,
                orientation: header.orientation)
            out.append(s)
        }
        return (out, errors)
    }

    /// Renders the avatar of every confirmed scenario with a photo (`avatar.png` or `avatar.jpg`).
    /// A rendering failure fails the scenario: the pose was right but the pixels are not there.
    public static func render(_ results: inout [RunResult]) -> [String: [String: [UInt8]]] {
        var attachments: [String: [String: [UInt8]]] = [:]
        let renderer = AvatarRenderer()
        for i in results.indices {
            guard let path = path(of: results[i].scenario) else { continue }
            let crops = results[i].effects.compactMap { if case .crop(let r) = $0.effect { r } else { nil } }
            guard let request = crops.last else { continue }
            do {
                let avatar = try renderer.render(path: path, request: request)
                let name = if case .jpegSRGB = request.encoding { "avatar.jpg" } else { "avatar.png" }
                attachments[results[i].scenario.id] = [name: avatar.bytes]
            } catch {
                results[i].failures.append(
                    ExpectationFailure(path: "$.image.file", message: "rendering the avatar failed: \(error)"))
            }
        }
        return attachments
    }

    /// Display thumbnails for the HTML report's filmstrips, by scenario id. A photo that cannot
    /// be read shows as the test pattern; rendering the avatar already reported why.
    public static func thumbnails(_ results: [RunResult]) -> [String: RGBImage] {
        var out: [String: RGBImage] = [:]
        for r in results {
            if let path = path(of: r.scenario), let thumbnail = try? ImageFile.thumbnail(path: path) {
                out[r.scenario.id] = thumbnail
            }
        }
        return out
    }
}
