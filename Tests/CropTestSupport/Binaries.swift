import Foundation

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

    /// The folder holding the running test binary (`/proc/self/exe`), where SwiftPM put the products.
    private static let productsDirectory: URL = {
        let runner =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent()
    }()
}
