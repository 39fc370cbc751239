import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away, so a
/// test's files go with it whether it passes, fails or throws. Hold the value for as long as the
/// folder is used (a `let` in the test's scope, or a suite's property).
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// `label` names the folder (`cropsim-<label>-<UUID>`), so one left behind by a killed run
    /// says which tests made it.
    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cropsim-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public var path: String { url.path }

    public func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }
    public func path(_ relative: String) -> String { url(relative).path }

    public func write(_ text: String, to relative: String) throws {
        let file = url(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    public func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: url(relative)), as: UTF8.self)
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    public func contents(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(relative)).sorted()
    }

    public func makeFIFO(_ relative: String) throws {
        guard mkfifo(path(relative), 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
