@testable import CropScenario
import CropVocabulary
import Testing

/// Every object is read the same way (`ObjectTable.read`): its shape first, then its values in
/// the table's order (docs/scenarios.md, "The order of errors").
@Suite struct ObjectTableTests {
    func error(_ text: String) -> ScenarioError? {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(text.utf8), file: "t.json", id: "t") }
    }

    static let image = #""image": { "width": 40, "height": 30 }"#

    @Test func aMissingRequiredKeyComesBeforeABadValue() {
        let e = error(#"{ "name": "n", "description": 5, \#(Self.image) }"#)
        #expect(e?.path == "$" && e?.message == "missing required key \"device\"")
    }

    @Test func anUnknownKeyComesBeforeAMissingOne() {
        let e = error(#"{ "name": "n", "devise": "ipad", \#(Self.image) }"#)
        #expect(
            e?.path == "$.devise" && e?.message.hasPrefix("unknown key \"devise\" (did you mean \"device\"?)") == true)
    }

    @Test func valuesAreReadInTheSchemasOrder() {
        // The file lists config before image and covers before description; the table does not.
        let e = error(
            #"{ "name": "n", "device": "ipad", "config": { "showGrid": 1 }, "image": { "width": 0, "height": 30 } }"#)
        #expect(e?.path == "$.image.width")
        let f = error(#"{ "covers": ["R99"], "name": "n", "description": 5, "device": "ipad", \#(Self.image) }"#)
        #expect(f?.path == "$.description")
    }

    @Test func keysThatExcludeEachOtherAreShape() {
        let step =
            #"{ "name": "n", "device": "ipad", \#(Self.image), "steps": [ { "at": 0, "drag": { "from": [1, 2], "path": [5] } } ] }"#
        let e = error(step)
        #expect(e?.path == "$.steps[0].drag" && e?.message == "use either from/to or path, not both")
        let two =
            #"{ "name": "n", "device": "ipad", \#(Self.image), "steps": [ { "at": -1, "tap": [1, 2], "recenter": true } ] }"#
        #expect(error(two)?.message == "a step has exactly one action, found tap and recenter")
    }

    @Test func aValueMayDependOnOneReadBeforeIt() {
        let e = error(
            #"{ "name": "n", "device": "ipad", \#(Self.image), "backend": { "uploads": [{ "result": "ok" }] } }"#)
        #expect(e?.path == "$.backend.uploads" && e?.message == "uploads need a \"user\" to upload for")
        let user =
            #"{ "name": "n", "device": "ipad", \#(Self.image), "backend": { "user": { "uid": "u" }, "uploads": [{ "result": "ok" }] } }"#
        #expect(throws: Never.self) { try ScenarioParser.parse(Array(user.utf8), file: "t.json", id: "t") }
        let mirror =
            #"{ "name": "n", "device": "ipad", \#(Self.image), "steps": [ { "at": 0, "resize": [400, 400] } ], "metamorphic": ["mirror"] }"#
        #expect(error(mirror)?.path == "$.metamorphic")
    }

    /// A key required unless another is present puts the choice in the schema.
    @Test func requiredUnlessBecomesAnAnyOf() {
        let table = ScenarioFormat.imageTable
        #expect(table.keys == ["width", "height", "orientation", "file"])
        let compact = table.object.schema.text.filter { !$0.isWhitespace }
        #expect(compact.contains(#""anyOf":[{"required":["file"]},{"required":["width","height"]}]"#))
    }

    @Test func everyActionKindHasOneFieldInOrder() {
        #expect(ScenarioFormat.actionFields.map(\.kind) == ActionKind.allCases)
        #expect(ScenarioFormat.step.keys == ["at", "note"] + ActionKind.allCases.map(\.rawValue))
    }

    @Test func noTableNamesAKeyTwice() {
        let tables: [[String]] =
            [
                ScenarioFormat.topTable.keys, ScenarioFormat.deviceTable.keys, ScenarioFormat.imageTable.keys,
                ScenarioFormat.configTable.keys, ScenarioFormat.backendTable.keys, ScenarioFormat.userTable.keys,
                ScenarioFormat.policiesTable.keys, ScenarioFormat.stepTable.keys, ScenarioFormat.dragTable.keys,
                ScenarioFormat.pinchTable.keys, ScenarioFormat.rotateTable.keys, ScenarioFormat.twoFingerDragTable.keys,
                ScenarioFormat.trackTable.keys, ScenarioFormat.sampleTable.keys
            ] + PointerActionKind.allCases.map { ScenarioFormat.pointerTable($0).keys }
        for keys in tables { #expect(Set(keys).count == keys.count, "\(keys)") }
    }

    /// The studio and the fuzzer keep their notes; so does a file read and written again.
    @Test func aStepsNoteIsKept() throws {
        let text =
            #"{ "name": "n", "device": "ipad", \#(Self.image), "steps": [ { "at": 0, "note": "why", "recenter": true } ] }"#
        let s = try ScenarioParser.parse(Array(text.utf8), file: "t.json", id: "t")
        #expect(s.steps.first?.note == "why")
        #expect(ScenarioEncoder.text(s).contains(#"{ "at": 0, "note": "why", "recenter": true }"#))
    }
}
