import Foundation

/// Paths inside the repository, found from this file's location so tests never depend on the
/// working directory.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Scenarios")

    /// Every scenario file in the suite, relative to `Scenarios/`.
    static var scenarioFiles: [String] {
        let files = (FileManager.default.enumerator(atPath: scenarios.resolvingSymlinksInPath().path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }
        return files.sorted()
    }
}

