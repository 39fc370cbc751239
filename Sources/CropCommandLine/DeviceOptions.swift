import ArgumentParser
import CropScenario
import CropSim
import CropText
import CropVocabulary

/// `--device NAME` or `--view WxH --screen-scale σ`: the screen a command opens the editor on.
/// A preset with an explicit size that differs from it is refused, as in a scenario file.
struct DeviceOptions: ParsableArguments {
    @Option(
        help: "A named device, setting the view and σ: \(DevicePreset.names.joined(separator: ", ")).",
        transform: DeviceOptions.preset) var device: DevicePreset?
    @Option(help: "View size in points, e.g. 393x852 (100…4000 per side).") var view: Dimensions?
    @Option(help: "Screen scale σ (pixels per point), 1…4.") var screenScale: Double?

    func validate() throws {
        try view?.check("--view", in: Limits.viewSide)
        try Limits.check(screenScale, "--screen-scale", in: Limits.screenScale)
        guard let device else { return }
        if let view, view.width != device.view.width || view.height != device.view.height {
            throw ValidationError(
                "--view \(formatNumber(view.width))x\(formatNumber(view.height)) conflicts with --device \(device.name) (\(formatNumber(device.view.width))x\(formatNumber(device.view.height))); give one"
            )
        }
        if let screenScale, screenScale != device.screenScale {
            throw ValidationError(
                "--screen-scale \(formatNumber(screenScale)) conflicts with --device \(device.name) (σ \(formatNumber(device.screenScale))); give one"
            )
        }
    }

    static func preset(_ name: String) throws -> DevicePreset {
        guard let preset = DevicePreset.named(name) else { throw ValidationError(DevicePreset.unknown(name)) }
        return preset
    }

    /// The viewport asked for, or `fallback`'s when nothing is given; without a fallback a view
    /// and σ (or a device) are required.
    func viewport(fallback: DevicePreset? = nil) throws -> Viewport {
        if let device { return Viewport(size: device.view, screenScale: device.screenScale) }
        if let view, let screenScale {
            return Viewport(width: view.width, height: view.height, screenScale: screenScale)
        }
        if let fallback {
            return Viewport(
                width: view?.width ?? fallback.view.width, height: view?.height ?? fallback.view.height,
                screenScale: screenScale ?? fallback.screenScale)
        }
        throw ValidationError("give --device NAME, or both --view and --screen-scale")
    }
}
