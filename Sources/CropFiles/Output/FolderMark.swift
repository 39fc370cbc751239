import Foundation

/// What makes an output folder cropsim's own, given by the target that writes that kind of folder
/// (a report's is CropReport's `FolderMark.report`), so that `MarkedFolder` replaces only what
/// its owner wrote and CropFiles knows no folder's contents. A folder is ours when it holds the
/// marker file with `kind` and a version number, when it is empty, or when it holds what such a
/// folder held before it had a marker.
public struct FolderMark: Sendable {
    /// The marker file's name, written first into a new folder and deleted last.
    public let fileName: String
    /// The marker's first word; its text is `kind`, a space, `version` and a newline.
    public let kind: String
    /// The format of the folder's contents, written into the marker.
    public let version: Int
    /// A folder without the marker is ours if it holds every `legacyRequired` name and nothing
    /// outside `legacyAllowed` (none: only a marked or empty folder is ours).
    public let legacyRequired: Set<String>, legacyAllowed: Set<String>
    /// What the folder is called in messages ("report": "the report folder path is empty"), and
    /// a path to suggest ("Reports/latest").
    public let noun: String, example: String

    public init(
        fileName: String, kind: String, version: Int, legacyRequired: Set<String> = [], legacyAllowed: Set<String> = [],
        noun: String, example: String
    ) {
        self.fileName = fileName
        self.kind = kind
        self.version = version
        self.legacyRequired = legacyRequired
        self.legacyAllowed = legacyAllowed
        self.noun = noun
        self.example = example
    }

    var text: String { "\(kind) \(version)\n" }

    /// A folder with this marker (any version), an empty folder, or one of ours from before the
    /// marker. The marker is opened without following a link or blocking, and only its first 64
    /// bytes are read.
    func isOurs(_ folder: String) -> Bool {
        let fd = open(folder + "/" + fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return false }
            let text = String(decoding: buffer[..<n], as: UTF8.self)
            guard text.hasPrefix(kind + " "), text.hasSuffix("\n") else { return false }
            return Int(text.dropFirst(kind.count + 1).dropLast()) != nil
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let names = Set(entries)
        return names.isEmpty || (names.isSuperset(of: legacyRequired) && names.isSubset(of: legacyAllowed))
    }
}
