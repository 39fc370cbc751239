import CropFiles
import Foundation

/// Finds scenario files (files or folders, recursively, sorted) and parses them, collecting every
/// error instead of stopping at the first file.
public enum ScenarioLoader {
    /// Files in these folders are not scenarios.
    static let ignoredNames: Set<String> = ["schema.json"]

    public struct Loaded: Sendable {
        /// Each file as it states itself (with its `$schema` and device preset), in load order.
        public var documents: [ScenarioDocument] = []
        public var errors: [ScenarioError] = []

        public var scenarios: [Scenario] { documents.map(\.scenario) }
    }

    /// One load is one run: the same file reached twice (named twice, or through two folders) is
    /// loaded once, under its first id; two different files with one id are an error naming both,
    /// since reports, filters and shards address scenarios by id.
    public static func load(_ paths: [String]) -> Loaded {
        var loaded = Loaded()
        loaded.errors = visit(paths) { loaded.documents.append($0) }
        return loaded
    }

    /// `load` one document at a time: `body` gets each in load order and the errors are
    /// returned, so a caller that keeps less than the documents (a suite of thousands) never
    /// holds them all.
    public static func visit(_ paths: [String], _ body: (ScenarioDocument) -> Void) -> [ScenarioError] {
        var errors: [ScenarioError] = []
        var seenFiles: Set<ScenarioFile.Identity> = []
        var fileOfID: [String: String] = [:]
        for (file, id) in files(paths, errors: &errors) {
            let contents: (bytes: [UInt8], identity: ScenarioFile.Identity)
            do {
                contents = try ScenarioFile.contents(file)
            } catch {
                errors.append(ScenarioError(file: file, line: 0, column: 0, path: "$", message: error.message))
                continue
            }
            guard seenFiles.insert(contents.identity).inserted else { continue }
            if let other = fileOfID[id] {
                errors.append(
                    ScenarioError(
                        file: file, line: 0, column: 0, path: "$",
                        message: "scenario id \(quoted(id)) is also the id of \(other); ids must be unique in one run"))
                continue
            }
            fileOfID[id] = file
            do {
                body(try ScenarioParser.document(contents.bytes, file: file, id: id))
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// One file `visit` gave under `id`, read and parsed again: a run that keeps less than its
    /// scenarios reads each again when it runs it.
    public static func reload(file: String, id: String) throws(ScenarioError) -> ScenarioDocument {
        let bytes: [UInt8]
        do { bytes = try ScenarioFile.contents(file).bytes } catch {
            throw ScenarioError(file: file, line: 0, column: 0, path: "$", message: error.message)
        }
        return try ScenarioParser.document(bytes, file: file, id: id)
    }

    /// Every `.json` file under the paths with its id: the path relative to the folder named on
    /// the command line (or the file's name), without `.json`. Paths are path text (`PathText`):
    /// a file whose name is not UTF-8 is found and named with its bytes escaped, never skipped.
    /// Links to folders are followed as before (a suite may link a shared folder), loops stopped.
    public static func files(_ paths: [String], errors: inout [ScenarioError]) -> [(file: String, id: String)] {
        var out: [(String, String)] = []
        for path in paths {
            var info = stat()
            guard PathText.withCString(path, { stat($0, &info) }) == 0 else {
                // stat says a symbolic link loop does not exist; opening it says why.
                var message = "no such file or folder"
                do { _ = try ScenarioFile.contents(path) } catch { message = error.message }
                errors.append(ScenarioError(file: path, line: 0, column: 0, path: "$", message: message))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                out.append((path, name.hasSuffix(".json") ? String(name.dropLast(5)) : name))
                continue
            }
            let base = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            var visited: Set<FileIdentity> = []
            for relative in walk(base, prefix: "", visited: &visited).sorted() {
                out.append((base + "/" + relative, String(relative.dropLast(5))))
            }
        }
        return out
    }

    /// The `.json` files below `folder` (relative to it), following links to folders once each.
    private static func walk(_ folder: String, prefix: String, visited: inout Set<FileIdentity>) -> [String] {
        guard let identity = FileIdentity(path: folder), visited.insert(identity).inserted,
            let dir = PathText.withCString(folder, { opendir($0) })
        else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathText.escape($0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        var found: [String] = []
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            let kind = PathText.withCString(path, { stat($0, &info) }) == 0 ? info.st_mode & S_IFMT : 0
            if name.hasSuffix(".json"), name.count > 5, !ignoredNames.contains(name) {
                // Not resolved: a link to a file elsewhere keeps its name (and id) under the root;
                // a FIFO, a folder named .json or a dangling link is refused when it is read.
                found.append(prefix + name)
            }
            if kind == S_IFDIR { found += walk(path, prefix: prefix + name + "/", visited: &visited) }
        }
        return found
    }
}
