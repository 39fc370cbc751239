import Foundation
import Testing

/// The program under test and the checkout it runs against.
///
/// `swift test` builds every product of the package before it runs a test, and runs the test
/// runner from the products directory (`swift build --show-bin-path`), so `cropsim` sits next to
/// it. `CROPSIM=path/to/cropsim` points the tests at another build (the release binary, say).
public enum Binaries {
    public static let cropsim: URL = {
        if let path = ProcessInfo.processInfo.environment["CROPSIM"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: Repository.root).standardizedFileURL
        }
        return productsDirectory.appendingPathComponent("cropsim")
    }()

    /// The Python interpreter the fixture models run on, as a path: `python3` resolved once
    /// (`sys.executable`), or `python3` when that fails. A version manager's `python3` on PATH may
    /// be a shell shim costing ~150 ms a start (pyenv's, here), and a test may start a model for
    /// every run that fails (a campaign's shrinking, a hundred), the model's own time being the
    /// same either way.
    public static let python3: String = {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let run = try? execute(["python3", "-c", "import sys; print(sys.executable)"], executable: env)
        let path = run.map { $0.status == 0 ? $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : "" } ?? ""
        return path.isEmpty ? "python3" : path
    }()

    /// The folder holding the running test binary (`/proc/self/exe`), where SwiftPM put the products.
    private static let productsDirectory: URL = {
        let runner =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent()
    }()
}
