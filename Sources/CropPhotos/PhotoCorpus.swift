import CropFiles
import Foundation

/// The photos a batch checks: named files as they are, and every `.png`, `.jpg` and `.jpeg` below
/// named folders, sorted by path bytes so that shards and reports are the same on every machine.
///
/// Paths are path text (`PathText`): a name that is not UTF-8 is found and kept with its bytes
/// escaped (`\xNN`), never skipped. Folders are walked with `lstat`: a symbolic link to a folder
/// is not followed (no loops, no escaping the tree), a link to a file is taken as the file, and
/// FIFOs, sockets and devices are skipped unopened. A path named on the command line must exist
/// and be a file or folder.
public enum PhotoCorpus {
    public static let extensions: Set<String> = ["png", "jpg", "jpeg"]
    /// Deeper trees are refused rather than walked: no photo library nests 256 folders.
    public static let maxDepth = 256

    /// `excluding`: a folder never walked into (the batch's own output, so its thumbnails are
    /// not taken for photos when it lies inside the corpus), compared by device and inode.
    public static func collect(_ paths: [String], excluding: String? = nil) throws(PhotoCorpusError) -> [String] {
        var found = Set<String>()
        let skip = excluding.flatMap { FileIdentity(path: $0) }
        for path in paths {
            var info = stat()
            guard PathText.withCString(path, { stat($0, &info) }) == 0 else {
                throw PhotoCorpusError(description: "\(path.isEmpty ? "\"\"" : path): \(ReadableFile.reason(errno))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: found.insert(path)
            case S_IFDIR:
                try walk(
                    path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, depth: 0, skip: skip,
                    into: &found)
            default:
                throw PhotoCorpusError(
                    description: "\(path): is not a regular file or folder (a FIFO, socket or device)")
            }
        }
        return found.sorted { PathText.bytes($0).lexicographicallyPrecedes(PathText.bytes($1)) }
    }

    private static func walk(_ folder: String, depth: Int, skip: FileIdentity?, into found: inout Set<String>)
        throws(PhotoCorpusError)
    {
        if let skip, FileIdentity(path: folder) == skip { return }
        guard depth < maxDepth else {
            throw PhotoCorpusError(description: "\(folder): folders nested deeper than \(maxDepth)")
        }
        for name in try names(in: folder) {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            guard PathText.withCString(path, { lstat($0, &info) }) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, depth: depth + 1, skip: skip, into: &found)
            case S_IFREG, S_IFLNK:
                guard extensions.contains(fileExtension(name)) else { continue }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard PathText.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else {
                        continue
                    }
                }
                found.insert(path)
            default: continue
            }
        }
    }

    /// A folder's entries as path text, from the bytes `readdir` gives.
    private static func names(in folder: String) throws(PhotoCorpusError) -> [String] {
        guard let dir = PathText.withCString(folder, { opendir($0) }) else {
            throw PhotoCorpusError(description: "\(folder): cannot list the folder: \(ReadableFile.reason(errno))")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathText.escape($0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The lowercased extension of a name: what follows its last dot (not a leading one).
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

public struct PhotoCorpusError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
