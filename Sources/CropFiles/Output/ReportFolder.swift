import CropFiles
import Foundation

/// The folder a run's report goes to, which must never cost the user anything: only a folder that
/// is absent, empty or a previous cropsim report is ever replaced, and the replacement is
/// crash-safe. See docs/reports.md ("How the folder is replaced") for the scheme; in short:
///
/// 1. Before the run, `check()` refuses "", ".", "/", the working directory or an ancestor of it,
///    a file, a symbolic link, and any folder without the `.cropsim-report` marker.
/// 2. At the end, under an exclusive `flock` on `.NAME.lock` beside the folder (concurrent runs
///    into one folder take turns), leftovers of killed runs are recovered, the new report is
///    written into `.NAME.tmp-PID` (marker first), flushed with one `syncfs`, and exchanged with
///    the old one by `renameat2(RENAME_EXCHANGE)`: at every instant one complete report has the
///    name. The old one is then renamed to `.NAME.trash-PID` and deleted, marker last.
public struct ReportFolder: Sendable {
    /// Marks a folder as a cropsim report, and says which format wrote it.
    public static let markerName = ".cropsim-report"
    public static let formatVersion = 1
    static var markerText: String { "cropsim-report \(formatVersion)\n" }
    /// What a report written before the marker existed holds; such a folder is still ours
    /// (`summary.json`, `junit.xml` and `scenarios/`, perhaps `index.html`, nothing else).
    static let legacyEntries: Set<String> = ["summary.json", "junit.xml", "index.html", "scenarios"]
    static let legacyRequired: Set<String> = ["summary.json", "junit.xml", "scenarios"]

    /// As given, for messages.
    public let path: String
    let parent: String
    let name: String
    var target: String { parent + "/" + name }

    /// Refuses paths that name no folder of their own ("", ".", "..", "/").
    public init(_ path: String) throws(OutputError) {
        self.path = path
        guard !path.isEmpty else { throw .refused(path, "the report folder path is empty") }
        let (parent, name) = splitPath(path)
        guard path.contains(where: { $0 != "/" }), ![".", ".."].contains(name) else {
            throw .refused(path, "names no report folder of its own; give one such as Reports/latest")
        }
        self.parent = parent.isEmpty ? "." : parent
        self.name = name
    }

