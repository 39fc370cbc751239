import ArgumentParser
import CropAnimation
import CropFiles
import CropFrames
import CropImaging
import CropPhotos
import CropReport
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// `cropsim render`: runs one scenario and writes a contact sheet of its editor frames as a PNG,
/// and/or the run as an animated WebP, for a designer to drop into a review. The frames are the
/// ones the HTML report draws.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run one scenario and write a PNG contact sheet of its frames, or an animated WebP.",
        discussion: """
            Without --ticks or --every the sheet shows the report's filmstrip: evenly spaced ticks plus \
            every violation and haptic tick (at most 16). --animate plays every tick at the run's real \
            speed (60 frames a second), or --fps frames a second, each showing the tick on screen at \
            its moment (docs/animation.md).

            """ + ExitStatus.help
    )

    /// More frames than this make a sheet nobody reads and an image nobody can open.
    static let maxFrames = 400

    @Argument(help: "One scenario file.") var scenario: String
    @Option(help: "Ticks to show, comma-separated (e.g. 0,30,60).") var ticks: String?
    @Option(help: "Show every Nth tick from 0.") var every: Int?
    @Option(help: "The PNG contact sheet to write (replaced atomically).") var out: String?
    @Option(help: "The animated WebP to write (replaced atomically).") var animate: String?
    @Option(help: "Frames per second of the animation, 1…60 (default: 60, every tick).") var fps: Int?
    @Flag(help: "Print the tick, time, phase, scale and limits on every frame of the animation.") var hud = false
    @Option(help: "Width of one frame in pixels.") var frameWidth = 240
    @Option(help: "Frames per row (default: up to 6).") var columns: Int?
    @OptionGroup var model: ModelOptions

    func validate() throws {
        guard out != nil || animate != nil else {
            throw ValidationError("give --out (a PNG contact sheet) or --animate (an animated WebP), or both")
        }
        if ticks != nil && every != nil { throw ValidationError("--ticks and --every cannot be combined") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1, got \(every)") }
        try Limits.check(frameWidth, "--frame-width", in: 16...2048)
        try Limits.check(columns, "--columns", in: 1...Self.maxFrames)
        try Limits.check(fps, "--fps", in: AnimationClock.fpsRange)
        if let out, !out.lowercased().hasSuffix(".png") {
            throw ValidationError("--out must name a .png file, got \(out)")
        }
        if let animate, !animate.lowercased().hasSuffix(".webp") {
            throw ValidationError("--animate must name a .webp file, got \(animate)")
        }
        let sheetOptions = [("--ticks", ticks != nil), ("--every", every != nil), ("--columns", columns != nil)]
        if out == nil, let option = sheetOptions.first(where: \.1)?.0 {
            throw ValidationError("\(option) chooses frames of the contact sheet: give --out too")
        }
        if animate == nil && fps != nil {
            throw ValidationError("--fps is the animation's frame rate: give --animate too")
        }
        if animate == nil && hud { throw ValidationError("--hud prints on the animation's frames: give --animate too") }
    }

    func run() throws {
        // The scenario is an input before it is read, so `render x.webp --animate x.webp` is
        // refused at once, not after the whole run is simulated and encoded (issue 34); the
        // outputs are checked again once the photo is known, still before the run.
        InputFiles.register(path: scenario)
        try checkOutputs()
        try requireRegularFile(scenario)
        let loaded = ScenarioLoader.load([scenario])
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        if let error = (loaded.errors + photos.errors).first { throw CommandLineInputError(description: "\(error)") }
        guard let s = photos.scenarios.first else {
            throw CommandLineInputError(description: "\(scenario): no scenario in the file")
        }
        if let photo = ScenarioPhotos.path(of: s) { InputFiles.register(path: photo) }
        try checkOutputs()

        var options = Simulator.Options()
        options.measureTiming = false
        let (runner, pool) = try model.start()
        defer { pool?.shutdown() }
        let result = runner.run(s, options: options)
        if let reason = result.notApplicable {
            throw CommandLineInputError(
                description: "\(scenario): not applicable to \(runner.identity.label): \(reason)")
        }
        guard let last = result.frames.last?.tick else {
            throw CommandLineInputError(
                description:
                    "\(scenario): no frames to render: the editor refused the photo (\(result.rejection ?? "unknown"))")
        }
        let photo = try ScenarioPhotos.path(of: s).map { path throws(CommandLineInputError) in
            do throws(ImagingError) { return try ImageFile.thumbnail(path: path) } catch {
                throw CommandLineInputError(description: error.description)
            }
        }
        if let out { try writeSheet(result, last: last, photo: photo, to: out) }
        if let animate { try writeAnimation(result, photo: photo, to: animate) }
    }

    /// Each output is a file cropsim may write: not a folder, a link or one of the inputs.
    private func checkOutputs() throws {
        if let out { try OutputFile.check(out) }
        if let animate { try OutputFile.check(animate) }
    }

    private func writeSheet(_ result: RunResult, last: Int, photo: RGBImage?, to out: String) throws {
        let chosen = try selectTicks(result, last: last)
        let layout = ContactSheet.Layout(frameWidth: frameWidth, columns: columns)
        let png: [UInt8]?
        do { png = try ContactSheet.png(result, ticks: chosen, photo: photo, layout: layout) } catch {
            throw CommandLineInputError(description: "\(out): cannot encode the sheet: \(error)")
        }
        guard let png else { throw CommandLineInputError(description: "\(scenario): nothing to render") }
        try OutputFile.write(png, to: out)
        print(
            "\(out): \(chosen.count) frames of \(result.scenario.id) (ticks \(chosen.map(String.init).joined(separator: ",")))"
        )
    }

    private func writeAnimation(_ result: RunResult, photo: RGBImage?, to path: String) throws {
        let settings = ScenarioAnimation.Settings(
            frameWidth: frameWidth, fps: fps ?? AnimationClock.ticksPerSecond, hud: hud)
        let made: (bytes: [UInt8], summary: ScenarioAnimation.Summary)?
        do { made = try ScenarioAnimation.webp(result, photo: photo, settings: settings) } catch {
            throw EnvironmentError(description: "\(path): cannot encode the animation: \(error)")
        }
        guard let made else { throw CommandLineInputError(description: "\(scenario): nothing to animate") }
        try OutputFile.write(made.bytes, to: path)
        let s = made.summary
        print(
            "\(path): \(s.frames) frames of \(result.scenario.id) at \(settings.fps) fps, \(s.milliseconds) ms, "
                + "\(s.width)×\(s.height), \(made.bytes.count) bytes")
    }

    private func selectTicks(_ result: RunResult, last: Int) throws -> [Int] {
        let chosen: [Int]
        if let ticks {
            var list: [Int] = []
            for part in ticks.split(separator: ",", omittingEmptySubsequences: false) {
                let text = part.trimmingCharacters(in: .whitespaces)
                guard let t = Int(text) else {
                    throw CommandLineInputError(description: "--ticks: \"\(text)\" is not a tick number")
                }
                guard (0...last).contains(t) else {
                    throw CommandLineInputError(description: "--ticks: tick \(t) is outside the run (0...\(last))")
                }
                list.append(t)
            }
            chosen = list
        } else if let every {
            chosen = Array(stride(from: 0, through: last, by: every))
        } else {
            chosen = FrameSelection.ticks(for: result)
        }
        guard chosen.count <= Self.maxFrames else {
            throw CommandLineInputError(
                description:
                    "\(chosen.count) frames is more than \(Self.maxFrames): choose fewer ticks or a larger --every")
        }
        return chosen
    }
}
