import Foundation

/// An output folder cropsim replaces whole, which must never cost the user anything: only a
/// folder that is absent, empty or one of ours (it holds its caller's `FolderMark`) is ever
/// replaced, and the replacement is crash-safe. CropFiles knows how, not what: the caller says
/// what marks the folder as its own (a report's is CropReport's `FolderMark.report`). See
/// docs/reports.md ("How the folder is replaced") for the scheme; in short:
///
/// 1. Before the run, `check()` refuses "", ".", "/", the working directory or an ancestor of it,
///    a file, a symbolic link, and any folder without the mark.
/// 2. At the end, under an exclusive `flock` on `.NAME.lock` beside the folder (concurrent runs
///    into one folder take turns), leftovers of killed runs are recovered, the new folder is
///    written into `.NAME.tmp-PID` (marker first), flushed with one `syncfs`, and exchanged with
///    the old one by `renameat2(RENAME_EXCHANGE)`: at every instant one complete folder has the
///    name. The old one is then renamed to `.NAME.trash-PID` and deleted, marker last.
public struct MarkedFolder: Sendable {
    /// What makes a folder at the path ours.
    public let mark: FolderMark
    /// As given, for messages.
    public let path: String
    let parent: String
    let name: String
    var target: String { parent + "/" + name }

    /// Refuses paths that name no folder of their own ("", ".", "..", "/").
    public init(_ path: String, mark: FolderMark) throws(OutputError) {
        self.path = path
        self.mark = mark
        guard !path.isEmpty else { throw .refused(path, "the \(mark.noun) folder path is empty") }
        let (parent, name) = splitPath(path)
        guard path.contains(where: { $0 != "/" }), ![".", ".."].contains(name) else {
            throw .refused(path, "names no \(mark.noun) folder of its own; give one such as \(mark.example)")
        }
        self.parent = parent.isEmpty ? "." : parent
        self.name = name
    }

    /// Refuses anything but an absent folder, an empty one or one of ours. Returns whether
    /// something is there to replace.
    @discardableResult
    public func check() throws(OutputError) -> Bool {
        if let parentPath = Self.realPath(parent), let cwd = Self.realPath(".") {
            let real = parentPath == "/" ? "/" + name : parentPath + "/" + name
            if cwd == real || cwd.hasPrefix(real + "/") {
                throw .refused(
                    path, "is the working directory or contains it; give a \(mark.noun) folder such as \(mark.example)")
            }
        }
        var info = stat()
        guard lstat(target, &info) == 0 else {
            switch errno {
            case ENOENT: return false
            case ENOTDIR: throw .refused(path, "a component of the path is not a folder")
            default: throw .failed(path, "look at the \(mark.noun) folder")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw .refused(path, "is a symbolic link; give the \(mark.noun) folder itself")
        case S_IFREG: throw .refused(path, "is a file, not a \(mark.noun) folder")
        default: throw .refused(path, "is not a folder")
        }
        guard mark.isOurs(target) else {
            throw .refused(
                path, "is a folder cropsim did not write (it has no \(mark.fileName)); refusing to replace it")
        }
        if let input = InputFiles.input(atOrBelow: target) {
            throw .refused(path, "holds one of this command's inputs (\(input)); refusing to replace it")
        }
        return true
    }

    /// Writes the folder anew with `fill` (given the staging folder's path) and swaps it in.
    /// `waiting` is called once if another run holds the folder's lock.
    public func replace(waiting: () -> Void = {}, _ fill: (String) throws(OutputError) -> Void) throws(OutputError) {
        try check()  // before anything is created, even the lock file; again under the lock
        try Folders.make(parent, shownAs: path)
        let lock = try FolderLock(parent + "/.\(name).lock", shownAs: path, waiting: waiting)
        defer { lock.release() }
        recover()
        let exists = try check()

        let staging = sibling("tmp"), old = sibling("old"), trash = sibling("trash")
        Interrupts.register(staging: staging, trash: trash, also: [old], markedBy: mark.fileName)
        defer { Interrupts.unregister() }
        guard mkdir(staging, 0o755) == 0 else { throw .failed(path, "create \(staging)") }
        do {
            try OutputFile.writeNew(
                Array(mark.text.utf8), to: staging + "/" + mark.fileName, shownAs: path, sync: false)
            try fill(staging)
            try syncFileSystem(of: staging)
        } catch {
            Folders.remove(staging, last: mark.fileName)
            throw error
        }

        let previous = try Interrupts.exclusive { () throws(OutputError) -> String? in
            try swap(staging, exists: exists, old: old)
        }
        Self.syncFolder(parent)
        if let previous {
            Folders.remove(rename(previous, trash) == 0 ? trash : previous, last: mark.fileName)
        }
    }

    /// Puts `staging` under the name. Returns where the previous folder now is, if there was one.
    private func swap(_ staging: String, exists: Bool, old: String) throws(OutputError) -> String? {
        if !exists {
            if Rename.at2(staging, target, flags: Rename.noReplace) == 0 { return nil }
            guard Rename.unsupported(errno), rename(staging, target) == 0 else {
                throw .failed(path, "move the new \(mark.noun) into place")
            }
            return nil
        }
        if Rename.at2(staging, target, flags: Rename.exchange) == 0 { return staging }
        guard Rename.unsupported(errno) else { throw .failed(path, "replace the \(mark.noun) folder") }
        // Without an atomic exchange: two renames. A run killed between them leaves the name
        // empty and the previous folder as `.NAME.old-PID`, which `recover()` puts back.
        guard rename(target, old) == 0 else { throw .failed(path, "move the previous \(mark.noun) aside") }
        guard rename(staging, target) == 0 else {
            let code = errno
            rename(old, target)
            throw .failed(path, "move the new \(mark.noun) into place", errno: code)
        }
        return old
    }

    /// Cleans up after runs that were killed (the caller holds the lock, so no live run owns
    /// any of these): puts back a previous folder left as `.NAME.old-PID` if the name is empty,
    /// then deletes `.NAME.{tmp,old,trash}-PID` folders that are ours (or empty).
    func recover() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let leftovers = entries.sorted().compactMap { entry -> (kind: Substring, path: String)? in
            guard entry.hasPrefix(".\(name).") else { return nil }
            let rest = entry.dropFirst(name.count + 2)
            guard let dash = rest.firstIndex(of: "-"), ["tmp", "old", "trash"].contains(rest[..<dash]) else {
                return nil
            }
            let pid = rest[rest.index(after: dash)...]
            guard !pid.isEmpty, pid.allSatisfy(\.isASCII), pid.allSatisfy(\.isNumber) else { return nil }
            let path = parent + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            return (rest[..<dash], path)
        }
        var info = stat()
        if lstat(target, &info) != 0, errno == ENOENT,
            let previous = leftovers.first(where: { $0.kind == "old" && mark.isOurs($0.path) })
        {
            rename(previous.path, target)
        }
        for leftover in leftovers where mark.isOurs(leftover.path) {
            Folders.remove(leftover.path, last: mark.fileName)
        }
    }

    func sibling(_ kind: String) -> String { parent + "/.\(name).\(kind)-\(getpid())" }

    // MARK: - File system

    /// One flush of the whole file system before the swap, instead of one `fsync` per file.
    func syncFileSystem(of folder: String) throws(OutputError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .failed(path, "open \(folder)") }
        defer { close(fd) }
        guard Rename.syncfs(fd) == 0 else { throw .failed(path, "flush the \(mark.noun) to disk") }
    }

    /// Makes the rename itself durable.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