    /// Refuses anything but an absent folder, an empty one or a previous report. Returns whether
    /// something is there to replace.
    @discardableResult
    public func check() throws(OutputError) -> Bool {
        if let parentPath = Self.realPath(parent), let cwd = Self.realPath(".") {
            let real = parentPath == "/" ? "/" + name : parentPath + "/" + name
            if cwd == real || cwd.hasPrefix(real + "/") {
                throw .refused(path, "is the working directory or contains it; give a report folder such as Reports/latest")
            }
        }
        var info = stat()
        guard lstat(target, &info) == 0 else {
            switch errno {
            case ENOENT: return false
            case ENOTDIR: throw .refused(path, "a component of the path is not a folder")
            default: throw .failed(path, "look at the report folder")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw .refused(path, "is a symbolic link; give the report folder itself")
        case S_IFREG: throw .refused(path, "is a file, not a report folder")
        default: throw .refused(path, "is not a folder")
        }
        guard Self.isReport(target) else {
            throw .refused(path, "is a folder cropsim did not write (it has no \(Self.markerName)); refusing to replace it")
        }
        if let input = InputFiles.input(atOrBelow: target) {
            throw .refused(path, "holds one of this command's inputs (\(input)); refusing to replace it")
        }
        return true
    }

    /// Writes a new report with `fill` (given the staging folder's path) and swaps it in.
    /// `waiting` is called once if another run holds the folder's lock.
    public func replace(waiting: () -> Void = {}, _ fill: (String) throws(OutputError) -> Void) throws(OutputError) {
        try check()  // before anything is created, even the lock file; again under the lock
        try Self.makeFolders(parent, shownAs: path)
        let lock = try FolderLock(parent + "/.\(name).lock", shownAs: path, waiting: waiting)
        defer { lock.release() }
        recover()
        let exists = try check()

        let staging = sibling("tmp"), old = sibling("old"), trash = sibling("trash")
        Interrupts.register(staging: staging, trash: trash, also: [old])
        defer { Interrupts.unregister() }
        guard mkdir(staging, 0o755) == 0 else { throw .failed(path, "create \(staging)") }
        do {
            try OutputFile.writeNew(Array(Self.markerText.utf8), to: staging + "/" + Self.markerName, shownAs: path, sync: false)
            try fill(staging)
            try Self.syncFileSystem(of: staging, shownAs: path)
        } catch {
            Self.removeReport(staging)
            throw error
        }

        let previous = try Interrupts.exclusive { () throws(OutputError) -> String? in
            try swap(staging, exists: exists, old: old)
        }
        Self.syncFolder(parent)
        if let previous {
            Self.removeReport(rename(previous, trash) == 0 ? trash : previous)
        }
    }

    /// Puts `staging` under the name. Returns where the previous report now is, if there was one.
    private func swap(_ staging: String, exists: Bool, old: String) throws(OutputError) -> String? {
        if !exists {
            if Rename.at2(staging, target, flags: Rename.noReplace) == 0 { return nil }
            guard Rename.unsupported(errno), rename(staging, target) == 0 else { throw .failed(path, "move the new report into place") }
            return nil
        }
        if Rename.at2(staging, target, flags: Rename.exchange) == 0 { return staging }
        guard Rename.unsupported(errno) else { throw .failed(path, "replace the report folder") }
        // Without an atomic exchange: two renames. A run killed between them leaves the name
        // empty and the previous report as `.NAME.old-PID`, which `recover()` puts back.
        guard rename(target, old) == 0 else { throw .failed(path, "move the previous report aside") }
        guard rename(staging, target) == 0 else {
            let code = errno
            rename(old, target)
            throw .failed(path, "move the new report into place", errno: code)
        }
        return old
    }

    /// Cleans up after runs that were killed (the caller holds the lock, so no live run owns
    /// any of these): puts back a previous report left as `.NAME.old-PID` if the name is empty,
    /// then deletes `.NAME.{tmp,old,trash}-PID` folders that are reports (or empty).
    func recover() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let leftovers = entries.sorted().compactMap { entry -> (kind: Substring, path: String)? in
            guard entry.hasPrefix(".\(name).") else { return nil }
            let rest = entry.dropFirst(name.count + 2)
            guard let dash = rest.firstIndex(of: "-"), ["tmp", "old", "trash"].contains(rest[..<dash]) else { return nil }
            let pid = rest[rest.index(after: dash)...]
            guard !pid.isEmpty, pid.allSatisfy(\.isASCII), pid.allSatisfy(\.isNumber) else { return nil }
            let path = parent + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            return (rest[..<dash], path)
        }
        var info = stat()
        if lstat(target, &info) != 0, errno == ENOENT,
           let previous = leftovers.first(where: { $0.kind == "old" && Self.isReport($0.path) }) {
            rename(previous.path, target)
        }
        for leftover in leftovers where Self.isReport(leftover.path) {
            Self.removeReport(leftover.path)
        }
    }

    func sibling(_ kind: String) -> String { parent + "/.\(name).\(kind)-\(getpid())" }

    // MARK: - File system

    /// A folder with our marker, an empty folder, or a report from before the marker.
    static func isReport(_ folder: String) -> Bool {
        let marker = folder + "/" + markerName
        let fd = open(marker, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return false }
            let text = String(decoding: buffer[..<n], as: UTF8.self)
            guard text.hasPrefix("cropsim-report "), text.hasSuffix("\n") else { return false }
            return Int(text.dropFirst(15).dropLast()) != nil
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let names = Set(entries)
        return names.isEmpty || (names.isSuperset(of: legacyRequired) && names.isSubset(of: legacyEntries))
    }

