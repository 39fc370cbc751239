import Foundation
import PackagePlugin

/// Writes `GitCommit.swift` (`let gitCommit = "e216d3a"`) for the target it is applied to: the
/// short commit of the checkout being built, or `unknown` for a build from a tarball (no `.git`
/// in the package folder, or no `git`). It reruns when `HEAD` moves: its inputs are the
/// repository's `HEAD` and the reflog every commit, checkout and reset appends to. The package
/// folder's own `.git` is asked, never a repository around it.
@main
struct GitCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "GitCommit.swift")
        let gitFolder = Self.gitFolder(of: context.package.directoryURL)
        let inputs = ["HEAD", "logs/HEAD"].compactMap { gitFolder?.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path()) }
        let script = #"""
            commit=$(git --git-dir="$1" rev-parse --short=7 HEAD 2>/dev/null) || commit=unknown
            printf '/// The commit this build was made from (the GitCommit plugin).\nlet gitCommit = "%s"\n' "${commit:-unknown}" >"$2"
            """#
        return [
            .buildCommand(
                displayName: "Recording the git commit", executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "git-commit", gitFolder?.path() ?? "/nonexistent", output.path()],
                inputFiles: inputs, outputFiles: [output])
        ]
    }

    /// `.git` itself, or the folder a worktree's `.git` file names (`gitdir: …`).
    static func gitFolder(of package: URL) -> URL? {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(), isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
            return nil
        }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(filePath: path) : package.appending(path: path)
    }
}
