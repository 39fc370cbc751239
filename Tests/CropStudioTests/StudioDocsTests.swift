@testable import CropStudio
import Foundation
import Testing

/// The studio command lines docs/studio.md and the README show name files and scenarios that
/// exist: a designer copies them as they are. (`--photo Tests/Fixtures/photos/portrait.jpg` named
/// no file; issue 35.)
@Suite struct StudioDocsTests {
    static let repository = StudioOpenTests.repository

    /// The value after `flag` on every studio command line of the two documents.
    static func values(of flag: String) throws -> [String] {
        let docs = try ["/docs/studio.md", "/README.md"].map {
            try String(contentsOfFile: repository + $0, encoding: .utf8)
        }
        let lines = docs.flatMap { $0.split(separator: "\n") }.filter {
            $0.contains("cropsim studio ") || $0.contains("$B studio ")
        }
        return lines.compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            return words.firstIndex(of: flag).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        }
    }

    @Test func everyPhotoTheDocShowsExistsAndOpens() throws {
        let photos = try Self.values(of: "--photo")
        #expect(!photos.isEmpty)
        for photo in photos {
            var options = Studio.Options()
            options.scenarios = ScenarioStore(root: Self.repository + "/Scenarios")
            options.photo = Self.repository + "/" + photo
            #expect(throws: Never.self, "--photo \(photo)") { _ = try Studio(options: options) }
        }
    }

    @Test func everyScenarioTheDocOpensExists() throws {
        let opens = try Self.values(of: "--open")
        #expect(opens.contains { !$0.hasSuffix(".json") }, "the doc shows the id form")
        for open in opens {
            let file = try Studio.commandLineFile(
                open.hasPrefix("Scenarios/") ? Self.repository + "/" + open : open,
                store: ScenarioStore(root: Self.repository + "/Scenarios"))
            #expect(FileManager.default.fileExists(atPath: file), "--open \(open)")
        }
    }
}
