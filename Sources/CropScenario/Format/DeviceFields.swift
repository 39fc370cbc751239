import CropText
import CropVocabulary

/// A `device` as its object states it: the device, and the preset named for its size.
struct DeviceSpec: Sendable {
    var device: Device
    var preset: DevicePreset?

    /// Before a key is read: no size yet, and the settings' defaults.
    static let unread = DeviceSpec(device: Device(view: Size(width: 0, height: 0), screenScale: 1))

    /// Names `preset` and takes its size.
    mutating func take(_ preset: DevicePreset) {
        self.preset = preset
        (device.view, device.screenScale) = (preset.view, preset.screenScale)
    }
}

/// `device`: a preset, or `view` and `screenScale`, or both when they agree, then the settings.
/// With a preset an explicit size is allowed only when it is the preset's own, so that an edited
/// size never silently loses to (or overrides) the name beside it.
extension ScenarioFormat {
    typealias DeviceField = ObjectField<DeviceSpec>

    static let deviceTable: ObjectTable<DeviceSpec> = {
        // Only the settings' defaults are read from it; the size is never the table's.
        let d = DeviceSpec.unread
        return ObjectTable([
            DeviceField(
                key: "preset", schema: ref("devicePreset"),
                parse: { r, spec throws(ScenarioError) in spec.take(try ScenarioParser.preset(r)) },
                encode: { spec in spec.preset.map { jsonString($0.name) } }),
            DeviceField(
                key: "view", schema: ref("size", "View size in points [width, height]; with a preset, only its own."),
                .unless("preset"),
                parse: { r, spec throws(ScenarioError) in
                    let view = try ScenarioParser.size(r)
                    if let p = spec.preset, view != p.view {
                        throw r.fail(
                            "[\(formatNumber(view.width)), \(formatNumber(view.height))] conflicts with preset \(quoted(p.name)) (\(formatNumber(p.view.width))×\(formatNumber(p.view.height))); give the preset or the view, not both"
                        )
                    }
                    spec.device.view = view
                },
                encode: { spec in spec.preset == nil ? ScenarioEncoder.size(spec.device.view) : nil }),
            DeviceField(
                key: "screenScale",
                schema: number(Range.screenScale, "σ, pixels per point; with a preset, only its own."),
                .unless("preset"),
                parse: { r, spec throws(ScenarioError) in
                    let scale = try r.number(in: Range.screenScale, "screenScale")
                    if let p = spec.preset, scale != p.screenScale {
                        throw r.fail(
                            "\(formatNumber(scale)) conflicts with preset \(quoted(p.name)) (σ \(formatNumber(p.screenScale))); give the preset or the screenScale, not both"
                        )
                    }
                    spec.device.screenScale = scale
                },
                encode: { spec in spec.preset == nil ? ScenarioEncoder.number(spec.device.screenScale) : nil }),
            .flag("reduceMotion", \.device.reduceMotion, defaults: d),
            DeviceField(
                key: "touchRate",
                schema: with(
                    .object([("enum", .array(Range.touchRates.map { .number(Double($0)) }))]),
                    description: "Touch samples per second.", default: .number(Double(d.device.touchRate))),
                parse: { r, spec throws(ScenarioError) in
                    let rate = try r.integer(in: Range.touchRates.min()!...Range.touchRates.max()!)
                    guard Range.touchRates.contains(rate) else {
                        throw r.fail("touchRate must be 60 or 120, got \(rate)")
                    }
                    spec.device.touchRate = rate
                },
                encode: { spec in spec.device.touchRate == d.device.touchRate ? nil : "\(spec.device.touchRate)" })
        ])
    }()

    /// `"ipad"` alone, or the device object.
    static func readDevice(_ r: JSONReader) throws(ScenarioError) -> DeviceSpec {
        var spec = DeviceSpec.unread
        if r.isString { spec.take(try ScenarioParser.preset(r)) } else { try deviceTable.read(r, into: &spec) }
        return spec
    }

    /// The preset's name alone when nothing else differs from the defaults, else the object. A
    /// preset that does not match the device's size is not named.
    static func writeDevice(_ spec: DeviceSpec) -> String {
        var spec = spec
        if let p = spec.preset, p.view != spec.device.view || p.screenScale != spec.device.screenScale {
            spec.preset = nil
        }
        let members = deviceTable.members(spec)
        if let p = spec.preset, members.count == 1 { return jsonString(p.name) }
        return ScenarioEncoder.object(members)
    }
}
