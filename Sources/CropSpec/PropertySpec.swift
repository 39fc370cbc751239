import CropVocabulary

/// Everything there is to know about one property, in one declaration (`PropertyTable`): what
/// sort of rule it is, which ids it covers, what a model must declare for it to be judged, which
/// sentences of the spec it restates, what goes beyond them, and where its check lives. The
/// property reference (docs/properties.md, `cropsim oracle-doc`) is printed from these rows, so a
/// rule and its citation cannot drift apart.
public struct PropertySpec: Sendable {
    public let property: Property
    public let kind: Property.Kind
    /// Requirement ids (R1.1…R12.5), gesture-note rule ids (G-…) and rotation rule ids (ROT-…).
    public let covers: [String]
    /// Capabilities the model must declare, all of them.
    public let needs: Capabilities
    /// Capabilities of which the model must declare at least one, besides `needs` (empty: no
    /// such condition). `cropRectInSource` is judged on every frame's crop rect, or else on the
    /// crop request at confirm.
    public let needsOneOf: Capabilities
    /// The spec's sentences this rule restates, quoted exactly.
    public let spec: [SpecQuote]
    /// Where the rule holds every editor to more than the quoted words: documents recording the
    /// decision (repository paths, e.g. `docs/oracle.md#targets`). Policies are in `policies`.
    public let decisions: [String]
    /// The policies (`Policies.descriptors` names) whose value changes what this rule requires:
    /// the spec is silent there, and the model says which legal choice it made.
    public let policies: [String]
    /// Where the check lives: file names in Sources/CropSpec, or repository paths (with a `/`)
    /// for the rules no trace exercises.
    public let checkedIn: [String]

    init(
        _ property: Property, _ kind: Property.Kind, covers: [String], needs: Capabilities = [],
        needsOneOf: Capabilities = [], spec: [SpecQuote], decisions: [String] = [], policies: [String] = [],
        checkedIn: [String]
    ) {
        self.property = property
        self.kind = kind
        self.covers = covers
        self.needs = needs
        self.needsOneOf = needsOneOf
        self.spec = spec
        self.decisions = decisions
        self.policies = policies
        self.checkedIn = checkedIn
    }
}

/// One sentence (or part of one) of the spec, verbatim: `text` occurs in the place `source`
/// names, except that " … " stands for words left out. `PropertyTableTests` holds every quote to
/// the copies in docs/spec/.
public struct SpecQuote: Sendable {
    /// A requirement id (`R8.2`), a gesture-note rule id (`G-vocab-drag`), or a section of the
    /// requirements document without an id (`Zoom & Pan Math`, `UX Polish`, `API Configuration`).
    public let source: String
    public let text: String

    init(_ source: String, _ text: String) {
        self.source = source
        self.text = text
    }
}
