@testable import CropScenario
import CropText
import CropVocabulary
import Testing

/// `config` is read, written and described by one table (`ScenarioFormat.configTable`), so the
/// schema's defaults, the parser's defaults and the keys the encoder leaves out are the same.
@Suite struct ConfigFieldTests {
    func config(_ members: String) throws(ScenarioError) -> AvatarCropperConfig {
        let text = #"{ "name": "c", "device": "ipad", "image": { "width": 40, "height": 30 }, "config": \#(members) }"#
        return try ScenarioParser.parse(Array(text.utf8), file: "c.json", id: "c").config
    }

    /// The default a key's schema states, as scenario text.
    func schemaDefault(_ field: ScenarioFormat.ConfigField) -> String? {
        guard case .object(let members) = field.schema, let value = members.first(where: { $0.0 == "default" })?.1
        else { return nil }
        switch value {
        case .bool(let b): return "\(b)"
        case .number(let n): return formatExactNumber(n)
        case .string, .array, .object: return nil
        }
    }

    @Test func everyStatedDefaultIsTheSpecsAndIsLeftOut() throws {
        let defaulted = ScenarioFormat.configTable.fields.filter { schemaDefault($0) != nil }
        #expect(
            defaulted.count == ScenarioFormat.configTable.fields.count - 1, "every key but encoding states its default")
        for field in defaulted {
            let c = try config(#"{ "\#(field.key)": \#(schemaDefault(field)!) }"#)
            #expect(c == AvatarCropperConfig(), "\(field.key)")
            #expect(field.encode(c) == nil, "\(field.key)")
        }
    }

    @Test func everyKeyReadsAndWritesInTheTablesOrder() throws {
        let text =
            #"{ "outputSize": 1024, "qualityMultiplier": 2, "maxZoomMultiplier": 8, "maskDiameterFraction": 0.5, "showGrid": false, "allowRotation": true, "useLiquidGlassChrome": false, "minPixelPerPoint": 0.5, "encoding": { "format": "jpeg", "quality": 0.75 } }"#
        let c = try config(text)
        #expect(
            c.outputSize == 1024 && c.qualityMultiplier == 2 && c.maxZoomMultiplier == 8
                && c.maskDiameterFraction == 0.5)
        #expect(!c.showGrid && c.allowRotation && !c.useLiquidGlassChrome && c.minPixelPerPoint == 0.5)
        #expect(c.encoding == .jpegSRGB(quality: 0.75))
        #expect(ScenarioFormat.configTable.encode(c) == text)
        #expect(ScenarioFormat.config.keys == ScenarioFormat.configTable.fields.map(\.key))
    }

    @Test func aValueOutOfRangeIsAnErrorAtItsKey() {
        let error = #expect(throws: ScenarioError.self) { try config(#"{ "maxZoomMultiplier": 0.5 }"#) }
        #expect(error?.path == "$.config.maxZoomMultiplier")
        #expect(error?.message == "maxZoomMultiplier must be in 1.0…100.0, got 0.5")
    }

    @Test func pngTakesNoQuality() {
        let error = #expect(throws: ScenarioError.self) {
            try config(#"{ "encoding": { "format": "png", "quality": 0.5 } }"#)
        }
        #expect(error?.path == "$.config.encoding.quality" && error?.message == "PNG has no quality setting")
    }
}

/// The `device` keys beside its size come from `ScenarioFormat.deviceTable` the same way.
@Suite struct DeviceFieldTests {
    func scenario(device: String) throws(ScenarioError) -> Scenario {
        let text = #"{ "name": "d", "device": \#(device), "image": { "width": 40, "height": 30 } }"#
        return try ScenarioParser.parse(Array(text.utf8), file: "d.json", id: "d")
    }

    @Test func theStatedDefaultsAreLeftOut() throws {
        let s = try scenario(device: #"{ "preset": "ipad", "reduceMotion": false, "touchRate": 60 }"#)
        #expect(
            ScenarioFormat.writeDevice(DeviceSpec(device: s.device, preset: DevicePreset.named("ipad"))) == #""ipad""#)
    }

    @Test func otherValuesReadAndWriteAfterTheSize() throws {
        let s = try scenario(
            device: #"{ "view": [400, 800], "screenScale": 2, "reduceMotion": true, "touchRate": 120 }"#)
        #expect(
            s.device == Device(view: Size(width: 400, height: 800), screenScale: 2, reduceMotion: true, touchRate: 120))
        #expect(
            ScenarioFormat.writeDevice(DeviceSpec(device: s.device))
                == #"{ "view": [400, 800], "screenScale": 2, "reduceMotion": true, "touchRate": 120 }"#)
    }

    @Test func aTouchRateBetweenTheTwoIsAnErrorAtItsKey() {
        let error = #expect(throws: ScenarioError.self) {
            try scenario(device: #"{ "preset": "ipad", "touchRate": 90 }"#)
        }
        #expect(error?.path == "$.device.touchRate" && error?.message == "touchRate must be 60 or 120, got 90")
    }
}

/// The `image` keys beside its size come from `ScenarioFormat.imageTable`.
@Suite struct ImageFieldTests {
    func image(_ members: String) throws(ScenarioError) -> ImageSpec {
        let text = #"{ "name": "i", "device": "ipad", "image": \#(members) }"#
        return try ScenarioParser.parse(Array(text.utf8), file: "i.json", id: "i").image
    }

    @Test func theOrientationAndTheFileReadAndWriteAfterTheSize() throws {
        let text = #"{ "width": 40, "height": 30, "orientation": 6, "file": "photo.png" }"#
        let i = try image(text)
        #expect(
            i.source == SourceImage(storedWidth: 40, storedHeight: 30, orientation: .right) && i.file == "photo.png")
        #expect(i.fileLocation?.line == 1)
        #expect(ScenarioFormat.imageTable.encode(i) == text)
        #expect(
            ScenarioFormat.imageTable.encode(try image(#"{ "width": 40, "height": 30, "orientation": 1 }"#))
                == #"{ "width": 40, "height": 30 }"#)
    }

    @Test func aFileMakesTheSizeOptional() throws {
        #expect(try image(#"{ "file": "photo.png" }"#).source == SourceImage(storedWidth: 0, storedHeight: 0))
        let error = #expect(throws: ScenarioError.self) { try image(#"{ "width": 40 }"#) }
        #expect(error?.path == "$.image" && error?.message.contains("height") == true)
    }

    @Test func anOrientationOutOfRangeIsAnErrorAtItsKey() {
        let error = #expect(throws: ScenarioError.self) {
            try image(#"{ "width": 40, "height": 30, "orientation": 9 }"#)
        }
        #expect(error?.path == "$.image.orientation" && error?.message == "expected a whole number in 1…8, got 9.0")
    }
}
