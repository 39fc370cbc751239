import CropVocabulary

/// The `device` keys beside its size: one entry each. Which size a device has (a preset, or
/// `view` and `screenScale`, or both when they agree) is one decision over three keys, so those
/// stay in `ScenarioFormat.device` and `presetOrExplicit`.
extension ScenarioFormat {
    typealias DeviceField = ObjectField<Device>

    static let deviceFields: [DeviceField] = {
        // Only the settings' defaults are read from it; the size is never the table's.
        let d = Device(view: Size(width: 0, height: 0), screenScale: 1)
        return [
            .flag("reduceMotion", \.reduceMotion, defaults: d),
            DeviceField(key: "touchRate",
                        schema: with(.object([("enum", .array(Range.touchRates.map { .number(Double($0)) }))]),
                                     description: "Touch samples per second.", default: .number(Double(d.touchRate))),
                        parse: { r, device throws(ScenarioError) in
                            let rate = try r.integer(in: Range.touchRates.min()!...Range.touchRates.max()!)
                            guard Range.touchRates.contains(rate) else { throw r.fail("touchRate must be 60 or 120, got \(rate)") }
                            device.touchRate = rate
                        },
                        encode: { device in device.touchRate == d.touchRate ? nil : "\(device.touchRate)" }),
        ]
    }()
}
