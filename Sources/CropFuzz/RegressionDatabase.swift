import CropFiles
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// The folder of shrunk failures (by default `Scenarios/regressions/`), used like Hypothesis's
/// example database: every file in it is replayed before new traces are generated, and each is
/// an ordinary scenario that `cropsim run` replays on its own.
///
/// It follows the ownership rule of report and photos folders: only a folder that is absent,
/// empty, or holds the `.cropsim-finds` marker is read or written (`claim()`), so `--out .` in a
/// project folder never replays its `package.json` as a find, and `--out /` never reads the
/// file system or writes a probe into it.
public struct RegressionDatabase: Sendable {
    public static let markerName = ".cropsim-finds"
    static let marker = "cropsim-finds 1\n"
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

    /// Refuses (exit 2) a folder that is not ours — a file, a symbolic link, a folder with files
    /// but no marker — then creates it, marks it, and proves a file can be written in it, before a
    /// campaign spends minutes finding what it could not save.
    public func claim() throws(OutputError) {
        let name = directory.split(separator: "/").last.map(String.init) ?? ""
        guard !directory.isEmpty else { throw OutputError(.refused, "\"\": the folder path is empty") }
        guard ![".", ".."].contains(name), directory.contains(where: { $0 != "/" }) else {
            throw OutputError(
                .refused, "\(directory): names no folder of its own; give one such as Scenarios/regressions")
        }
        var info = stat()
        if PathText.withCString(directory, { lstat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: break
            case S_IFLNK: throw OutputError(.refused, "\(directory): is a symbolic link; give the folder itself")
            default: throw OutputError(.refused, "\(directory): is not a folder")
            }
            guard isOurs || isEmpty else {
                throw OutputError(
                    .refused,
                    "\(directory): is a folder cropsim did not write (it has no \(Self.markerName)); refusing to replay or write its files"
                )
            }
        } else if errno == ENOTDIR {
            throw OutputError(.refused, "\(directory): a component of the path is not a folder")
        }
        try OutputFile.checkWritableFolder(directory)
        if !isOurs { _ = try OutputFile.create(Array(Self.marker.utf8), at: path(of: Self.markerName)) }
    }

    var isOurs: Bool {
        guard let file = try? ReadableFile(path(of: Self.markerName), followLinks: false),
            let bytes = try? file.readAll(limit: 64)
        else { return false }
        return bytes.starts(with: Array("cropsim-finds ".utf8))
    }

    var isEmpty: Bool {
        guard let dir = PathText.withCString(directory, { opendir($0) }) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2e] && name != [0x2e, 0x2e] { return false }
        }
        return true
    }
}
