import CropText
import CropVocabulary

/// One action a step can name, declared once: its key, its schema, how its value is read and how
/// it is written. The step's schema, the parser and the encoder all come from `actionFields`,
/// made by a switch over every `ActionKind`, so a new action is a compile error until it has one.
struct ActionField: Sendable {
    typealias Read = @Sendable (JSONReader) throws(ScenarioError) -> Action
    /// The action's value as JSON text, nil when this key does not write it: another kind, or
    /// `rotate`, whose value reads back the same written as `pinch`.
    typealias Write = @Sendable (Action) -> String?

    let kind: ActionKind
    /// Made when asked, as `ObjectField`'s is.
    private let makeSchema: @Sendable () -> SchemaJSON
    var schema: SchemaJSON { makeSchema() }
    let read: Read
    let write: Write

    init(
        kind: ActionKind, schema: @autoclosure @escaping @Sendable () -> SchemaJSON, read: @escaping Read,
        write: @escaping Write
    ) {
        self.kind = kind
        makeSchema = schema
        self.read = read
        self.write = write
    }
}

extension ScenarioFormat {
    static let actionFields = ActionKind.allCases.map(actionField)

    static func actionField(_ kind: ActionKind) -> ActionField {
        func field(
            _ schema: @autoclosure @escaping @Sendable () -> SchemaJSON, _ read: @escaping ActionField.Read,
            _ write: @escaping ActionField.Write
        ) -> ActionField {
            ActionField(kind: kind, schema: schema(), read: read, write: write)
        }
        switch kind {
        case .drag:
            return field(
                dragTable.object.schema,
                { v throws(ScenarioError) in .drag(try dragTable.value(v, from: standardDrag)) },
                { if case .drag(let d) = $0 { dragTable.encode(d) } else { nil } })
        case .pinch:
            return field(
                pinchTable.object.schema,
                { v throws(ScenarioError) in .pinch(try pinchTable.value(v, from: standardPinch)) },
                { if case .pinch(let p) = $0 { pinchTable.encode(p) } else { nil } })
        case .rotate:
            return field(
                rotateTable.object.schema,
                { v throws(ScenarioError) in .pinch(try rotateTable.value(v, from: standardTwist)) },
                { _ in nil })
        case .twoFingerDrag:
            return field(
                twoFingerDragTable.object.schema,
                { v throws(ScenarioError) in
                    .twoFingerDrag(try twoFingerDragTable.value(v, from: standardTwoFingerDrag))
                },
                { if case .twoFingerDrag(let d) = $0 { twoFingerDragTable.encode(d) } else { nil } })
        case .tap: return tapField
        case .doubleTap: return doubleTapField
        case .longTouch: return longTouchField
        case .touches: return touchesField
        case .slider: return sliderField
        case .increment:
            return field(
                integer(R.voiceOverSteps),
                { v throws(ScenarioError) in .increment(try v.integer(in: R.voiceOverSteps)) },
                { if case .increment(let n) = $0 { "\(n)" } else { nil } })
        case .decrement:
            return field(
                integer(R.voiceOverSteps),
                { v throws(ScenarioError) in .decrement(try v.integer(in: R.voiceOverSteps)) },
                { if case .decrement(let n) = $0 { "\(n)" } else { nil } })
        case .resize:
            return field(
                ref("size"), { v throws(ScenarioError) in .resize(try ScenarioParser.size(v)) },
                { if case .resize(let s) = $0 { ScenarioEncoder.size(s) } else { nil } })
        case .reduceMotion:
            return field(
                boolean(), { v throws(ScenarioError) in .reduceMotion(try v.bool()) },
                { if case .reduceMotion(let on) = $0 { "\(on)" } else { nil } })
        case .recenter: return flag(kind, .recenter)
        case .rotate90: return flag(kind, .rotate90, "The rotate button: a quarter turn clockwise (allowRotation).")
        case .memoryWarning: return flag(kind, .memoryWarning)
        case .cancelTouches: return flag(kind, .cancelTouches)
        case .confirm: return flag(kind, .confirm)
        case .cancel: return flag(kind, .cancel)
        case .retry: return flag(kind, .retry)
        }
    }

    /// An action that takes no value: `true`, and nothing else.
    static func flag(_ kind: ActionKind, _ action: Action, _ description: String? = nil) -> ActionField {
        ActionField(
            kind: kind, schema: with(ref("true"), description: description),
            read: { v throws(ScenarioError) in
                guard try v.bool() else { throw v.fail("write true, or leave the step out") }
                return action
            },
            write: { $0 == action ? "true" : nil })
    }
}
