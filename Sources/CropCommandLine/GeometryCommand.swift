import ArgumentParser
import CropModel
import CropVocabulary
import Foundation

/// `cropsim geometry`: the spec's zoom math for one photo on one device, as JSON.
struct GeometryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print s_min, s_max, the mask and the initial pose for a photo on a device.",
        discussion: ExitStatus.help
    )

    @Option(help: "Stored image size in pixels, e.g. 4032x3024 (1…1000000 per side).") var imageSize: Dimensions
    @Option(help: "EXIF orientation 1–8.") var orientation: Int = 1
    @OptionGroup var device: DeviceOptions
    @OptionGroup var configOptions: ConfigOptions

    func validate() throws {
        guard Orientation(rawValue: orientation) != nil else {
            throw ValidationError("--orientation must be 1…8, got \(orientation)")
        }
        try imageSize.check("--image-size", in: Limits.imageSide, whole: true)
        _ = try device.viewport()
    }

    func run() throws {
        let source = SourceImage(
            storedWidth: Int(imageSize.width), storedHeight: Int(imageSize.height),
            orientation: Orientation(rawValue: orientation)!)
        let viewport = try device.viewport()
        let opened: (editor: Editor, effects: [EditorEffect])
        do {
            opened = try Editor.open(source: source, viewport: viewport, config: configOptions.config())
        } catch {
            throw CommandLineInputError(
                description: "--image-size \(Limits.text(imageSize.width))x\(Limits.text(imageSize.height)): \(error)")
        }
        let report = GeometryReport(
            opened.editor.geometry,
            messages: opened.effects.compactMap {
                if case .show(let m) = $0 { return m.text } else { return nil }
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }
}

/// The JSON `cropsim geometry` prints.
struct GeometryReport: Encodable {
    var orientedWidth: Double
    var orientedHeight: Double
    var maskDiameter: Double
    var sMin: Double
    var sQuality: Double
    var sDensity: Double
    var sMax: Double
    var bindingCap: String
    var initialScale: Double
    var zoomLimited: Bool
    var lowDensity: Bool
    var qualityClampEngaged: Bool
    var pixelsPerPointAtMinZoom: Double
    var panLimitAtInitialScale: Point
    var cropRectAtInitialPose: Rect
    var storedCropRectAtInitialPose: Rect
    var doubleTapLevels: [Double]
    var messages: [String]

    init(_ g: ZoomGeometry, messages: [String]) {
        orientedWidth = g.orientedWidth
        orientedHeight = g.orientedHeight
        maskDiameter = g.maskDiameter
        sMin = g.sMin
        sQuality = g.sQuality
        sDensity = g.sDensity
        sMax = g.sMax
        bindingCap = g.bindingCap.rawValue
        initialScale = g.initialPose.scale
        zoomLimited = g.zoomLimited
        lowDensity = g.lowDensity
        qualityClampEngaged = g.qualityClampEngaged
        pixelsPerPointAtMinZoom = g.pixelsPerPoint(scale: g.sMin)
        panLimitAtInitialScale = g.panLimit(scale: g.initialPose.scale)
        cropRectAtInitialPose = g.cropRect(for: g.initialPose)
        storedCropRectAtInitialPose = g.storedCropRect(for: g.initialPose)
        doubleTapLevels = DoubleTapLadder.levels(in: g)
        self.messages = messages
    }
}
