import CropImaging
import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// What the editor does with one photo on each device: the opening verdict (refused and why,
/// tips and notices, s_min, s_max), the avatar at the initial pose, and the 80×80 center
/// thumbnail. Pure apart from reading the file: decoding streams rows through the resampler, so
/// one check holds at most the display thumbnail and `DecodeLimits`' buffers, whatever the photo.
public struct PhotoCheck: Sendable {
    public var devices: [DevicePreset]
    public var config: AvatarCropperConfig
    public var thumbnailSide = 80
    public var limits = DecodeLimits.default
    /// Keep the encoded avatars (for `--avatars`); otherwise only their size and hash are kept.
    public var keepAvatars = false

    /// Bumped when a result line's meaning changes, so a rerun recomputes instead of reusing.
    public static let formatVersion = 1

    public init(devices: [DevicePreset], config: AvatarCropperConfig) {
        self.devices = devices
        self.config = config
    }

    public struct Outcome: Sendable {
        public var results: [PhotoResult]
        /// The thumbnail PNG, stored under `thumbnailFile(sha256)`.
        public var thumbnail: [UInt8]?
        /// Avatar PNG/JPEG bytes by `PhotoResult.Avatar.file` (with `keepAvatars`).
        public var avatars: [String: [UInt8]] = [:]
    }

    /// The config part of a result's key: everything besides the photo that changes the result.
    public func configKey(for device: DevicePreset) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let config = (try? encoder.encode(self.config)).map { String(decoding: $0, as: UTF8.self) } ?? "\(self.config)"
        return ContentHash.bytes(
            Array(
                "cropsim-photos \(Self.formatVersion) thumb \(thumbnailSide) \(config) \(device.name) \(device.view.width) \(device.view.height) \(device.screenScale)"
                    .utf8))
    }

    public static func thumbnailFile(_ sha256: String, side: Int) -> String {
        "thumbs/\(sha256.prefix(24))-\(side).png"
    }

    /// `alongside`: the batch's inset, which rides on the display thumbnail's decoding of a PNG
    /// (it reads every row at full resolution) instead of decoding the photo again.
    public func check(path: String, sha256: String, devices: [DevicePreset], alongside: CropAlongside? = nil)
        -> Outcome
    {
        var base = PhotoResult(path: path, sha256: sha256, config: "", device: "", shown: [], tip: false)
        var outcome = Outcome(results: [])
        func everyDevice(_ fill: (inout PhotoResult) -> Void) -> Outcome {
            outcome.results = devices.map { d in
                var r = base
                r.device = d.name
                r.config = configKey(for: d)
                fill(&r)
                return r
            }
            return outcome
        }
        /// The editor's refusal at open (R11.4), the same on every device.
        func undecodable(_ error: some CustomStringConvertible) -> Outcome {
            everyDevice { r in
                r.refused = Message.decodeFailed.text
                r.refusedBecause = error.description
            }
        }
        let header: ImageInfo
        do {
            header = try ImageFile.header(path: path, limits: limits)
        } catch {
            return undecodable(error)
        }
        base.format = header.format.name.lowercased()
        base.storedWidth = header.storedWidth
        base.storedHeight = header.storedHeight
        base.orientation = header.orientation.rawValue
        if let pixels = try? ImageFile.centerSquare(path: path, side: thumbnailSide, limits: limits),
            let png = try? ImageFile.sRGBPNG(pixels, label: path)
        {
            outcome.thumbnail = png
            base.thumbnail = Self.thumbnailFile(sha256, side: thumbnailSide)
        }
        // The editor opens on the display thumbnail (R5.4, R7.1), which decodes every row: a
        // photo whose body is corrupt or too big for the memory limit is refused at open (R11.4).
        if header.source.shortSide >= SourceImage.minimumShortSide {
            do {
                _ = try ImageFile.thumbnail(path: path, limits: limits, alongside: alongside)
            } catch {
                return undecodable(error)
            }
        }
        var results: [PhotoResult] = []
        for device in devices {
            var r = base
            r.device = device.name
            r.config = configKey(for: device)
            results.append(open(header, path: path, on: device, into: &r, avatars: &outcome.avatars))
        }
        outcome.results = results
        return outcome
    }

    /// A file that cannot even be read (gone, no permission): refused like a corrupt one (R11.4).
    public func unreadable(path: String, because reason: String) -> [PhotoResult] {
        devices.map { d in
            PhotoResult(
                path: path, sha256: "", config: configKey(for: d), device: d.name,
                refused: Message.decodeFailed.text, refusedBecause: reason, shown: [], tip: false)
        }
    }

    private func open(
        _ header: ImageInfo, path: String, on device: DevicePreset, into r: inout PhotoResult,
        avatars: inout [String: [UInt8]]
    ) -> PhotoResult {
        var editor: Editor
        do {
            let opened = try Editor.open(
                source: header.source, viewport: Viewport(size: device.view, screenScale: device.screenScale),
                config: config)
            editor = opened.editor
            r.shown = opened.effects.compactMap { if case .show(let m) = $0 { m.rawValue } else { nil } }
        } catch {
            r.refused = error.description
            if case .rejected(.tooSmall(let side)) = error {
                r.refusedBecause = "the short side is \(side) px, under \(SourceImage.minimumShortSide) px"
            }
            return r
        }
        let g = editor.geometry
        r.tip = r.shown.contains(Message.zoomLimitedByQuality.rawValue)
        r.zoomLimited = g.zoomLimited
        r.lowDensity = g.lowDensity
        r.sMin = g.sMin
        r.sMax = g.sMax
        r.zoomRange = g.sMax / g.sMin
        r.bindingCap = g.bindingCap.rawValue
        r.initialScale = editor.pose.scale
        guard let request = editor.apply(.confirm).compactMap({ if case .crop(let q) = $0 { q } else { nil } }).first
        else {
            r.avatarFailed = "the editor produced no crop request at the initial pose"
            return r
        }
        do {
            let avatar = try AvatarRenderer(limits: limits).render(path: path, request: request)
            let ext = if case .jpegSRGB = request.encoding { "jpg" } else { "png" }
            let file = keepAvatars ? "avatars/\(r.sha256.prefix(24))-\(device.name).\(ext)" : nil
            if let file { avatars[file] = avatar.bytes }
            r.avatar = .init(
                side: request.outputSize, bytes: avatar.bytes.count, sha256: ContentHash.bytes(avatar.bytes),
                rect: request.rect, file: file)
        } catch {
            r.avatarFailed = error.description
        }
        return r
    }
}
