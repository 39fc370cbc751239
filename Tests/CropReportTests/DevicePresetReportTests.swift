import CropReport
import CropScenario
import CropSim
import CropTestSupport
import Foundation
import Testing

/// A device preset as the report writes it: resolved to its numbers.
@Suite struct DevicePresetReportTests {
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

    /// The report's `scenario.resolved.json` cannot tell a preset from the explicit numbers.
    @Test func aPresetAndItsNumbersResolveToTheSameBytes() throws {
        let temporary = try TemporaryFolder("preset"), root = temporary.url
        var resolved: [String] = []
        for device in [
            #""iphone-15-plus""#, #"{ "preset": "iphone-15-plus" }"#, #"{ "view": [430, 932], "screenScale": 3 }"#
        ] {
            let result = Simulator.run(try parse(scenario(device: device)))
            let dir = root.appendingPathComponent("r\(resolved.count)")
            try WrittenReport.write([result], to: dir.path)
            resolved.append(
                try String(
                    contentsOf: dir.appendingPathComponent("scenarios/d/scenario.resolved.json"), encoding: .utf8))
        }
        #expect(resolved[0].contains("\"screenScale\" : 3") || resolved[0].contains("\"screenScale\": 3"))
        #expect(resolved[0] == resolved[1] && resolved[1] == resolved[2])
    }
}
