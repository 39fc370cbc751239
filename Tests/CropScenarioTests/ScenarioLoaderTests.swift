import CropScenario
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Hostile scenario inputs at the file level: things that are not regular files are refused
/// without blocking, huge files by size before reading, and one run never holds two scenarios
/// with one id. Each gives one `file:0:0: $: message` error.
@Suite struct ScenarioLoaderTests {
    static let minimal =
        #"{"name": "n", "device": {"view": [393, 852], "screenScale": 3}, "image": {"width": 400, "height": 400}}"#

    /// A fresh folder under the system temp folder, removed when `body` returns.
    func inTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder("loader")
        try body(folder.path)
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func only(_ loaded: ScenarioLoader.Loaded) -> String? {
        loaded.errors.count == 1 ? loaded.errors[0].description : "\(loaded.errors)"
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        try inTemporaryFolder { dir in
            #expect(mkfifo("\(dir)/pipe.json", 0o600) == 0)
            // Named directly and found in a folder: neither waits for a writer.
            #expect(
                only(ScenarioLoader.load(["\(dir)/pipe.json"]))
                    == "\(dir)/pipe.json:0:0: $: is a FIFO (named pipe), not a regular file")
            #expect(
                only(ScenarioLoader.load([dir]))
                    == "\(dir)/pipe.json:0:0: $: is a FIFO (named pipe), not a regular file")
        }
    }

    @Test func aDeviceIsRefused() {
        #expect(only(ScenarioLoader.load(["/dev/zero"])) == "/dev/zero:0:0: $: is a device, not a regular file")
    }

    @Test func aFolderWhereAFileIsExpectedIsRefused() throws {
        try inTemporaryFolder { dir in
            try FileManager.default.createDirectory(atPath: "\(dir)/suite/odd.json", withIntermediateDirectories: true)
            try write(Self.minimal, to: "\(dir)/suite/odd.json/real.json")
            let loaded = ScenarioLoader.load(["\(dir)/suite"])
            #expect(only(loaded) == "\(dir)/suite/odd.json:0:0: $: is a folder, not a scenario file")
            #expect(loaded.scenarios.map(\.id) == ["odd.json/real"])
        }
    }

    @Test func aSymbolicLinkLoopIsRefused() throws {
        try inTemporaryFolder { dir in
            try FileManager.default.createSymbolicLink(atPath: "\(dir)/a.json", withDestinationPath: "b.json")
            try FileManager.default.createSymbolicLink(atPath: "\(dir)/b.json", withDestinationPath: "a.json")
            #expect(only(ScenarioLoader.load(["\(dir)/a.json"])) == "\(dir)/a.json:0:0: $: a loop of symbolic links")
            let inFolder = ScenarioLoader.load([dir])
            #expect(inFolder.errors.map(\.message) == ["a loop of symbolic links", "a loop of symbolic links"])
        }
    }

    /// A sparse file: 17 MiB by size, nothing written, so the test is cheap and the refusal
    /// provably happens before reading.
    @Test func aHugeFileIsRefusedBySize() throws {
        try inTemporaryFolder { dir in
            let path = "\(dir)/huge.json"
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(17 << 20)) == 0)
            #expect(
                only(ScenarioLoader.load([path]))
                    == "\(path):0:0: $: the file is 17825792 bytes, over the budget of 8388608 bytes (8 MiB) per scenario"
            )
        }
    }

    @Test func twoFilesWithOneIDAreAnErrorNamingBoth() throws {
        try inTemporaryFolder { dir in
            try write(Self.minimal, to: "\(dir)/a/x.json")
            try write(Self.minimal, to: "\(dir)/b/x.json")
            let loaded = ScenarioLoader.load(["\(dir)/a/x.json", "\(dir)/b/x.json"])
            #expect(
                only(loaded)
                    == "\(dir)/b/x.json:0:0: $: scenario id \"x\" is also the id of \(dir)/a/x.json; ids must be unique in one run"
            )
            #expect(loaded.scenarios.map(\.file) == ["\(dir)/a/x.json"])
            let folders = ScenarioLoader.load(["\(dir)/a", "\(dir)/b"])
            #expect(
                only(folders)
                    == "\(dir)/b/x.json:0:0: $: scenario id \"x\" is also the id of \(dir)/a/x.json; ids must be unique in one run"
            )
        }
    }

    /// The same file reached twice — the same folder twice, or a path through `..` — runs once.
    @Test func theSameFileTwiceIsLoadedOnce() throws {
        try inTemporaryFolder { dir in
            try write(Self.minimal, to: "\(dir)/suite/x.json")
            try FileManager.default.createDirectory(atPath: "\(dir)/suite/sub", withIntermediateDirectories: true)
            let twice = ScenarioLoader.load(["\(dir)/suite", "\(dir)/suite/"])
            #expect(twice.errors.isEmpty && twice.scenarios.map(\.id) == ["x"])
            let dotted = ScenarioLoader.load(["\(dir)/suite/x.json", "\(dir)/suite/sub/../x.json"])
            #expect(dotted.errors.isEmpty && dotted.scenarios.map(\.file) == ["\(dir)/suite/x.json"])
        }
    }

    /// Errors name a `..` path as it was written, so the user recognizes it.
    @Test func aPathThroughDotDotIsNamedAsWritten() throws {
        try inTemporaryFolder { dir in
            try write("{", to: "\(dir)/suite/x.json")
            try FileManager.default.createDirectory(atPath: "\(dir)/suite/sub", withIntermediateDirectories: true)
            #expect(
                only(ScenarioLoader.load(["\(dir)/suite/sub/../x.json"]))
                    == "\(dir)/suite/sub/../x.json:1:2: $: expected a quoted key")
            #expect(
                only(ScenarioLoader.load(["\(dir)/suite/sub/../nope.json"]))
                    == "\(dir)/suite/sub/../nope.json:0:0: $: no such file or folder")
        }
    }
}
