import Foundation

/// The checkout, found from this file's place in it (`Tests/CropTestSupport/`), so no test
/// depends on the directory `swift test` runs in, and none reads outside the checkout.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let scenarios = root.appendingPathComponent("Scenarios")

    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    public static func path(_ relative: String) -> String { url(relative).path }

    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Every scenario file of the suite, relative to `Scenarios/`, sorted (the schema left out).
    public static var scenarioFiles: [String] {
        let walker = FileManager.default.enumerator(atPath: scenarios.resolvingSymlinksInPath().path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
    }
}
