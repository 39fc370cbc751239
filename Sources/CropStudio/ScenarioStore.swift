import CropFiles
import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// The scenarios folder, the only place the studio reads from the page's say-so or writes to.
///
/// Names are checked before they become paths: a group and an id are one plain segment each
/// (letters, digits, `-`, `_`), so `..`, `/`, absolute paths, hidden files and odd bytes never
/// reach the file system; an existing file is replaced only when the page asks for it; folders on
/// the way, and the scenario file opened, must be real, not symbolic links that lead out.
public struct ScenarioStore: Sendable {
    /// The folder, as given (`Scenarios`).
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A name or path that is not ours to use (400).
        case refused(String)
        /// The file exists and the page did not ask to overwrite it (409).
        case exists(String)
        /// The system would not let us write (500).
        case failed(String)

        public var description: String {
            switch self {
            case .refused(let m), .exists(let m), .failed(let m): m
            }
        }
    }

    static let maxSegment = 64

    /// One plain name: `pinch-past-max`, `my_group2` — starting with a letter or digit.
    static func isPlainSegment(_ s: String) -> Bool {
        func alphanumeric(_ u: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(u) || ("A"..."Z").contains(u) || ("0"..."9").contains(u)
        }
        guard let first = s.unicodeScalars.first, alphanumeric(first), s.unicodeScalars.count <= maxSegment else {
            return false
        }
        return s.unicodeScalars.allSatisfy { alphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// `Scenarios/<group>/<id>.json` for a save, after checking both names and the group folder.
    public func savePath(group: String, id: String) throws(Failure) -> String {
        guard Self.isPlainSegment(group) else {
            throw .refused(
                "group \(jsonString(String(group.prefix(80)))): use one folder name of letters, digits, - and _")
        }
        guard Self.isPlainSegment(id) else {
            throw .refused(
                "id \(jsonString(String(id.prefix(80)))): use one file name of letters, digits, - and _ (no .json, no folders)"
            )
        }
        let folder = root + "/" + group
        var info = stat()
        if lstat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw .refused("\(folder): is not a folder (a symbolic link or a file); refusing to write through it")
        }
        return folder + "/" + id + ".json"
    }

    /// The file for a scenario id below the root (`gestures/pinch-out-to-max`, `.json` optional).
    public func openPath(_ id: String) throws(Failure) -> String {
        let bare = id.hasSuffix(".json") ? String(id.dropLast(5)) : id
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !segments.isEmpty, segments.count <= 4, segments.allSatisfy(Self.isPlainSegment) else {
            throw .refused(
                "\(jsonString(String(id.prefix(80)))): not a scenario id below \(root) (plain names joined by /)")
        }
        var path = root
        for segment in segments.dropLast() {
            path += "/" + segment
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .refused("\(path): no such folder")
            }
        }
        // The file itself must be a regular file below the folder: a symbolic link could lead
        // anywhere, and its target's text would come back in the parser's message.
        let file = path + "/" + segments.last! + ".json"
        var info = stat()
        guard lstat(file, &info) == 0 else { throw .refused("\(file): no such scenario") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .refused(
                "\(file): is not a regular file (a symbolic link, folder or FIFO); the studio opens files below \(root) only"
            )
        }
        return file
    }

    /// Writes the text: a new file, or over an existing regular file when `overwrite` is set.
    public func write(_ text: String, to path: String, overwrite: Bool) throws(Failure) {
        let bytes = Array(text.utf8)
        let created: Bool
        do throws(OutputError) {
            if overwrite {
                try OutputFile.checkWritableFolder((path as NSString).deletingLastPathComponent)
                try OutputFile.write(bytes, to: path)
                created = true
            } else {
                created = try OutputFile.create(bytes, at: path)
            }
        } catch {
            throw error.kind == .refused ? .refused(error.description) : .failed(error.description)
        }
        guard created else { throw .exists("\(path) exists; tick Overwrite to replace it") }
    }

    /// Scenario ids below the root, sorted, for the page's Open list (at most `limit`).
    public func list(limit: Int = 2000) -> [String] {
        var ids: [String] = []
        func walk(_ folder: String, prefix: String, depth: Int) {
            guard depth < 4, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where ids.count < limit && !name.hasPrefix(".") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR, Self.isPlainSegment(name) {
                    walk(path, prefix: prefix + name + "/", depth: depth + 1)
                } else if info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".json"), name != "schema.json",
                    Self.isPlainSegment(String(name.dropLast(5)))
                {
                    ids.append(prefix + name.dropLast(5))
                }
            }
        }
        walk(root, prefix: "", depth: 0)
        return ids
    }
}
