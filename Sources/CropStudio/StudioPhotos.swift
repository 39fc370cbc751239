import CropImaging
import CropModel
import CropPhotos
import Foundation
import Synchronization

/// The photos the page draws, at display resolution: each one the app's display thumbnail
/// (`ThumbnailPolicy`, 2560 px long edge) as a JPEG of its own at `GET /photo/<id>.jpg`, encoded
/// once and kept, so the JSON answers carry only its address and the browser caches it.
///
/// An id names a file as it was when registered (path, size, modification time), so a photo
/// changed on disk gets a new address and the old one may be cached as immutable. Only photos the
/// studio itself opened have ids: the address names no path, and nothing else is served.
final class StudioPhotos: Sendable {
    /// One photo's JPEG and its strong validator.
    struct Encoded: Sendable {
        var bytes: [UInt8]
        var etag: String
    }

    /// What the page needs to draw a registered photo: its address and its size in pixels.
    struct Registered: Sendable, Equatable {
        var id: String
        var width: Int
        var height: Int
        var url: String { "/photo/\(id).jpg" }
    }

    typealias Encoding = Task<Result<Encoded, ImagingError>, Never>

    private struct State {
        var entries: [String: (encoding: Encoding, used: Int)] = [:]
        var uses = 0
        var encodes = 0
    }

    /// Photos kept at once (a JPEG is 1–2 MB): the studio's own and the last few scenarios opened.
    static let maxPhotos = 8

    private let state = Mutex(State())

    /// With the studio's own photo, encoded before the server starts.
    init(preloaded: (photo: Registered, encoded: Encoded)? = nil) {
        guard let preloaded else { return }
        state.withLock {
            $0.encodes = 1
            Self.store(&$0, id: preloaded.photo.id, Task { .success(preloaded.encoded) })
        }
    }

    /// JPEGs encoded so far, for the tests that check each photo is encoded once.
    var encodes: Int { state.withLock { $0.encodes } }

    /// Registers the photo at `path` (absolute) and starts encoding it in the background, unless
    /// it is registered already. Nil when its header cannot be read.
    func register(path: String) -> Registered? {
        guard let registered = Self.describe(path: path) else { return nil }
        state.withLock { state in
            if state.entries[registered.id] == nil {
                state.encodes += 1
                Self.store(&state, id: registered.id, Task.detached { Self.encode(path: path) })
            } else {
                Self.touch(&state, registered.id)
            }
        }
        return registered
    }

    /// The JPEG for an id, once encoded; nil for an id not registered (or no longer kept).
    func photo(id: String) async -> Result<Encoded, ImagingError>? {
        let encoding = state.withLock { state -> Encoding? in
            Self.touch(&state, id)
            return state.entries[id]?.encoding
        }
        return await encoding?.value
    }

    private static func store(_ state: inout State, id: String, _ encoding: Encoding) {
        if state.entries.count >= maxPhotos, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
            state.entries[oldest.key] = nil
        }
        state.entries[id] = (encoding, 0)
        touch(&state, id)
    }

    private static func touch(_ state: inout State, _ id: String) {
        guard state.entries[id] != nil else { return }
        state.uses += 1
        state.entries[id]?.used = state.uses
    }

    private static func encode(path: String) -> Result<Encoded, ImagingError> {
        do throws(ImagingError) { return .success(try encoded(path: path)) } catch { return .failure(error) }
    }

    /// The display JPEG and its ETag (the bytes' SHA-256, quoted).
    static func encoded(path: String) throws(ImagingError) -> Encoded {
        let jpeg = try DisplayJPEG.encode(path: path)
        return Encoded(bytes: jpeg.bytes, etag: "\"" + ContentHash.bytes(jpeg.bytes).prefix(32) + "\"")
    }

    /// The id (from the path and the file's size and time) and the display size (from the header).
    static func describe(path: String) -> Registered? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let time = attributes[.modificationDate] as? Date,
            let info = try? ImageFile.header(path: path)
        else { return nil }
        let key = "\((path as NSString).standardizingPath)\u{0}\(size)\u{0}\(time.timeIntervalSince1970)"
        let display = ThumbnailPolicy.size(width: info.orientedWidth, height: info.orientedHeight)
        return Registered(
            id: String(ContentHash.bytes(Array(key.utf8)).prefix(idLength)), width: display.width,
            height: display.height)
    }

    static let idLength = 16

    /// The id in a request path, when it is exactly `/photo/<16 lowercase hex digits>.jpg`.
    static func id(inPath path: String) -> String? {
        guard path.hasPrefix("/photo/"), path.hasSuffix(".jpg") else { return nil }
        let id = path.dropFirst("/photo/".count).dropLast(".jpg".count)
        guard id.count == idLength, id.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else {
            return nil
        }
        return String(id)
    }
}
