import CropScenario
import CropSim
@testable import CropStudio
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Device presets in the studio: `--device` (Studio.Options.device) and the page's picker
/// (`OpenRequest.device`) record on a preset's view and σ, and the saved file names the preset.
@Suite struct StudioDeviceTests {
    static func studio(root: String, device: DevicePreset? = nil) throws -> Studio {
        var options = Studio.Options()
        options.scenarios = ScenarioStore(root: root)
        options.device = device
        return try Studio(options: options)
    }

    /// Records a short drag on a session and saves it; returns the saved file's text.
    static func recordAndSave(_ studio: Studio, _ open: StudioProtocol.OpenResponse, id: String) async throws -> (
        String, StudioProtocol.SaveResponse
    ) {
        var page = PageDouble(session: open.session)
        let (vw, vh) = (open.frames[0].vw, open.frames[0].vh)
        page.finger(1, from: (vw / 2, vh / 2), to: (vw / 2 + 40, vh / 2 + 10), start: 100, duration: 200)
        try await page.play(studio, until: 600, from: 0)
        let saved = try await studio.save(
            .init(
                session: open.session, group: "devices", id: id, name: id, description: "", overwrite: false, now: 600))
        return (try String(contentsOfFile: saved.path, encoding: .utf8), saved)
    }

    @Test func theFlagsPresetSetsTheStageAndTheSavedFileNamesIt() async throws {
        let rootFolder = try TemporaryFolder("studio-device-flag"), root = rootFolder.path
        let preset = try #require(DevicePreset.named("ipad-landscape"))
        let studio = try Self.studio(root: root, device: preset)
        let open = try await studio.open(.init())
        #expect(open.device == "ipad-landscape")
        #expect(open.frames[0].vw == 1180 && open.frames[0].vh == 820)
        let (text, saved) = try await Self.recordAndSave(studio, open, id: "flag")
        #expect(saved.replayIdentical)
        #expect(text.contains("\n  \"device\": \"ipad-landscape\",\n"))
        let scenario = try ScenarioParser.parse(Array(text.utf8), file: saved.path, id: "flag")
        #expect(scenario.device.view == Size(width: 1180, height: 820) && scenario.device.screenScale == 2)
    }

    /// The preset and the explicit numbers it stands for are the same scenario, frame for frame.
    @Test func aPickedPresetResolvesToTheSameNumbersAsExplicitSizes() async throws {
        let rootFolder = try TemporaryFolder("studio-device-pick"), root = rootFolder.path
        let studio = try Self.studio(root: root)
        let open = try await studio.open(.init(device: "iphone-se"))
        #expect(open.device == "iphone-se")
        #expect(open.frames[0].vw == 320 && open.frames[0].vh == 568)
        let (text, saved) = try await Self.recordAndSave(studio, open, id: "picked")
        #expect(saved.replayIdentical)
        #expect(text.contains("\"device\": \"iphone-se\","))
        let explicit = text.replacingOccurrences(
            of: "\"device\": \"iphone-se\"", with: "\"device\": { \"view\": [320, 568], \"screenScale\": 2 }")
        #expect(explicit != text)
        var options = Simulator.Options()
        options.measureTiming = false
        let named = try ScenarioParser.parse(Array(text.utf8), file: "named.json", id: "named")
        let numbers = try ScenarioParser.parse(Array(explicit.utf8), file: "explicit.json", id: "explicit")
        #expect(named.device.view == numbers.device.view && named.device.screenScale == numbers.device.screenScale)
        #expect(
            StudioProtocol.Frame.all(Simulator.run(named, options: options))
                == StudioProtocol.Frame.all(Simulator.run(numbers, options: options)))

