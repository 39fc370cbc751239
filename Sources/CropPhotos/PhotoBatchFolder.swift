import CropSim
import CropVocabulary
import Foundation

/// A batch's output folder (`cropsim photos --out`). Unlike a report it is never swapped whole:
/// it accumulates results across reruns (that is what makes a batch resumable), so it must be
/// ours before anything is written into it — absent, empty, or holding the `.cropsim-photos`
/// marker. Every file in it is written to a temporary name and renamed, except the results
/// journal, which only ever grows by whole lines (`PhotoJournal`).
public struct PhotoBatchFolder: Sendable {
    public static let markerName = ".cropsim-photos"
    public static let marker = "cropsim-photos 1\n"
    public let path: String

    /// Checks the path without writing anything: refused (exit 2) unless absent, empty or ours.
    public init(_ path: String) throws(OutputError) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
        guard !path.isEmpty else { throw OutputError(.refused, "\"\": the output folder path is empty") }
        let name = (trimmed as NSString).lastPathComponent
        guard trimmed != "/", ![".", ".."].contains(name) else {
            throw OutputError(.refused, "\(path): names no folder of its own; give one such as Reports/photos")
        }
        var info = stat()
        guard lstat(trimmed, &info) == 0 else {
            guard errno == ENOENT else {
                throw OutputError(errno == ENOTDIR ? .refused : .failed, "\(path): \(String(cString: strerror(errno)))")
            }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw OutputError(.refused, "\(path): is a symbolic link; give the folder itself")
        case S_IFREG: throw OutputError(.refused, "\(path): is a file, not a folder")
        default: throw OutputError(.refused, "\(path): is not a folder")
        }
        guard Self.isOurs(trimmed) || Self.isEmpty(trimmed) else {
            throw OutputError(.refused, "\(path): is a folder cropsim did not write (it has no \(Self.markerName)); refusing to write into it")
        }
    }

    static func isOurs(_ folder: String) -> Bool {
        guard let text = try? String(contentsOfFile: folder + "/" + markerName, encoding: .utf8) else { return false }
        return text.hasPrefix("cropsim-photos ")
    }

    static func isEmpty(_ folder: String) -> Bool {
        guard let dir = opendir(folder) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    /// Creates the folder (and missing parents), the marker first, then `thumbs/`.
    public func prepare() throws(OutputError) {
        try Self.makeFolders(path)
        if !Self.isOurs(path) { try OutputFile.write(Array(Self.marker.utf8), to: path + "/" + Self.markerName) }
        try Self.makeFolders(path + "/thumbs")
    }

    /// A content-addressed file (a thumbnail, an avatar) below the folder, unless it is there
    /// already: a temporary file hard-linked into place, so two workers writing the same photo's
    /// thumbnail never collide and a reader never sees half of one.
    public func add(_ bytes: [UInt8], at relative: String) throws(OutputError) {
        _ = try OutputFile.create(bytes, at: path + "/" + relative)
    }

    /// `bytes` to `relative` (below the folder) through a temporary file and a rename.
    public func write(_ bytes: [UInt8], to relative: String) throws(OutputError) {
        let file = path + "/" + relative
        let folder = (file as NSString).deletingLastPathComponent
        try Self.makeFolders(folder)
        try OutputFile.write(bytes, to: file)
    }

    static func makeFolders(_ folder: String) throws(OutputError) {
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw OutputError(errno == ENOTDIR ? .refused : .failed, "\(built): cannot create the folder: \(String(cString: strerror(errno)))")
            }
            var info = stat()
            guard stat(built, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(.refused, "\(built): is not a folder")
            }
        }
    }
}
