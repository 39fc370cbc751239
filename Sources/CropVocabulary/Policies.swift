/// The choices an editor makes where the spec is silent, each with its legal alternatives: the
/// oracle holds a model to the spec plus the policies it declares, so an editor that decides
/// otherwise than the reference editor passes, while the same editor with a real bug does not
/// (docs/bring-your-own-model.md#policies). The defaults are the reference editor's choices.
public struct Policies: Hashable, Sendable {
    public init() {}

    /// One policy: its name, its values (the default first), and how to read and set it.
    public struct Descriptor: Sendable {
        public var name: String
        public var values: [String]
        /// What the policy decides, in one line.
        public var summary: String
        public var get: @Sendable (Policies) -> String
        public var set: @Sendable (inout Policies, String) -> Bool
    }

    /// Every policy, in a fixed order (reports list them this way).
    public static let descriptors: [Descriptor] = []

    /// Sets the policy `name` to `value`.
    public mutating func set(_ name: String, to value: String) throws(UnknownName) {
        guard let d = Self.descriptors.first(where: { $0.name == name }) else { throw UnknownName(kind: "policy", name: name) }
        guard d.set(&self, value) else { throw UnknownName(kind: "value of policy \(name)", name: value) }
    }

    /// Every policy with its value, in `descriptors` order.
    public var values: [(name: String, value: String)] { Self.descriptors.map { ($0.name, $0.get(self)) } }

    /// The policies that differ from the reference editor's.
    public var changed: [(name: String, value: String)] {
        let reference = Policies()
        return Self.descriptors.filter { $0.get(self) != $0.get(reference) }.map { ($0.name, $0.get(self)) }
    }
}