        // Opened again, the page's picker shows the preset the file names.
        let reopened = try await studio.open(.init(open: "devices/picked"))
        #expect(reopened.device == "iphone-se")
        // Without a pick, a new recording is on the studio's own device again (explicit numbers).
        let plain = try await studio.open(.init())
        #expect(plain.device == nil && plain.frames[0].vw == 393 && plain.frames[0].vh == 852)
    }

    /// A name the page makes up is refused with one line listing the presets; the studio goes on.
    @Test func anUnknownOrAbsurdDeviceFromThePageIsRefused() async throws {
        let rootFolder = try TemporaryFolder("studio-device-hostile"), root = rootFolder.path
        let studio = try Self.studio(root: root)
        for name in [
            "iphone-99", "", "IPAD", "ipad-landscape-landscape", "ipad\n-landscape",
            String(repeating: "x", count: 100_000), "../ipad"
        ] {
            do {
                _ = try await studio.open(.init(device: name))
                Issue.record("device \(name.prefix(20)) was accepted")
            } catch {
                #expect(error.status == 400)
                #expect(error.description.hasPrefix("unknown device preset "))
                #expect(
                    !error.description.contains("\n") && error.description.count < 400,
                    "\(error.description.prefix(200))")
                #expect(error.description.contains(DevicePreset.names.joined(separator: ", ")))
            }
        }
        let existing = try await studio.open(.init(device: "ipad"))
        _ = try await Self.recordAndSave(studio, existing, id: "kept")
        do {
            _ = try await studio.open(.init(open: "devices/kept", device: "iphone-se"))
            Issue.record("a device for an opened scenario was accepted")
        } catch {
            #expect(error.status == 400 && error.description.contains("only a new recording picks a device"))
        }
        #expect(try await studio.open(.init()).frames.isEmpty == false)
    }

    /// Every control the page sends becomes the scenario format's own step (its key is in the
    /// format's key table), and a gesture never enters a recording as a system step.
    @Test func controlsAreTheFormatsOwnSteps() throws {
        let controls: [(String, Double?, Double?, Double?)] = [
            ("slider", 50, nil, nil), ("sliderJump", 0, nil, nil), ("increment", nil, nil, nil),
            ("decrement", 100, nil, nil),
            ("recenter", nil, nil, nil), ("rotate90", nil, nil, nil), ("resize", nil, 852, 393),
            ("reduceMotionOn", nil, nil, nil),
            ("reduceMotionOff", nil, nil, nil), ("memoryWarning", nil, nil, nil), ("cancelTouches", nil, nil, nil),
            ("confirm", nil, nil, nil), ("cancel", nil, nil, nil), ("retry", nil, nil, nil)
        ]
        var keys = Set<String>()
        for (name, value, width, height) in controls {
            let action = try SystemStep.action(name: name, value: value, width: width, height: height)
            #expect(ScenarioFormat.actions.contains(action.name), "\(action.name)")
            #expect(SystemStep.isSystem(action))
            keys.insert(action.name)
        }
        #expect(keys.count == 12)
        #expect(!SystemStep.isSystem(.tap(.center)))
        var recording = Recording(
            setup: Recording.setup(
                device: Device(
                    view: Size(width: 393, height: 852), screenScale: 3, reduceMotion: false,
                    touchRate: 60), image: ImageSpec(source: SourceImage(storedWidth: 4032, storedHeight: 3024))))
        #expect(throws: Recording.Refusal.self) { try recording.add(.tap(.center), us: 0) }
        for (name, value) in [
            ("slider", 100.5), ("slider", .nan), ("increment", 0), ("increment", 1.5), ("decrement", 101)
        ] {
            #expect(throws: Recording.Refusal.self) {
                try SystemStep.action(name: name, value: value, width: nil, height: nil)
            }
        }
        #expect(throws: Recording.Refusal.self) {
            try SystemStep.action(name: "resize", value: nil, width: 99, height: 400)
        }
        #expect(throws: Recording.Refusal.self) {
            try SystemStep.action(name: "drag", value: nil, width: nil, height: nil)
        }
    }
}
