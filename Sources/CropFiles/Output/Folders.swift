import Foundation

/// Making and deleting the folders cropsim writes, with plain system calls for one-line errors.
public enum Folders {
    /// `mkdir -p`. Below `root` (an output folder cropsim owns) every folder must be a real one: a
    /// symbolic link or a file there is refused, never written through. `root` itself is never
    /// created (a staging folder that an interrupt has just removed stays removed). A file where a
    /// folder belongs is refused (exit 2) in every command; only a folder the system will not let
    /// us make is a failure (exit 3).
    public static func make(_ folder: String, shownAs shown: String, inside root: String? = nil) throws(OutputError) {
        let below = root.map { folder.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? false
        var info = stat()
        if PathText.withCString(folder, { lstat($0, &info) }) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return }
            if below {
                throw .refused(
                    shown,
                    "\(folder) is not a folder of cropsim's (a symbolic link or a file); refusing to write through it")
            }
            guard PathText.withCString(folder, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .refused(shown, "\(folder) is not a folder")
            }
            return
        }
        switch errno {
        case ENOENT: break
        case ENOTDIR: throw .refused(shown, "a component of \(folder) is not a folder")
        default: throw .failed(shown, "create \(folder)")
        }
        guard folder != root else { throw .failed(shown, "create \(folder)", errno: ENOENT) }
        let up = splitPath(folder).folder
        if !up.isEmpty && up != folder { try make(up, shownAs: shown, inside: root) }
        if PathText.withCString(folder, { mkdir($0, 0o755) }) == 0 { return }
        guard errno == EEXIST else {
            throw errno == ENOTDIR
                ? .refused(shown, "a component of \(folder) is not a folder") : .failed(shown, "create \(folder)")
        }
        try make(folder, shownAs: shown, inside: root)  // made meanwhile by another run: check what it is
    }

    /// Deletes a folder of ours, its marker file `last` of all, so that a run killed while
    /// deleting leaves a folder the next run still recognizes (or an empty one). Files are
    /// unlinked on several threads: a report that has reached the disk costs a few milliseconds
    /// per unlink on some file systems (ext4 with `discard` on a virtual disk: 2.5 s for the
    /// suite's 850 files in order, 0.5 s eight at a time), and the waits overlap.
    public static func remove(_ folder: String, last marker: String) {
        for _ in 0..<2 {
            var files: [String] = [], folders: [String] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry != marker {
                collect(folder + "/" + entry, files: &files, folders: &folders)
            }
            ConcurrentIO.forEach(files) { unlink($0) }
            for sub in folders.reversed() { rmdir(sub) }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry != marker {
                try? FileManager.default.removeItem(atPath: folder + "/" + entry)
            }
            unlink(folder + "/" + marker)
            if rmdir(folder) == 0 || errno == ENOENT { return }
        }
    }

    /// Every file below `path` (and `path` itself when it is no folder), and its folders
    /// parents first. Symbolic links are files here: never followed.
    private static func collect(_ path: String, files: inout [String], folders: inout [String]) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            files.append(path)
            return
        }
        folders.append(path)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            collect(path + "/" + entry, files: &files, folders: &folders)
        }
    }
}
