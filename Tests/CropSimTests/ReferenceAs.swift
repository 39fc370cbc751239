import CropModel
import CropVocabulary

/// The reference editor claiming another identity (fewer capabilities, other policies) or
/// reporting less than it knows, while it still does what it does: how the tests ask what the
/// oracle and the scenarios make of an editor that claims a choice it does not make, lacks a
/// capability, or reports its readout in part.
struct ReferenceAs: EditorModel {
    /// What the editor claims: its identity, and how its readout is cut down.
    struct Claim: Sendable {
        var identity: ModelIdentity
        var readout: @Sendable (Readout) -> Readout = { $0 }
    }

    typealias Context = Claim
    var editor: Editor
    let edit: @Sendable (Readout) -> Readout

    static func identity(in claim: Claim) -> ModelIdentity { claim.identity }

    static func open(_ request: OpenRequest, in claim: Claim, effects: inout [EditorEffect]) throws(OpenRefusal) -> Self
    {
        Self(editor: try Editor.open(request, effects: &effects), edit: claim.readout)
    }

    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        editor.apply(event, into: &effects)
    }
    mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
    var observation: Observation { editor.observation }
    var sliderPercent: Double { editor.sliderPercent }
    var readout: Readout { edit(editor.readout) }

    /// The reference editor's identity with `policies` declared.
    static func declaring(_ policies: Policies) -> Claim {
        var identity = Editor.referenceIdentity
        identity.policies = policies
        return Claim(identity: identity)
    }
}
