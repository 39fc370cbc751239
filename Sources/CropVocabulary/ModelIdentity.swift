/// Which editor is under test, as reports, JUnit files and fuzz finds name it: its name and
/// version, what it implements, and the choices it made where the spec is silent.
public struct ModelIdentity: Hashable, Sendable {
    public var name: String
    public var version: String
    public var capabilities: Capabilities
    public var policies: Policies

    public init(name: String, version: String, capabilities: Capabilities, policies: Policies = .init()) {
        self.name = name
        self.version = version
        self.capabilities = capabilities
        self.policies = policies
    }

    /// "name version", for one-line summaries.
    public var label: String { version.isEmpty ? name : "\(name) \(version)" }
}
