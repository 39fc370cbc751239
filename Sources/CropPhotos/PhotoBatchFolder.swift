import CropFiles
import CropSim
import CropVocabulary
import Foundation

/// A batch's output folder (`cropsim photos --out`). Unlike a report it is never swapped whole:
/// it accumulates results across reruns (that is what makes a batch resumable), so it must be
/// ours before anything is written into it — absent, empty, or holding the `.cropsim-photos`
/// marker — and so must every folder inside it: a `thumbs/`, `avatars/` or `insets/` that is a symbolic
/// link or a file is refused, never written through. Every file in it is written to a temporary
/// name and renamed (or hard-linked), except the results journal, which only ever grows by whole
/// lines (`PhotoJournal`). Runs into one folder take turns (`lock()`).
public struct PhotoBatchFolder: Sendable {
    public static let markerName = ".cropsim-photos"
    public static let marker = "cropsim-photos 1\n"
    static let lockName = ".cropsim-photos.lock"
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
        guard PathText.withCString(trimmed, { lstat($0, &info) }) == 0 else {
            guard errno == ENOENT else {
                throw OutputError(errno == ENOTDIR ? .refused : .failed, "\(path): \(ReadableFile.reason(errno))")
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
            throw OutputError(
                .refused,
                "\(path): is a folder cropsim did not write (it has no \(Self.markerName)); refusing to write into it")
        }
    }

    /// The marker, read as any input of ours: a regular file, no link, a few bytes.
    static func isOurs(_ folder: String) -> Bool {
        guard let file = try? ReadableFile(folder + "/" + markerName, followLinks: false),
            let bytes = try? file.readAll(limit: 64)
        else { return false }
        return bytes.starts(with: Array("cropsim-photos ".utf8))
    }

    /// Empty but for a marker another run is writing this moment (its temporary file, named by
    /// `OutputFile.write`): two runs started together into a new folder must both get in, and then
    /// take turns (`lock`), rather than the second calling the first's half-made folder foreign.
    static func isEmpty(_ folder: String) -> Bool {
        guard let dir = PathText.withCString(folder, { opendir($0) }) else { return false }
        defer { closedir(dir) }
        let markerBeingWritten = Array(".\(markerName).tmp-".utf8)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2e] && name != [0x2e, 0x2e] && !name.starts(with: markerBeingWritten) { return false }
        }
        return true
    }

    /// Creates the folder (and missing parents), the marker first, then `thumbs/` (and, for a
    /// batch that keeps them, `avatars/`, and for one that crops, `insets/`): a link or a file in
    /// their place is refused before any photo is checked.
    public func prepare(avatars: Bool = false, insets: Bool = false) throws(OutputError) {
        try Folders.make(path, shownAs: path)
        if !Self.isOurs(path) { try OutputFile.write(Array(Self.marker.utf8), to: path + "/" + Self.markerName) }
        for folder in ["thumbs"] + (avatars ? ["avatars"] : []) + (insets ? ["insets"] : []) {
            try Folders.make(path + "/" + folder, shownAs: path, inside: path)
        }
    }

    /// Takes the folder for this run (after `prepare`): a second batch into the same folder waits
    /// for the first, then finds its work done in the journal instead of doing it again.
    /// `waiting` is called once if another run holds the folder.
    public func lock(waiting: () -> Void) throws(OutputError) -> FolderLock {
        try FolderLock(path + "/" + Self.lockName, shownAs: path, waiting: waiting)
    }

    /// A content-addressed file (a thumbnail, an avatar) below the folder, unless it is there
    /// already: a temporary file hard-linked into place, so two workers writing the same photo's
    /// thumbnail never collide and a reader never sees half of one.
    public func add(_ bytes: [UInt8], at relative: String) throws(OutputError) {
        _ = try OutputFile.create(bytes, at: path + "/" + relative, inside: path)
    }

    /// `bytes` to `relative` (below the folder) through a temporary file and a rename.
    public func write(_ bytes: [UInt8], to relative: String) throws(OutputError) {
        let file = path + "/" + relative
        try Folders.make((file as NSString).deletingLastPathComponent, shownAs: path, inside: path)
        try OutputFile.write(bytes, to: file)
    }
}
