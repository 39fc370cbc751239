import CropScenario
import CropSim
@testable import CropStudio
import CropText
import CropVocabulary
import Foundation
import Testing

/// The studio writes numbers with the shared `formatNumber` and strings with `jsonString`; the
/// files it saves must not change by a byte from the ones it wrote with its own spellings.
@Suite struct ScenarioTextTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/studio-golden")

    /// The studio's own spelling before it used `formatNumber`: the reference the files were written with.
    static func before(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    @Test func numbersAreSpelledAsBeforeAndReadBackExactly() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 1e-5, 1.5e-7, 123.45, 37.26, 4000, 999_999_999_999, 1.0 / 3, 0.1 + 0.2, .leastNormalMagnitude,
                                1.3333333333333333, 0.8200000000000001, 196.53686556927298, .ulpOfOne]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -10_000...10_000, using: &rng))                      // any double a scenario holds
            values.append((Double.random(in: 0...4000, using: &rng) * 100).rounded() / 100)       // the studio's 1/100 pt grid
            values.append(Double(Int.random(in: -999_999_999_999...999_999_999_999, using: &rng))) // whole numbers below 1e12
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))     // any bit pattern below 1e12
        }
        // Normal numbers below 1e12: every number a valid scenario holds. (A subnormal such as
        // 5e-324 is spelled in 12 digits now; it still reads back to the same double.)
        for x in values where (x == 0 || x.isNormal) && abs(x) < 1e12 {
            let text = ScenarioText.number(x)
            #expect(text == Self.before(x), "\(x)")
            #expect(Double(text) == x, "\(x)")
        }
        #expect(Double(ScenarioText.number(.leastNonzeroMagnitude)) == .leastNonzeroMagnitude)
    }

    @Test func stringsAreEscapedAsBefore() {
        #expect(jsonString("Golden \"quoted\"\t é ✓ \u{1}\u{1F}\n\r\\") == #""Golden \"quoted\"\t é ✓ \u0001\u001f\n\r\\""#)
    }

    /// The same page input as before the studio shared `Action`, `formatNumber` and `jsonString`
    /// (`calls.json`: touches on and off the grid, every control, a resize, odd strings, and a
    /// branch of a scenario whose config has 17-digit numbers) saves the same bytes as the files
    /// the earlier studio wrote (`expected/`, made with the studio of commit db06587 over HTTP).
    @Test func savedFilesAreByteIdenticalToTheEarlierStudio() async throws {
        let root = try temporaryFolder("golden")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/fixtures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("scenarios/fixtures/seventeen-digits.json").path,
                                         toPath: root + "/fixtures/seventeen-digits.json")
        let studio = try studio(root: root)
        let calls = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture.appendingPathComponent("calls.json"))) as? [[String: Any]])
        var session = ""
        let decoder = JSONDecoder()
        for call in calls {
            var body = try #require(call["body"] as? [String: Any])
            if body["session"] != nil { body["session"] = session }
            let data = try JSONSerialization.data(withJSONObject: body)
            switch call["path"] as? String {
            case "/api/session": session = try await studio.open(decoder.decode(StudioProtocol.OpenRequest.self, from: data)).session
            case "/api/input": _ = try await studio.input(decoder.decode(StudioProtocol.InputRequest.self, from: data))
            case "/api/save": #expect(try await studio.save(decoder.decode(StudioProtocol.SaveRequest.self, from: data)).replayIdentical)
            default: Issue.record("unknown call \(call)")
            }
        }
        for name in ["golden", "golden-branch"] {
            let saved = try Data(contentsOf: URL(fileURLWithPath: root + "/studio/\(name).json"))
            let expected = try Data(contentsOf: Self.fixture.appendingPathComponent("expected/\(name).json"))
            #expect(saved == expected, "\(name).json differs from the earlier studio's")
        }
    }
}
