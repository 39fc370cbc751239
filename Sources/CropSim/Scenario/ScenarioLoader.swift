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

    public static func load(_ paths: [String]) -> Loaded {
        var loaded = Loaded()
        for (file, id) in files(paths, errors: &loaded.errors) {
            guard let data = FileManager.default.contents(atPath: file) else {
                loaded.errors.append(ScenarioError(file: file, line: 0, column: 0, path: "$", message: "cannot read the file"))
                continue
            }
            do {
                loaded.scenarios.append(try ScenarioParser.parse(Array(data), file: file, id: id))
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
                errors.append(ScenarioError(file: path, line: 0, column: 0, path: "$", message: "no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                let root = URL(fileURLWithPath: path).resolvingSymlinksInPath()
                let found = (fm.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                    .filter { $0.pathExtension == "json" && !ignoredNames.contains($0.lastPathComponent) }
                    .map { $0.resolvingSymlinksInPath().path }
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
