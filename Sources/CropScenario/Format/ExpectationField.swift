import CropText
import CropVocabulary

/// One key of an `expect` block or a checkpoint, declared once: its schema, how the parser reads
/// it, how the encoder writes it, and how a run is judged against it. The schema's
/// `expectations` and `checkpoint` objects, `ScenarioParser`, `ScenarioEncoder` and the
/// simulator's expectation check all walk `ExpectationField.all` (ExpectationFields.swift).
public struct ExpectationField: Sendable {
    typealias Parse = @Sendable (JSONReader, inout Expectations) throws(ScenarioError) -> Void
    typealias Encode = @Sendable (Expectations) -> String?
    typealias Judge = @Sendable (Expectations, inout ExpectationJudge) -> Void

    public let key: String
    public let schema: SchemaJSON
    /// Whether a checkpoint may state it too (a refusal is only an end state).
    public let inCheckpoints: Bool
    let parse: Parse
    /// The value's JSON text, nil when the expectations leave the key out.
    let encode: Encode
    let judge: Judge

    init(
        _ key: String, _ schema: SchemaJSON, inCheckpoints: Bool = true,
        parse: @escaping Parse, encode: @escaping Encode, judge: @escaping Judge
    ) {
        self.key = key
        self.schema = schema
        self.inCheckpoints = inCheckpoints
        self.parse = parse
        self.encode = encode
        self.judge = judge
    }

    /// Judges `e` on `evidence`: every stated key, in the table's order, unless it assumes
    /// policies the model does not declare (its own `assumes`, or `blanket`: the scenario's
    /// `policies`, assumed by every key).
    public static func judge(
        _ e: Expectations, at path: String, evidence: any ExpectationEvidence,
        blanket: [String: String] = [:]
    ) -> ExpectationJudge {
        var judge = ExpectationJudge(path: path, evidence: evidence)
        for field in stated {
            let own = e.assumes[field.key]
            if own != nil || !blanket.isEmpty, field.encode(e) != nil,
                !judge.assumptionsHold(field.key, own: own, blanket: blanket)
            {
                continue
            }
            field.judge(e, &judge)
        }
        return judge
    }

    /// Keys that are the same kind of value differ only in where they live and what they read.
    typealias Path<T> = WritableKeyPath<Expectations, T?> & Sendable

    /// A number, a symbol expression, or either with a tolerance.
    static func number(
        _ key: String, _ path: Path<NumberExpectation>, _ description: String? = nil, needs: Capabilities = [],
        actual: @escaping @Sendable (any ExpectationEvidence) -> Double?
    ) -> ExpectationField {
        ExpectationField(
            key, ScenarioFormat.ref("number", description),
            parse: { r, e throws(ScenarioError) in e[keyPath: path] = try ScenarioParser.number(r) },
            encode: { e in e[keyPath: path].map(ScenarioEncoder.number) },
            judge: { e, j in
                guard let n = e[keyPath: path] else { return }
                j.compare(key, n, actual(j.evidence), needs: needs)
            })
    }

    /// A flag the model shows or reports.
    static func flag(
        _ key: String, _ path: Path<Bool>, needs: Capabilities,
        actual: @escaping @Sendable (any ExpectationEvidence) -> Bool?
    ) -> ExpectationField {
        ExpectationField(
            key, ScenarioFormat.boolean(),
            parse: { r, e throws(ScenarioError) in e[keyPath: path] = try r.bool() },
            encode: { e in e[keyPath: path].map { "\($0)" } },
            judge: { e, j in
                guard let expected = e[keyPath: path] else { return }
                j.equal(key, expected, actual(j.evidence), needs: needs)
            })
    }

    /// A state from the vocabulary's enum; `message` is the parser's error for another name.
    static func state<T: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ key: String, _ path: Path<T>, message: String? = nil, needs: Capabilities,
        actual: @escaping @Sendable (any ExpectationEvidence) -> T?
    ) -> ExpectationField where T.RawValue == String {
        ExpectationField(
            key, ScenarioFormat.oneOf(T.allCases.map(\.rawValue)),
            parse: { r, e throws(ScenarioError) in e[keyPath: path] = try r.oneOf(T.self, message: message) },
            encode: { e in e[keyPath: path].map { jsonString($0.rawValue) } },
            judge: { e, j in
                guard let expected = e[keyPath: path] else { return }
                j.equal(key, expected, actual(j.evidence), needs: needs) { $0.rawValue }
            })
    }

    /// A list of messages, exactly these in this order.
    static func messages(
        _ key: String, _ path: Path<[Message]>, _ description: String? = nil, needs: Capabilities,
        actual: @escaping @Sendable (EditorEffect) -> Message?
    ) -> ExpectationField {
        ExpectationField(
            key, ScenarioFormat.array(ScenarioFormat.ref("message"), description),
            parse: { r, e throws(ScenarioError) in
                var messages: [Message] = []
                for item in try r.array() { messages.append(try item.oneOf(Message.self)) }
                e[keyPath: path] = messages
            },
            encode: { e in e[keyPath: path].map { ScenarioEncoder.array($0.map { jsonString($0.rawValue) }) } },
            judge: { e, j in
                guard let expected = e[keyPath: path], j.judged(key, needs: needs) else { return }
                let seen = j.effects(actual)
                if expected != seen { j.fail(key, "expected \(expected.map(\.rawValue)), got \(seen.map(\.rawValue))") }
            })
    }

    /// Free text compared as it is.
    static func text(
        _ key: String, _ path: Path<String>, needs: Capabilities,
        actual: @escaping @Sendable (any ExpectationEvidence) -> String?
    ) -> ExpectationField {
        ExpectationField(
            key, ScenarioFormat.string,
            parse: { r, e throws(ScenarioError) in e[keyPath: path] = try r.string() },
            encode: { e in e[keyPath: path].map(jsonString) },
            judge: { e, j in
                guard let expected = e[keyPath: path], j.judged(key, needs: needs) else { return }
                let got = actual(j.evidence)
                if expected != got { j.fail(key, "expected \(expected), got \(got ?? "nil")") }
            })
    }
}
