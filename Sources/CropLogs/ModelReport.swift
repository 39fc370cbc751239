import CropModel
import CropSim
import CropSpec
import CropVocabulary

/// The model under test as every report names it (summary.json, JUnit, the HTML page, fuzz
/// summaries and finds): who it is, what it implements, the policies applied, and the
/// properties it leaves unjudged.
public struct ModelReport: Codable, Sendable, Equatable {
    public var name: String
    public var version: String
    /// The `--model` command, or nil for the reference editor in process.
    public var command: String?
    public var capabilities: [String]
    public var missingCapabilities: [String]
    /// Every policy and the value the oracle applied.
    public var policies: [String: String]
    /// Per-run properties the model's capabilities leave unjudged.
    public var notJudged: [String]

    public init(_ identity: ModelIdentity, command: String?) {
        name = identity.name
        version = identity.version
        self.command = command
        capabilities = identity.capabilities.names
        missingCapabilities = Capabilities.all.subtracting(identity.capabilities).names
        policies = Dictionary(uniqueKeysWithValues: identity.policies.values.map { ($0.name, $0.value) })
        notJudged = Property.allCases.filter { $0.kind != .static && !$0.isJudged(given: identity.capabilities) }.map(
            \.rawValue)
    }

    /// One line for a terminal: the model, the policies that are not the reference editor's,
    /// and what is not judged.
    public var line: String {
        var out = "model: \(name)\(version.isEmpty ? "" : " \(version)")"
        let changed = policies.filter { key, value in Policies().values.first { $0.name == key }?.value != value }
        if !changed.isEmpty {
            out +=
                "; policies: "
                + changed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        }
        if !notJudged.isEmpty { out += "; not judged: " + notJudged.joined(separator: ", ") }
        return out
    }
}
