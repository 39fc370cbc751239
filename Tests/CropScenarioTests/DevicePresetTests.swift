import CropScenario
import CropVocabulary
import Foundation
import Testing

/// `"device": "iphone-15"` and its object form resolve to exactly the explicit numbers; a bad
/// name or a size that contradicts the name is an error at its place.
@Suite struct DevicePresetTests {
    func scenario(device: String) -> String {
        """
        {
          "name": "preset",
          "device": \(device),
          "image": { "width": 4032, "height": 3024, "orientation": 6 },
          "steps": [ { "at": 0.1, "pinch": { "from": 100, "to": 180 } } ]
        }
        """
    }

    func parse(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(Array(text.utf8), file: "d.json", id: "d")
    }

    /// The issue's table, restated here rather than read from `DevicePreset`.
    static let table: [(String, Double, Double, Double)] = [
        ("iphone-se", 320, 568, 2), ("iphone-15", 393, 852, 3), ("iphone-15-plus", 430, 932, 3),
        ("ipad", 820, 1180, 2), ("ipad-pro-12.9", 1024, 1366, 2)
    ]

    @Test func everyPresetHasTheSpecifiedSizeInBothOrientations() throws {
        #expect(DevicePreset.names.count == 2 * Self.table.count)
        for (name, w, h, sigma) in Self.table {
            let portrait = try parse(scenario(device: "\"\(name)\"")).device
            #expect(portrait.view == Size(width: w, height: h) && portrait.screenScale == sigma, "\(name)")
            let landscape = try parse(scenario(device: "\"\(name)-landscape\"")).device
            #expect(landscape.view == Size(width: h, height: w) && landscape.screenScale == sigma, "\(name)-landscape")
        }
    }

    @Test func thePresetObjectTakesTheOtherDeviceKeys() throws {
        let d = try parse(scenario(device: #"{ "preset": "ipad-landscape", "touchRate": 120, "reduceMotion": true }"#))
            .device
        #expect(d.view == Size(width: 1180, height: 820) && d.screenScale == 2 && d.reduceMotion && d.touchRate == 120)
        // Repeating the preset's own numbers is allowed: they agree.
        let same = try parse(scenario(device: #"{ "preset": "iphone-15", "view": [393, 852], "screenScale": 3 }"#))
            .device
        #expect(same.view == Size(width: 393, height: 852))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var device: String
        var column: Int
        var path: String
        var message: String
        var testDescription: String { device }
    }

    static let valid = DevicePreset.names.joined(separator: ", ")

    static let cases: [Case] = [
        Case(
            device: #""iphone-99""#, column: 13, path: "$.device",
            message: "unknown device preset \"iphone-99\"; valid presets: \(valid)"),
        Case(
            device: #""""#, column: 13, path: "$.device", message: "unknown device preset \"\"; valid presets: \(valid)"
        ),
        Case(
            device: #""IPHONE-15""#, column: 13, path: "$.device",
            message: "unknown device preset \"IPHONE-15\"; valid presets: \(valid)"),
        Case(
            device: #"{ "preset": "../iphone-15" }"#, column: 25, path: "$.device.preset",
            message: "unknown device preset \"../iphone-15\"; valid presets: \(valid)"),
        Case(
            device: #"{ "preset": 15 }"#, column: 25, path: "$.device.preset",
            message: "expected a string, got a number"),
        Case(
            device: #"{ "preset": "iphone-15", "view": [400, 852] }"#, column: 46, path: "$.device.view",
            message: "[400, 852] conflicts with preset \"iphone-15\" (393×852); give the preset or the view, not both"),
        Case(
            device: #"{ "preset": "iphone-15", "screenScale": 2 }"#, column: 53, path: "$.device.screenScale",
            message: "2 conflicts with preset \"iphone-15\" (σ 3); give the preset or the screenScale, not both"),
        Case(
            device: #"{ "preset": "iphone-15", "view": [1e308, 852] }"#, column: 47, path: "$.device.view[0]",
            message: "width must be in 100.0…4000.0, got 1e+308"),
        Case(
            device: #"{ "view": [393, 852] }"#, column: 13, path: "$.device",
            message: "missing required key \"screenScale\"")
    ]

    @Test(arguments: cases)
    func badPresetsAreLocatedAndListTheValidNames(_ c: Case) {
        #expect(throws: ScenarioError(file: "d.json", line: 3, column: c.column, path: c.path, message: c.message)) {
            try parse(scenario(device: c.device))
        }
    }

    /// A name a megabyte long is quoted short: the message stays one readable line.
    @Test func aHugeNameGivesABoundedMessage() {
        let huge = String(repeating: "x", count: 1 << 20)
        do {
            _ = try parse(scenario(device: "\"\(huge)\""))
            Issue.record("a megabyte name parsed")
        } catch {
            #expect(error.description.count < 600)
            #expect(error.description.contains("valid presets: iphone-se"))
        }
    }
}
