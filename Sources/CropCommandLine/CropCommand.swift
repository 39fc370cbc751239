import ArgumentParser
import CropFiles
import CropImaging
import CropModel
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// `cropsim crop`: renders the avatar for one photo at one pose (decode, crop, encode), writes it
/// atomically and prints what it did as one JSON line.
struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crop",
        abstract: "Render the avatar for a photo at a pose and print one JSON line of what was done.",
        discussion: ExitStatus.help
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, jpeg
    }

    @Option(help: "The photo: PNG or JPEG.") var image: String
    @Option(help: "Where to write the avatar (replaced atomically).") var out: String
    @Option(help: "A scenario whose simulated pose (its last confirm, or where it ends) is cropped.") var scenario:
        String?
    // Unconditional parsing, so that negative values read naturally: `--tx -40`.
    @Option(parsing: .unconditional, help: "Zoom s, clamped by the model to [s_min, s_max].") var scale: Double?
    @Option(parsing: .unconditional, help: "Translation x in points, clamped by the model.") var tx: Double?
    @Option(parsing: .unconditional, help: "Translation y in points, clamped by the model.") var ty: Double?
    @Option(
        parsing: .unconditional,
        help: "The photo's turn in degrees, clockwise on screen (\(Limits.text(Self.angleRange))).")
    var angle: Double?
    @Flag(help: "The editor's initial pose: s_min × 1.05, centered (the default).") var center = false
    @OptionGroup var device: DeviceOptions  // default: iphone-15
    @Option(help: "Output encoding.") var format = Format.png
    @Option(help: "JPEG quality, 0...1.") var quality = 0.9
    @Flag(help: "Send a memory warning first, so the crop uses the display thumbnail (R7.4).") var memoryWarning = false
    @OptionGroup var configOptions: ConfigOptions

    func validate() throws {
        if scenario != nil && (center || scale != nil || tx != nil || ty != nil || angle != nil || memoryWarning) {
            throw ValidationError(
                "--scenario sets the pose: it cannot be combined with --center, --scale, --tx, --ty, --angle or --memory-warning"
            )
        }
        if center && (scale != nil || tx != nil || ty != nil) {
            throw ValidationError("--center cannot be combined with --scale, --tx or --ty")
        }
        if scale == nil && (tx != nil || ty != nil) {
            throw ValidationError("--tx and --ty need --scale")
        }
        try Limits.check(scale, "--scale", in: 1e-6...1e6)
        try Limits.check(tx, "--tx", in: -1e6...1e6)
        try Limits.check(ty, "--ty", in: -1e6...1e6)
        try Limits.check(angle, "--angle", in: Self.angleRange)
        try Limits.check(quality, "--quality", in: 0.01...1)
    }

    func run() throws {
        try requireRegularFile(image)
        if let scenario { try requireRegularFile(scenario) }
        try OutputFile.check(out)
        do {
            let info = try ImageFile.probe(path: image)
            let (request, pose) = try scenario.map { try simulatedRequest($0, info: info) } ?? cropRequest(for: info)
            let start = ContinuousClock.now
            let avatar = try AvatarRenderer().render(path: image, request: request)
            let elapsed = ContinuousClock.now - start
            try OutputFile.write(avatar.bytes, to: out)
            let report = CropCommandReport(info: info, pose: pose, request: request, avatar: avatar, latency: elapsed)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } catch let error as ImagingError {
            throw CommandLineInputError(description: error.description)
        }
    }

    /// Runs the scenario on this photo (its header replaces the scenario's image size and
    /// orientation; device, config and steps are the scenario's) and takes the crop it confirmed
    /// last, or, if it never confirms, confirms where it ended. A run that breaks an invariant is
    /// refused: its pose is not one the app could reach.
    private func simulatedRequest(_ path: String, info: ImageInfo) throws -> (CropRequest, Pose) {
        let loaded = ScenarioLoader.load([path])
        if let error = loaded.errors.first { throw CommandLineInputError(description: error.description) }
        guard var scenario = loaded.scenarios.first else {
            throw CommandLineInputError(description: "\(path): not a scenario file")
        }
        scenario.image = ImageSpec(source: info.source, file: image, fileLocation: nil)
        var options = Simulator.Options()
        options.measureTiming = false
        let result = Simulator.run(scenario, options: options)
        if let refusal = result.rejection { throw CommandLineInputError(description: "\(image): \(refusal)") }
        if result.violationCount > 0 {
            throw CommandLineInputError(
                description: "\(path): the simulation broke an invariant: \(result.firstProblem ?? "")")
        }
        guard let pose = result.final?.observation.pose else {
            throw CommandLineInputError(description: "\(path): the editor did not open")
        }
        if let confirmed = Self.lastCrop(result) { return (confirmed, pose) }
        // Confirm where it settled: the same run again, with a confirm once the editor is at rest.
        scenario.steps.append(
            Step(
                time: Double(result.ticks) / Double(TickClock.ticksPerSecond), action: .confirm,
                path: "$.steps[\(scenario.steps.count)]"))
        guard let request = Self.lastCrop(Simulator.run(scenario, options: options)) else {
            throw CommandLineInputError(
                description: "\(path): the scenario ends where no crop can be confirmed (cancelled?)")
        }
        return (request, pose)
    }

    private static func lastCrop(_ result: RunResult) -> CropRequest? {
        result.effects.compactMap { if case .crop(let r) = $0.effect { r } else { nil } }.last
    }

    /// Drives the editor model to the pose (so its clamps apply) and confirms: the request is the
    /// one the app would render.
    private func cropRequest(for info: ImageInfo) throws -> (CropRequest, Pose) {
        var config = configOptions.config()
        if format == .jpeg { config.encoding = .jpegSRGB(quality: quality) }
        if angle != nil { config.allowRotation = true }
        var editor: Editor
        do {
            editor = try Editor.open(
                source: info.source, viewport: try device.viewport(fallback: DevicePreset.named("iphone-15")),
                config: config
            ).editor
        } catch {
            throw CommandLineInputError(description: "\(image): \(error)")
        }
        if let scale {
            _ = editor.apply(
                .setZoomSlider(percent: ZoomSlider.percent(for: scale, in: editor.geometry), animated: false))
            let delta = Point(x: tx ?? 0, y: ty ?? 0) - editor.pose.translation
            for event in [EditorEvent.panBegan, .panChanged(delta: delta), .panEnded] { _ = editor.apply(event) }
        }
        if let angle { turn(&editor, to: CropModel.Turn.normalized(angle)) }
        if memoryWarning { _ = editor.apply(.memoryWarning) }
        let pose = editor.pose
        let requests = editor.apply(.confirm).compactMap { if case .crop(let request) = $0 { request } else { nil } }
        guard let request = requests.first else {
            throw CommandLineInputError(description: "the editor did not produce a crop request")
        }
        return (request, pose)
    }

    /// A full turn either way spells every angle; anything larger is a typo.
    static let angleRange: ClosedRange<Double> = -360...360

    /// Turns the photo to `angle` (in (−180, 180]) the way a user would, with a twist about the
    /// mask center, so the model's rotation clamps apply (tilt limit, s_min at the angle, pan along
    /// the photo's axes). The confirm that follows ends the twist, so nothing snaps.
    private func turn(_ editor: inout Editor, to angle: Double) {
        let center = editor.geometry.viewport.center
        _ = editor.apply(.pinchBegan(focal: center))
        _ = editor.apply(.twistChanged(scale: 1, rotation: angle, focal: center))
    }
}

