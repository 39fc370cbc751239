import CropSim
import CropVocabulary
import Foundation

/// The folder of shrunk failures (by default `Scenarios/regressions/`), used like Hypothesis's
/// example database: every file in it is replayed before new traces are generated, and each is
/// an ordinary scenario that `cropsim run` replays on its own.
public struct RegressionDatabase: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// The saved scenarios, in file-name order (the order shards split them in).
    public func load() -> ScenarioLoader.Loaded {
        guard FileManager.default.fileExists(atPath: directory) else { return ScenarioLoader.load([]) }
        return ScenarioLoader.load([directory])
    }

    /// `<invariant>-<step kind>`: one file per failure and place, so a campaign that
    /// hits the same bug a thousand times saves it once.
    public static func fileName(kind: FailureKind, place: String) -> String {
        "\(kind.description)-\(place).json"
    }

    public func path(of name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    public func contains(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(of: name)) }

    /// Writes `text` as `name` unless a file of that name exists (`OutputFile.create`: temp file
    /// and hard link, so a killed run never leaves half a file and parallel shards never
    /// overwrite each other's finds). Returns the path, or nil when the name was taken.
    public func save(_ text: String, as name: String) throws(OutputError) -> String? {
        let destination = path(of: name)
        return try OutputFile.create(Array(text.utf8), at: destination) ? destination : nil
    }

    /// Creates the folder and proves a file can be written in it, before a campaign spends
    /// minutes finding what it could not save.
    public func checkWritable() throws(OutputError) {
        try OutputFile.checkWritableFolder(directory)
    }
}
