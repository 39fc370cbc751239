import CropText
import CropVocabulary

/// A step: its time, an optional note, and exactly one action, each action a key of its own.
extension ScenarioFormat {
    typealias StepField = ObjectField<Step>

    static let stepTable = ObjectTable<Step>(
        [
            .time("at", \.time, .required),
            ObjectField(
                key: "note", schema: string,
                parse: { r, s throws(ScenarioError) in s.note = try r.string() },
                encode: { s in s.note.map(jsonString) })
        ]
            + actionFields.map { field in
                StepField(
                    key: field.kind.rawValue, schema: field.schema,
                    parse: { r, s throws(ScenarioError) in s.action = try field.read(r) },
                    encode: { s in field.write(s.action) })
            }, rules: [requiredChoice(actions.map { [$0] })],
        shape: { o throws(ScenarioError) in
            let present = ActionKind.allCases.filter { o.has($0.rawValue) }
            guard present.count == 1 else {
                throw o.reader.fail(
                    present.isEmpty
                        ? "a step needs one action: \(actions.joined(separator: ", "))"
                        : "a step has exactly one action, found \(present.map(\.rawValue).joined(separator: " and "))")
            }
        })

    static func readStep(_ r: JSONReader) throws(ScenarioError) -> Step {
        try stepTable.value(r, from: Step(time: 0, action: .recenter, path: r.path))
    }
}
