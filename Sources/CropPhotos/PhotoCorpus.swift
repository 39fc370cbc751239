import Foundation

/// The photos a batch checks: named files as they are, and every `.png`, `.jpg` and `.jpeg` below
/// named folders, sorted by path so that shards and reports are the same on every machine.
///
/// Folders are walked with `lstat`: a symbolic link to a folder is not followed (no loops, no
/// escaping the tree), a link to a file is taken as the file, and FIFOs, sockets and devices are
/// skipped unopened. A path named on the command line must exist and be a file or folder.
public enum PhotoCorpus {
    public static let extensions: Set<String> = ["png", "jpg", "jpeg"]
    /// Deeper trees are refused rather than walked: no photo library nests 256 folders.
    public static let maxDepth = 256

    /// `excluding`: a folder never walked into (the batch's own output, so its thumbnails are
    /// not taken for photos when it lies inside the corpus).
    public static func collect(_ paths: [String], excluding: String? = nil) throws(PhotoCorpusError) -> [String] {
        var found = Set<String>()
        let skip = excluding.flatMap(realPath)
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw PhotoCorpusError(description: "\(path.isEmpty ? "\"\"" : path): \(String(cString: strerror(errno)))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: found.insert(path)
            case S_IFDIR: try walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, depth: 0, skip: skip, into: &found)
            default: throw PhotoCorpusError(description: "\(path): is not a regular file or folder (a FIFO, socket or device)")
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func walk(_ folder: String, depth: Int, skip: String?, into found: inout Set<String>) throws(PhotoCorpusError) {
        if let skip, realPath(folder) == skip { return }
        guard depth < maxDepth else { throw PhotoCorpusError(description: "\(folder): folders nested deeper than \(maxDepth)") }
        guard let dir = opendir(folder) else {
            throw PhotoCorpusError(description: "\(folder): cannot list the folder: \(String(cString: strerror(errno)))")
        }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        for name in names {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, depth: depth + 1, skip: skip, into: &found)
            case S_IFREG, S_IFLNK:
                let ext = (name as NSString).pathExtension.lowercased()
                guard extensions.contains(ext) else { continue }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                }
                found.insert(path)
            default: continue
            }
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

public struct PhotoCorpusError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
