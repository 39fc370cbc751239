import Foundation

/// Finds scenario files (files or folders, recursively, sorted) and parses them, collecting every
/// error instead of stopping at the first file.
public enum ScenarioLoader {
    /// Files in these folders are not scenarios.
    static let ignoredNames: Set<String> = ["schema.json"]

    public struct Loaded: Sendable {
        public var scenarios: [Scenario] = []
        public var errors: [ScenarioError] = []
    }

    /// One load is one run: the same file reached twice (named twice, or through two folders) is
    /// loaded once, under its first id; two different files with one id are an error naming both,
    /// since reports, filters and shards address scenarios by id.
    public static func load(_ paths: [String]) -> Loaded {
        var loaded = Loaded()
        var seenFiles: Set<ScenarioFile.Identity> = []
        var fileOfID: [String: String] = [:]
        for (file, id) in files(paths, errors: &loaded.errors) {
            let contents: (bytes: [UInt8], identity: ScenarioFile.Identity)
            do {
                contents = try ScenarioFile.contents(file)
            } catch {
                loaded.errors.append(ScenarioError(file: file, line: 0, column: 0, path: "$", message: error.message))
                continue
            }
            guard seenFiles.insert(contents.identity).inserted else { continue }
            if let other = fileOfID[id] {
                loaded.errors.append(ScenarioError(
                    file: file, line: 0, column: 0, path: "$",
                    message: "scenario id \(quoted(id)) is also the id of \(other); ids must be unique in one run"))
                continue
            }
            fileOfID[id] = file
            do {
                loaded.scenarios.append(try ScenarioParser.parse(contents.bytes, file: file, id: id))
            } catch {
                loaded.errors.append(error)
            }
        }
        return loaded
    }

    /// Every `.json` file under the paths with its id: the path relative to the folder named on
    /// the command line (or the file's name), without `.json`.
    public static func files(_ paths: [String], errors: inout [ScenarioError]) -> [(file: String, id: String)] {
        var out: [(String, String)] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // FileManager says a symbolic link loop does not exist; opening it says why.
                var message = "no such file or folder"
                do { _ = try ScenarioFile.contents(path) } catch { message = error.message }
                errors.append(ScenarioError(file: path, line: 0, column: 0, path: "$", message: message))
                continue
            }
            if isDirectory.boolValue {
                let root = URL(fileURLWithPath: path).resolvingSymlinksInPath()
                let found = (fm.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                    .filter { $0.pathExtension == "json" && !ignoredNames.contains($0.lastPathComponent) }
                    // Not resolved: a link to a file elsewhere keeps its name (and id) under the root.
                    .map(\.path)
                    .sorted()
                for file in found {
                    let relative = String(file.dropFirst(root.path.count + 1))
                    out.append((display(file, under: path, root: root.path), String(relative.dropLast(5))))
                }
            } else {
                out.append((path, String(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)))
            }
        }
        return out
    }

    /// Keeps file names in messages as the user wrote the folder (`Scenarios/x.json`).
    static func display(_ file: String, under given: String, root: String) -> String {
        let base = given.hasSuffix("/") ? String(given.dropLast()) : given
        return base + file.dropFirst(root.count)
    }
}
