/// Which build of cropsim made an output: its version and the git commit it was built from, for
/// `cropsim --version` and the metadata of reports and finds. The commit comes from the
/// GitCommit build plugin (`unknown` when built from a tarball). Never part of a scenario's
/// logs: those stay byte-identical from one build to the next.
public struct BuildInfo: Codable, Sendable, Equatable, CustomStringConvertible {
    public var version: String
    public var commit: String

    /// The build running now.
    public static let current = BuildInfo(version: "0.9.0", commit: gitCommit)

    public init(version: String, commit: String) {
        self.version = version
        self.commit = commit
    }

    /// `0.9.0 (e216d3a)`.
    public var description: String { "\(version) (\(commit))" }
}
