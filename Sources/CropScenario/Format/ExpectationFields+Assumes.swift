import CropText
import CropVocabulary

/// `assumes`: the policies an expectation depends on, named per key of the block
/// (`"assumes": { "hapticSequence": { "arrivalHaptics": "pushesOnly" } }`). Against an editor
/// that declares another value only those keys are *not judged*; the rest of the block, the
/// other blocks and every invariant still judge it (docs/scenarios.md, "Policies").
extension ExpectationField {
    static let assumes = ExpectationField(
        "assumes",
        .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "description",
                .string(
                    "The policies each key of this block assumes: against an editor that declares another value, that key is not judged."
                )
            ),
            ("properties", .object(stated.map { ($0.key, ScenarioFormat.ref("policies")) }))
        ]),
        parse: { r, e throws(ScenarioError) in
            let o = try r.object()
            try o.finish(allowed: stated.map(\.key))
            for field in stated {
                guard let v = o.optional(field.key) else { continue }
                // Read after every other key (`assumes` is last in `all`): a key it names must be stated.
                guard field.encode(e) != nil else {
                    throw v.fail("assumes policies for \(quoted(field.key)), which this block does not state")
                }
                var assumed: [String: String] = [:]
                try ScenarioFormat.policiesTable.read(v, into: &assumed)
                e.assumes[field.key] = assumed
            }
        },
        encode: { e in
            e.assumes.isEmpty
                ? nil
                : ScenarioEncoder.object(
                    stated.compactMap { field in
                        e.assumes[field.key].map { (field.key, ScenarioFormat.policiesTable.encode($0)) }
                    })
        },
        judge: { _, _ in })
}

extension ExpectationJudge {
    /// Whether the policies `key` assumes (its own, and the scenario's `policies` for every key)
    /// are the model's; if not, the key is listed as not judged, with the assumption it needs.
    mutating func assumptionsHold(_ key: String, own: [String: String]?, blanket: [String: String]) -> Bool {
        var differ: [String] = []
        for assumed in [own ?? [:], blanket] {
            for (name, value) in assumed.sorted(by: { $0.key < $1.key }) where declaredPolicy(name) != value {
                differ.append("\(name)=\(value)")
            }
        }
        guard !differ.isEmpty else { return true }
        skip(key, because: "assumes \(differ.joined(separator: ", "))")
        return false
    }

    private func declaredPolicy(_ name: String) -> String? {
        Policies.descriptors.first { $0.name == name }?.get(evidence.policies)
    }
}