/// The JSON line `cropsim crop` prints: sizes, geometry, flags and timing; no paths or pixels (R10.3).
struct CropCommandReport: Encodable {
    var sourceWidth: Int
    var sourceHeight: Int
    var orientation: Int
    var thumbnailWidth: Int
    var thumbnailHeight: Int
    var scale: Double
    var translation: Point
    var cropRect: Rect
    /// Only when the photo is turned, so the output without rotation keeps its bytes.
    var angle: Double?
    var storedCropRect: Rect
    var outputSize: Int
    var format: String
    var bytes: Int
    var decodeScale: String
    var memoryFallback: Bool
    var latencyMs: Double

    init(info: ImageInfo, pose: Pose, request: CropRequest, avatar: RenderedAvatar, latency: Duration) {
        sourceWidth = avatar.sourceWidth
        sourceHeight = avatar.sourceHeight
        orientation = info.orientation.rawValue
        thumbnailWidth = avatar.thumbnailWidth
        thumbnailHeight = avatar.thumbnailHeight
        scale = pose.scale
        translation = pose.translation
        cropRect = request.rect
        angle = request.angle == 0 ? nil : request.angle
        storedCropRect = request.storedRect
        outputSize = request.outputSize
        if case .jpegSRGB = request.encoding { format = "jpeg" } else { format = "png" }
        bytes = avatar.bytes.count
        decodeScale = "1/\(avatar.decodeScaleDenominator)"
        memoryFallback = avatar.usedThumbnail
        let (seconds, attoseconds) = latency.components
        latencyMs = ((Double(seconds) * 1e3 + Double(attoseconds) / 1e15) * 1000).rounded() / 1000
    }
}
