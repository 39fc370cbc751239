import ArgumentParser
import CropImaging
import CropPhotos
import CropReport
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// `cropsim render`: runs one scenario and writes a contact sheet of its editor frames as a PNG,
/// for a designer to drop into a review. The frames are the ones the HTML report draws.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run one scenario and write a PNG contact sheet of its frames.",
        discussion: """
            Without --ticks or --every the sheet shows the report's filmstrip: evenly spaced ticks plus \
            every violation and haptic tick (at most 16).

            """ + ExitStatus.help
    )

    /// More frames than this make a sheet nobody reads and an image nobody can open.
    static let maxFrames = 400

    @Argument(help: "One scenario file.") var scenario: String
    @Option(help: "Ticks to show, comma-separated (e.g. 0,30,60).") var ticks: String?
    @Option(help: "Show every Nth tick from 0.") var every: Int?
    @Option(help: "The PNG to write (replaced atomically).") var out: String
    @Option(help: "Width of one frame in pixels.") var frameWidth = 240
    @Option(help: "Frames per row (default: up to 6).") var columns: Int?
    @OptionGroup var model: ModelOptions

    func validate() throws {
        if ticks != nil && every != nil { throw ValidationError("--ticks and --every cannot be combined") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1, got \(every)") }
        try Limits.check(frameWidth, "--frame-width", in: 16...2048)
        try Limits.check(columns, "--columns", in: 1...Self.maxFrames)
        if !out.lowercased().hasSuffix(".png") { throw ValidationError("--out must name a .png file, got \(out)") }
    }

    func run() throws {
        try OutputFile.check(out)
        try requireRegularFile(scenario)
        let loaded = ScenarioLoader.load([scenario])
        let photos = ScenarioPhotos.resolve(loaded.scenarios)
        if let error = (loaded.errors + photos.errors).first { throw CommandLineInputError(description: "\(error)") }
        guard let s = photos.scenarios.first else { throw CommandLineInputError(description: "\(scenario): no scenario in the file") }

        var options = Simulator.Options()
        options.measureTiming = false
        let (runner, pool) = try model.start()
        defer { pool?.shutdown() }
        let result = runner.run(s, options: options)
        if let reason = result.notApplicable {
            throw CommandLineInputError(description: "\(scenario): not applicable to \(runner.identity.label): \(reason)")
        }
        guard let last = result.frames.last?.tick else {
            throw CommandLineInputError(description: "\(scenario): no frames to render: the editor refused the photo (\(result.rejection ?? "unknown"))")
        }
        let chosen = try selectTicks(result, last: last)
        let photo = try ScenarioPhotos.path(of: s).map { path throws(CommandLineInputError) in
            do throws(ImagingError) { return try ImageFile.thumbnail(path: path) } catch {
                throw CommandLineInputError(description: error.description)
            }
        }
        let layout = ContactSheet.Layout(frameWidth: frameWidth, columns: columns)
        let png: [UInt8]?
        do { png = try ContactSheet.png(result, ticks: chosen, photo: photo, layout: layout) } catch {
            throw CommandLineInputError(description: "\(out): cannot encode the sheet: \(error)")
        }
        guard let png else { throw CommandLineInputError(description: "\(scenario): nothing to render") }
        try OutputFile.write(png, to: out)
        print("\(out): \(chosen.count) frames of \(s.id) (ticks \(chosen.map(String.init).joined(separator: ",")))")
    }

    private func selectTicks(_ result: RunResult, last: Int) throws -> [Int] {
        let chosen: [Int]
        if let ticks {
            var list: [Int] = []
            for part in ticks.split(separator: ",", omittingEmptySubsequences: false) {
                let text = part.trimmingCharacters(in: .whitespaces)
                guard let t = Int(text) else { throw CommandLineInputError(description: "--ticks: \"\(text)\" is not a tick number") }
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
            throw CommandLineInputError(description: "\(chosen.count) frames is more than \(Self.maxFrames): choose fewer ticks or a larger --every")
        }
        return chosen
    }
}
