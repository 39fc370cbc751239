import Foundation

/// The programs under test.
///
/// `swift test` builds every product of the package before it runs a test, and runs the test
/// runner from the products directory (`swift build --show-bin-path`), so `cropsim` and
/// `cropsim-studio` sit next to it. `CROPSIM=path/to/cropsim` points the tests at another build
/// (the release binary, say); `cropsim-studio` is then looked for next to that one.
public enum Binaries {
    public static let cropsim: URL = {
        if let path = ProcessInfo.processInfo.environment["CROPSIM"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: Repository.root).standardizedFileURL
        }
        return productsDirectory.appendingPathComponent("cropsim")
    }()

    public static let studio = cropsim.deletingLastPathComponent().appendingPathComponent("cropsim-studio")

    /// The folder holding the running test binary (`/proc/self/exe`), where SwiftPM put the products.
    private static let productsDirectory: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent()
    }()
}
