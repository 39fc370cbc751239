import CropText
import CropVocabulary

/// A scenario as its file states it: the scenario, and what the file says that does not change
/// the run (the `$schema` reference, the preset named for the device's size), so a file read
/// and written again keeps them.
public struct ScenarioDocument: Sendable {
    public var scenario: Scenario
    public var schema: String?
    public var preset: DevicePreset?

    public init(scenario: Scenario, schema: String? = nil, preset: DevicePreset? = nil) {
        self.scenario = scenario
        self.schema = schema
        self.preset = preset
    }
}

/// The top level of a scenario file, one entry per key in the schema's order, which is also the
/// order the parser reads values in: the device before the steps (whose sample budget depends on
/// its touch rate), the steps before `metamorphic` (whose mirror check depends on them).
extension ScenarioFormat {
    typealias TopField = ObjectField<ScenarioDocument>
    typealias ScenarioPath<T> = TopField.Path<T>

    static let topTable = ObjectTable<ScenarioDocument>([
        TopField(
            key: "$schema", schema: string,
            parse: { r, doc throws(ScenarioError) in doc.schema = try r.string() },
            encode: { doc in doc.schema.map(jsonString) }),
        text("name", \.scenario.name, with(string, description: "Title shown in reports."), .required),
        text("description", \.scenario.description, string),
        list(
            "covers", \.scenario.covers,
            array(string(pattern: R.requirementPattern), "Spec requirements this scenario covers, e.g. R8.3."),
            read: { c throws(ScenarioError) in
                let text = try c.string()
                guard ScenarioParser.matches(R.requirementPattern, text) else {
                    throw c.fail("requirement ids look like \"R8.3\", got \(quoted(text))")
                }
                return text
            }, write: { ScenarioEncoder.array($0.map(jsonString)) }),
        TopField(
            key: "device", schema: either([ref("devicePreset"), ref("device")]), .required,
            parse: { r, doc throws(ScenarioError) in
                let spec = try readDevice(r)
                (doc.scenario.device, doc.preset) = (spec.device, spec.preset)
            },
            encode: { doc in writeDevice(DeviceSpec(device: doc.scenario.device, preset: doc.preset)) }),
        TopField(
            key: "image", schema: ref("image"), .required,
            parse: { r, doc throws(ScenarioError) in doc.scenario.image = try readImage(r) },
            encode: { doc in imageTable.encode(doc.scenario.image) }),
        TopField(
            key: "config", schema: ref("config"),
            parse: { r, doc throws(ScenarioError) in try configTable.read(r, into: &doc.scenario.config) },
            encode: { doc in
                configTable.members(doc.scenario.config).isEmpty ? nil : configTable.encode(doc.scenario.config)
            }),
        TopField(
            key: "backend", schema: ref("backend"),
            parse: { r, doc throws(ScenarioError) in try backendTable.read(r, into: &doc.scenario.backend) },
            encode: { doc in doc.scenario.backend == .none ? nil : backendTable.encode(doc.scenario.backend) }),
        list(
            "steps", \.scenario.steps, array(ref("step")),
            whole: { r, doc throws(ScenarioError) in
                try ScenarioParser.steps(r, rate: doc.scenario.device.touchRate)
            }, write: { ScenarioEncoder.lines($0.map(ScenarioEncoder.step)) }),
        TopField(
            key: "expect", schema: ref("expectations"),
            parse: { r, doc throws(ScenarioError) in
                doc.scenario.expect = try ScenarioParser.expectations(r, checkpoint: false)
            },
            encode: { doc in ScenarioEncoder.expectations(doc.scenario.expect) }),
        list(
            "checkpoints", \.scenario.checkpoints, array(ref("checkpoint")),
            read: { c throws(ScenarioError) in
                Checkpoint(
                    time: try ScenarioParser.time(c.object().required("at")),
                    expect: try ScenarioParser.expectations(c, checkpoint: true), path: c.path)
            }, write: { ScenarioEncoder.lines($0.map(ScenarioEncoder.checkpoint)) }),
        TopField(
            key: "policies", schema: ref("policies"),
            parse: { r, doc throws(ScenarioError) in try policiesTable.read(r, into: &doc.scenario.policies) },
            encode: { doc in doc.scenario.policies.isEmpty ? nil : policiesTable.encode(doc.scenario.policies) }),
        TopField(
            key: "metamorphic",
            schema: array(
                oneOf(Metamorphic.allCases.map(\.rawValue)),
                "Relations checked on top of the invariants: mirror runs the scenario mirrored left to right too and expects the mirrored final pose (not with resize steps)."
            ),
            parse: { r, doc throws(ScenarioError) in try metamorphic(r, into: &doc.scenario) },
            encode: { doc in
                doc.scenario.metamorphic.isEmpty
                    ? nil
                    : ScenarioEncoder.array(
                        Metamorphic.allCases.filter(doc.scenario.metamorphic.contains).map { jsonString($0.rawValue) })
            })
    ])

