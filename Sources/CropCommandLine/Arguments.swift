import ArgumentParser
import CropFiles
import CropVocabulary
import Foundation

/// `WIDTHxHEIGHT`, as in `--image-size 4032x3024` or `--view 393x852`. Any positive finite pair
/// parses; each command checks its own range (`Range.check`).
struct Dimensions: ExpressibleByArgument {
    var width: Double
    var height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            w.isFinite, h.isFinite, w > 0, h > 0
        else { return nil }
        width = w
        height = h
    }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }

    func check(_ option: String, in range: ClosedRange<Double>, whole: Bool = false) throws {
        for side in [width, height] where !range.contains(side) || (whole && side != side.rounded()) {
            throw ValidationError(
                "\(option) must be \(whole ? "whole numbers " : "")\(Limits.text(range)) per side, got \(Limits.text(width))x\(Limits.text(height))"
            )
        }
    }
}

/// The ranges every numeric argument is checked against before anything runs, so that no input
/// traps, overflows or spins. They match the scenario format's ranges where the two overlap.
enum Limits {
    static let imageSide: ClosedRange<Double> = 1...1_000_000
    static let viewSide: ClosedRange<Double> = 100...4000
    static let screenScale: ClosedRange<Double> = 1...4
    /// More threads than this only add contention; `--jobs` above it is capped with a note.
    static let maxJobs = 256
    static let maxShards = 1_000_000

    static func check(_ value: Double?, _ option: String, in range: ClosedRange<Double>) throws {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw ValidationError("\(option) must be a number in \(text(range)), got \(text(value))")
        }
    }

    static func check(_ value: Int?, _ option: String, in range: ClosedRange<Int>) throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw ValidationError("\(option) must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
    }

    /// `--jobs`: all cores when not given (declared optional so that the help does not print this
    /// machine's count as the default); at least 1 (checked by `check`); above `maxJobs` it is
    /// capped, with a note.
    static func jobs(_ given: Int?) -> Int {
        let jobs = given ?? ProcessInfo.processInfo.activeProcessorCount
        guard jobs > maxJobs else { return jobs }
        printToStandardError("note: --jobs \(jobs) capped at \(maxJobs)")
        return maxJobs
    }

    static func text(_ range: ClosedRange<Double>) -> String { "\(text(range.lowerBound))…\(text(range.upperBound))" }
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The `AvatarCropperConfig` fields a command line can override: each option's help and range are
/// its field's declaration (`AvatarCropperConfig.fields`), as in scenario files.
struct ConfigOptions: ParsableArguments {
    @Option(help: Self.help(\.outputSize)) var outputSize: Int?
    @Option(help: Self.help(\.qualityMultiplier)) var qualityMultiplier: Double?
    @Option(help: Self.help(\.maxZoomMultiplier)) var maxZoomMultiplier: Double?
    @Option(help: Self.help(\.maskDiameterFraction)) var maskFraction: Double?
    @Option(help: Self.help(\.minPixelPerPoint)) var minPixelPerPoint: Double?

    typealias Config = AvatarCropperConfig

    func validate() throws {
        try Limits.check(outputSize, "--output-size", in: Config.range(\.outputSize))
        try Limits.check(qualityMultiplier, "--quality-multiplier", in: Config.range(\.qualityMultiplier))
        try Limits.check(maxZoomMultiplier, "--max-zoom-multiplier", in: Config.range(\.maxZoomMultiplier))
        try Limits.check(maskFraction, "--mask-fraction", in: Config.range(\.maskDiameterFraction))
        try Limits.check(minPixelPerPoint, "--min-pixel-per-point", in: Config.range(\.minPixelPerPoint))
    }

    /// "What it does, low…high."
    static func help(_ path: PartialKeyPath<Config>) -> ArgumentHelp {
        let field = Config.field(path)
        let text =
            switch field.kind {
            case .integer(_, let range): "\(field.doc), \(range.lowerBound)…\(range.upperBound)."
            case .number(_, let range): "\(field.doc), \(Limits.text(range))."
            case .flag, .encoding: "\(field.doc)."
            }
        return ArgumentHelp(text)
    }

    func config() -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        if let outputSize { c.outputSize = outputSize }
        if let qualityMultiplier { c.qualityMultiplier = qualityMultiplier }
        if let maxZoomMultiplier { c.maxZoomMultiplier = maxZoomMultiplier }
        if let maskFraction { c.maskDiameterFraction = maskFraction }
        if let minPixelPerPoint { c.minPixelPerPoint = minPixelPerPoint }
        return c
    }
}

/// An input the user names must be a regular file: a folder would fail with a Foundation error,
/// and a FIFO or device would block the read forever. Opened without blocking and checked on the
/// descriptor (`ReadableFile`), which also registers it as an input no output may replace.
func requireRegularFile(_ path: String) throws {
    do throws(ReadableFile.Refusal) { _ = try ReadableFile(path) } catch {
        throw CommandLineInputError(description: "\(path.isEmpty ? "\"\"" : path): \(error.reason)")
    }
}
