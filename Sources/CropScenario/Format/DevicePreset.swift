import CropText
import CropVocabulary

/// Named devices, so that a scenario says `"device": "iphone-15"` and a command `--device
/// iphone-15` instead of repeating a view size and screen scale that are easy to get wrong.
///
/// Each preset is a portrait size in points and a screen scale; `NAME-landscape` is the same
/// device turned (width and height swapped). A preset resolves to exactly the numbers an
/// explicit `view` and `screenScale` would give, so `scenario.resolved.json` cannot tell them
/// apart.
public struct DevicePreset: Sendable, Hashable {
    public var name: String
    /// What it stands for, for `--help` and `docs/scenarios.md`.
    public var label: String
    public var view: Size
    public var screenScale: Double

    /// The portrait presets; `all` adds each one's landscape twin.
    public static let portrait: [DevicePreset] = [
        DevicePreset(
            name: "iphone-se", label: "iPhone SE (1st gen), 4″", view: Size(width: 320, height: 568), screenScale: 2),
        DevicePreset(
            name: "iphone-15", label: "iPhone 15 / 15 Pro, 6.1″", view: Size(width: 393, height: 852), screenScale: 3),
        DevicePreset(
            name: "iphone-15-plus", label: "iPhone 15 Plus / Pro Max, 6.7″", view: Size(width: 430, height: 932),
            screenScale: 3),
        DevicePreset(
            name: "ipad", label: "iPad (10th gen), 10.9″", view: Size(width: 820, height: 1180), screenScale: 2),
        DevicePreset(
            name: "ipad-pro-12.9", label: "iPad Pro 12.9″", view: Size(width: 1024, height: 1366), screenScale: 2)
    ]

    public static let landscapeSuffix = "-landscape"

    /// Every preset, portrait first then landscape, in a fixed order.
    public static let all: [DevicePreset] = portrait + portrait.map(\.landscape)

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }

    /// The same device turned a quarter: the view's sides swap, σ stays.
    public var landscape: DevicePreset {
        DevicePreset(
            name: name + Self.landscapeSuffix, label: label + ", landscape",
            view: Size(width: view.height, height: view.width), screenScale: screenScale)
    }

    /// The message for a name that is not a preset: every valid name, so the fix is one glance away.
    public static func unknown(_ name: String) -> String {
        "unknown device preset \(quoted(name)); valid presets: \(names.joined(separator: ", "))"
    }
}

extension ScenarioParser {
    static func preset(_ r: JSONReader) throws(ScenarioError) -> DevicePreset {
        let name = try r.string()
        guard let p = DevicePreset.named(name) else { throw r.fail(DevicePreset.unknown(name)) }
        return p
    }
}
