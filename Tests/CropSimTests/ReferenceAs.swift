import CropModel
import CropVocabulary

/// The reference editor declaring another identity (fewer capabilities, other policies) while it
/// still does what it does: how the tests ask what the oracle and the scenarios make of an editor
/// that claims a choice it does not make, or lacks a capability.
struct ReferenceAs: EditorModel {
    typealias Context = ModelIdentity
    var editor: Editor

    static func identity(in identity: ModelIdentity) -> ModelIdentity { identity }

    static func open(_ request: OpenRequest, in context: ModelIdentity, effects: inout [EditorEffect]) throws(OpenRefusal) -> Self {
        Self(editor: try Editor.open(request, effects: &effects))
    }

    mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) { editor.apply(event, into: &effects) }
    mutating func tick(into effects: inout [EditorEffect]) { editor.tick(into: &effects) }
    var observation: Observation { editor.observation }
    var sliderPercent: Double { editor.sliderPercent }
    var readout: Readout { editor.readout }

    /// The reference editor's identity with `policies` declared.
    static func declaring(_ policies: Policies) -> ModelIdentity {
        var identity = Editor.referenceIdentity
        identity.policies = policies
        return identity
    }
}