    /// Deletes a report folder, its marker last, so that a run killed while deleting leaves a
    /// folder the next run still recognizes (or an empty one). Files are unlinked on several
    /// threads: a report that has reached the disk costs a few milliseconds per unlink on some
    /// file systems (ext4 with `discard` on a virtual disk: 2.5 s for the suite's 850 files in
    /// order, 0.5 s eight at a time), and the waits overlap.
    static func removeReport(_ folder: String) {
        for _ in 0..<2 {
            var files: [String] = [], folders: [String] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry != markerName {
                collect(folder + "/" + entry, files: &files, folders: &folders)
            }
            ConcurrentIO.forEach(files) { unlink($0) }
            for sub in folders.reversed() { rmdir(sub) }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry != markerName {
                try? FileManager.default.removeItem(atPath: folder + "/" + entry)
            }
            unlink(folder + "/" + markerName)
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

    /// `mkdir -p` with plain system calls, for one-line errors. Below `root` (an output folder
    /// cropsim owns) every folder must be a real one: a symbolic link or a file there is refused,
    /// never written through. `root` itself is never created (a staging folder that an interrupt
    /// has just removed stays removed). A file where a folder belongs is refused (exit 2) in every
    /// command; only a folder the system will not let us make is a failure (exit 3).
    public static func makeFolders(_ folder: String, shownAs shown: String, inside root: String? = nil) throws(OutputError) {
        let below = root.map { folder.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? false
        var info = stat()
        if PathText.withCString(folder, { lstat($0, &info) }) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return }
            if below { throw .refused(shown, "\(folder) is not a folder of cropsim's (a symbolic link or a file); refusing to write through it") }
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
        if !up.isEmpty && up != folder { try makeFolders(up, shownAs: shown, inside: root) }
        if PathText.withCString(folder, { mkdir($0, 0o755) }) == 0 { return }
        guard errno == EEXIST else {
            throw errno == ENOTDIR ? .refused(shown, "a component of \(folder) is not a folder") : .failed(shown, "create \(folder)")
        }
        try makeFolders(folder, shownAs: shown, inside: root)  // made meanwhile by another run: check what it is
    }

    /// One flush of the whole file system before the swap, instead of one `fsync` per file.
    static func syncFileSystem(of folder: String, shownAs shown: String) throws(OutputError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .failed(shown, "open \(folder)") }
        defer { close(fd) }
        guard Rename.syncfs(fd) == 0 else { throw .failed(shown, "flush the report to disk") }
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

/// An exclusive `flock` on a file beside (or in) an output folder. The file stays (deleting a lock
/// file races with a run that has just opened it); the lock goes with the process. Opened without
/// blocking or following a link, and refused unless it is a regular file.
public struct FolderLock: Sendable {
    let fd: Int32

    public init(_ file: String, shownAs shown: String, waiting: () -> Void) throws(OutputError) {
        fd = PathText.withCString(file) { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644) }
        guard fd >= 0 else {
            throw errno == ELOOP ? .refused(shown, "the lock file \(file) is a symbolic link") : .failed(shown, "create the lock file \(file)")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .refused(shown, "the lock file \(file) \(ReadableFile.kind(info.st_mode))")
        }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            let code = errno
            close(fd)
            throw .failed(shown, "lock \(file)", errno: code)
        }
        waiting()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(fd)
                throw .failed(shown, "lock \(file)", errno: code)
            }
        }
    }

    public func release() { close(fd) }
}

/// Linux calls that Glibc's Swift module does not declare (they need `_GNU_SOURCE`).
enum Rename {
    static let exchange: UInt32 = 2    // RENAME_EXCHANGE
    static let noReplace: UInt32 = 1   // RENAME_NOREPLACE

    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias Syncfs = @convention(c) (Int32) -> Int32
    private static let renameat2: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
    private static let syncfsCall: Syncfs? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: Syncfs.self) }

    static func at2(_ from: String, _ to: String, flags: UInt32) -> Int32 {
        guard let renameat2 else {
            errno = ENOSYS
            return -1
        }
        return renameat2(AT_FDCWD, from, AT_FDCWD, to, flags)
    }

    /// The kernel or file system cannot do it (old kernel, some network file systems).
    static func unsupported(_ code: Int32) -> Bool { code == EINVAL || code == ENOSYS || code == EOPNOTSUPP }

    static func syncfs(_ fd: Int32) -> Int32 {
        if let syncfsCall { return syncfsCall(fd) }
        sync()
        return 0
    }
}
