import CropScenario
import CropSim
@testable import CropStudio
import CropTestSupport
import CropText
import CropVocabulary
import Foundation
import Testing

/// What a saved recording guarantees: the canonical form `ScenarioEncoder` writes, the same
/// recording always the same bytes, and a saved file opened and saved again unchanged.
@Suite struct SavedFileTests {
    static let fixture = Repository.url("Tests/Fixtures/studio-golden")
    static let names = ["golden", "golden-branch"]

    /// Every number a recording holds is written so that it reads back as the same double: a
    /// re-save cannot drift by a digit.
    @Test func numbersReadBackExactly() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.5, 1e-5, 1.5e-7, 123.45, 37.26, 4000, 999_999_999_999, 1.0 / 3, 0.1 + 0.2,
            .leastNormalMagnitude, .leastNonzeroMagnitude, 1.3333333333333333, 0.8200000000000001, .ulpOfOne
        ]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -10_000...10_000, using: &rng))  // any double a scenario holds
            values.append(Recording.grid(Double.random(in: 0...4000, using: &rng)))  // the studio's 1/100 pt grid
            // a sample's time
            values.append(Recording.seconds(Int.random(in: 0...Recording.maxMicroseconds, using: &rng)))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))  // any bit pattern
        }
        for x in values where x.isFinite {
            #expect(Double(ScenarioEncoder.number(x)) == x, "\(x)")
        }
    }

    /// Replays `calls.json` (touches on and off the grid, every control, a resize, odd strings,
    /// and a branch of a scenario whose config has 17-digit numbers) into a fresh studio under `root`.
    static func replayCalls(into studio: Studio) async throws -> [StudioProtocol.SaveRequest] {
        let calls = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.appendingPathComponent("calls.json")))
                as? [[String: Any]])
        var session = ""
        var saves: [StudioProtocol.SaveRequest] = []
        let decoder = JSONDecoder()
        for call in calls {
            var body = try #require(call["body"] as? [String: Any])
            if body["session"] != nil { body["session"] = session }
            let data = try JSONSerialization.data(withJSONObject: body)
            switch call["path"] as? String {
            case "/api/session":
                session = try await studio.open(decoder.decode(StudioProtocol.OpenRequest.self, from: data)).session
            case "/api/input": _ = try await studio.input(decoder.decode(StudioProtocol.InputRequest.self, from: data))
            case "/api/save":
                let save = try decoder.decode(StudioProtocol.SaveRequest.self, from: data)
                #expect(try await studio.save(save).replayIdentical)
                saves.append(save)
            default: Issue.record("unknown call \(call)")
            }
        }
        return saves
    }

    static func studioWithFixtures() throws -> (Studio, TemporaryFolder) {
        let folder = try TemporaryFolder("studio-golden"), root = folder.path
        try FileManager.default.createDirectory(atPath: root + "/fixtures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: fixture.appendingPathComponent("scenarios/fixtures/seventeen-digits.json").path,
            toPath: root + "/fixtures/seventeen-digits.json")
        return (try studio(root: root), folder)
    }

    /// The same page input saves exactly the bytes in `expected/` (the encoder's canonical form);
    /// a change to the format's spelling shows here as a diff to review, and the files are
    /// regenerated on purpose.
    @Test func theSameRecordingSavesTheSameBytes() async throws {
        let (studio, folder) = try Self.studioWithFixtures()
        let root = folder.path
        _ = try await Self.replayCalls(into: studio)
        for name in Self.names {
            let saved = try Data(contentsOf: URL(fileURLWithPath: root + "/studio/\(name).json"))
            let expected = try Data(contentsOf: Self.fixture.appendingPathComponent("expected/\(name).json"))
            #expect(saved == expected, "\(name).json differs from the golden file")
            let text = try #require(String(data: saved, encoding: .utf8))
            let scenario = try ScenarioParser.parse(Array(text.utf8), file: root + "/studio/\(name).json", id: name)
            #expect(
                ScenarioEncoder.text(scenario, schema: "../schema.json") == text,
                "\(name).json is not in the canonical form")
        }
    }

    /// A saved file opened, branched at its last frame (every input kept) and saved again under
    /// the same name is byte-identical to the first save.
    @Test func aSavedFileSavedAgainChangesNoByte() async throws {
        let (studio, folder) = try Self.studioWithFixtures()
        let root = folder.path
        let saves = try await Self.replayCalls(into: studio)
        #expect(saves.map(\.id) == Self.names)
        for save in saves {
            let first = try Data(contentsOf: URL(fileURLWithPath: root + "/studio/\(save.id).json"))
            let opened = try await studio.open(.init(open: "studio/\(save.id)"))
            let last = try #require(opened.frames.last?.tick)
            let branch = try await studio.open(.init(open: "studio/\(save.id)", branchTick: last))
            let again = try await studio.save(
                .init(
                    session: branch.session, group: "studio", id: save.id + "-again", name: save.name,
                    description: save.description, overwrite: false, now: branch.startMs))
            #expect(again.replayIdentical)
            let second = try Data(contentsOf: URL(fileURLWithPath: again.path))
            #expect(second == first, "\(save.id).json changed when saved again")
        }
    }

    /// A recording on a device preset names it, and a re-save names it again.
    @Test func aPresetSurvivesASaveAgain() async throws {
        let rootFolder = try TemporaryFolder("studio-golden-preset"), root = rootFolder.path
        let studio = try StudioDeviceTests.studio(root: root, device: DevicePreset.named("ipad"))
        let (first, saved) = try await StudioDeviceTests.recordAndSave(
            studio, try await studio.open(.init()), id: "preset")
        #expect(first.contains("\n  \"device\": \"ipad\",\n"))
        let opened = try await studio.open(.init(open: "devices/preset"))
        let branch = try await studio.open(
            .init(open: "devices/preset", branchTick: try #require(opened.frames.last?.tick)))
        #expect(branch.device == "ipad")
        let again = try await studio.save(
            .init(
                session: branch.session, group: "devices", id: "preset-again", name: "preset",
                description: "", overwrite: false, now: branch.startMs))
        #expect(saved.replayIdentical && again.replayIdentical)
        #expect(try String(contentsOfFile: again.path, encoding: .utf8) == first)
    }
}