    /// A string key, left out when empty.
    static func text(
        _ key: String, _ path: ScenarioPath<String>, _ schema: SchemaJSON, _ presence: TopField.Presence = .optional
    ) -> TopField {
        .value(
            key, path, schema, presence, standard: presence == .required ? nil : "",
            read: { r throws(ScenarioError) in try r.string() }, write: jsonString)
    }

    /// An array key, left out when empty, read item by item.
    static func list<T: Equatable & Sendable>(
        _ key: String, _ path: ScenarioPath<[T]>, _ schema: SchemaJSON,
        read: @escaping @Sendable (JSONReader) throws(ScenarioError) -> T, write: @escaping @Sendable ([T]) -> String
    ) -> TopField {
        list(
            key, path, schema,
            whole: { r, _ throws(ScenarioError) in
                var items: [T] = []
                for item in try r.array() { items.append(try read(item)) }
                return items
            }, write: write)
    }

    /// An array key, left out when empty, read as a whole (against what was read before it).
    static func list<T: Equatable & Sendable>(
        _ key: String, _ path: ScenarioPath<[T]>, _ schema: SchemaJSON,
        whole: @escaping @Sendable (JSONReader, ScenarioDocument) throws(ScenarioError) -> [T],
        write: @escaping @Sendable ([T]) -> String
    ) -> TopField {
        TopField(
            key: key, schema: schema,
            parse: { r, doc throws(ScenarioError) in doc[keyPath: path] = try whole(r, doc) },
            encode: { doc in doc[keyPath: path].isEmpty ? nil : write(doc[keyPath: path]) })
    }

    /// The mirror check needs a scenario whose mirror image the editor can play.
    static func metamorphic(_ r: JSONReader, into scenario: inout Scenario) throws(ScenarioError) {
        for item in try r.array() { scenario.metamorphic.insert(try item.oneOf(Metamorphic.self)) }
        guard scenario.metamorphic.contains(.mirror) else { return }
        if scenario.steps.contains(where: { if case .resize = $0.action { true } else { false } }) {
            throw r.fail(
                "the mirror check needs a scenario without resize steps: the view grows from its top-left origin")
        }
        if scenario.steps.contains(where: { if case .rotate90 = $0.action { true } else { false } }) {
            throw r.fail(
                "the mirror check needs a scenario without rotate90 steps: the mirror of a clockwise turn is a button the editor does not have"
            )
        }
    }

    /// `policies`: one key per policy the vocabulary declares, each one of its values.
    static let policiesTable = ObjectTable<[String: String]>(
        "Policies (docs/bring-your-own-model.md#policies): at the top, what every expectation of the scenario assumes; in an expectation block's `assumes`, what one key assumes. Against an editor that declares another value those expectations are not judged; the invariants hold an editor to its own policies either way.",
        Policies.descriptors.map { descriptor in
            ObjectField(
                key: descriptor.name, schema: oneOf(descriptor.values),
                parse: { v, assumed throws(ScenarioError) in
                    let value = try v.string()
                    guard descriptor.values.contains(value) else {
                        throw v.fail(
                            "unknown value \(quoted(value)); expected one of \(descriptor.values.map { "\"\($0)\"" }.joined(separator: ", "))"
                        )
                    }
                    assumed[descriptor.name] = value
                },
                encode: { assumed in assumed[descriptor.name].map(jsonString) })
        })
}
