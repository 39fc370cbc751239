import Foundation

/// A folder that looks like a user's checkout: a `.git`, a tracked `Reports/README.md`, notes, a
/// previous report and a symbolic link to it, a FIFO, an empty folder, two scenarios in `S/` and a
/// failing one. Commands run inside it; `r/` is theirs to write, everything else must stay as it
/// was to the byte (`snapshot()`).
public struct Sandbox {
    public let parent: TemporaryFolder
    public let root: URL

    public init() throws {
        parent = try TemporaryFolder()
        root = parent.url("sandbox")
        let files = FileManager.default
        for folder in [".git/objects", "Reports", "S", "r", "empty-dir"] {
            try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write("ref: refs/heads/main\n", to: ".git/HEAD")
        try write("tracked\n", to: "Reports/README.md")
        try write("mine\n", to: "notes.txt")
        for name in ["pinch-out-to-max", "drag-clamp-right"] {
            try files.copyItem(
                atPath: Repository.path("Scenarios/gestures/\(name).json"), toPath: path("S/\(name).json"))
        }
        try write(try Self.failingScenario(), to: "failing.json")
        // A previous report as cropsim recognises one (its marker): the one kind of folder a run may replace.
        try files.createDirectory(at: root.appendingPathComponent("a-report"), withIntermediateDirectories: false)
        try write("cropsim-report 1\n", to: "a-report/.cropsim-report")
        try files.createSymbolicLink(atPath: path("link"), withDestinationPath: "a-report")
        guard mkfifo(path("fifo"), 0o644) == 0 else { throw POSIXError(.EIO) }
    }

    public var path: String { root.path }
    public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// Every entry outside `r/`: its kind, permissions, size, link target, and a regular file's bytes.
    public func snapshot() throws -> [String: String] {
        var entries: [String: String] = [:]
        let files = FileManager.default
        for relative in try files.subpathsOfDirectory(atPath: path) where relative != "r" && !relative.hasPrefix("r/") {
            let attributes = try files.attributesOfItem(atPath: path(relative))
            let kind = attributes[.type] as? FileAttributeType
            var entry = "\(kind?.rawValue ?? "?") \(attributes[.posixPermissions] ?? "") \(attributes[.size] ?? "")"
            if kind == .typeSymbolicLink {
                entry += " -> " + (try files.destinationOfSymbolicLink(atPath: path(relative)))
            }
            if kind == .typeRegular {
                entry += " " + (try Data(contentsOf: root.appendingPathComponent(relative))).base64EncodedString()
            }
            entries[relative] = entry
        }
        return entries
    }

    /// `pinch-out-to-max` expecting one haptic more than it plays: a scenario that runs and fails.
    public static func failingScenario() throws -> String {
        let text = try Repository.text("Scenarios/gestures/pinch-out-to-max.json")
        let failing = text.replacingOccurrences(
            of: #""hapticSequence": ["zoomMax"]"#, with: #""hapticSequence": ["zoomMax", "zoomMax"]"#)
        guard failing != text else { throw FixtureError("pinch-out-to-max.json no longer expects [\"zoomMax\"]") }
        return failing
    }
}
