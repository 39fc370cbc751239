import CropVocabulary

/// The scenario format declared once: every object a table of keys (`ObjectTable`), each key with
/// its type, range, default, description, reader and writer. `ScenarioSchema` writes
/// `Scenarios/schema.json` from the tables (`cropsim schema`), `ScenarioParser` reads with them
/// and `ScenarioEncoder` writes with them. What a schema cannot say (touches in time order, a
/// finger landing before it moves, unique finger names, the mirror check without resizes) is in
/// the keys' readers alone.
public enum ScenarioFormat {
    /// A key of an object: its schema, and whether it must be present.
    public struct Property: Sendable {
        public var name: String
        public var schema: SchemaJSON
        public var required: Bool
    }

    /// An object with exactly these keys (unknown keys are errors).
    public struct Object: Sendable {
        public var properties: [Property]
        /// Extra schema rules (a choice of required keys), appended after `properties`.
        public var rules: [(String, SchemaJSON)] = []
        public var description: String?

        public var keys: [String] { properties.map(\.name) }

        init(_ properties: [Property], rules: [(String, SchemaJSON)] = []) {
            self.properties = properties
            self.rules = rules
        }

        init(_ description: String, _ properties: [Property]) {
            self.init(properties)
            self.description = description
        }

        public var schema: SchemaJSON {
            var members: [(String, SchemaJSON)] = [("type", .string("object")), ("additionalProperties", .bool(false))]
            if let description { members.append(("description", .string(description))) }
            let required = properties.filter(\.required).map { SchemaJSON.string($0.name) }
            if !required.isEmpty { members.append(("required", .array(required))) }
            members.append(("properties", .object(properties.map { ($0.name, $0.schema) })))
            return .object(members + rules)
        }
    }

    // MARK: Ranges (the parser checks the same ones)

    public enum Range {
        public static let viewSide: ClosedRange<Double> = 100...4000
        public static let screenScale: ClosedRange<Double> = 1...4
        public static let touchRates = [60, 120]
        public static let imageSide: ClosedRange<Int> = 1...1_000_000
        public static let orientation: ClosedRange<Int> = 1...8
        // The config's ranges are its declaration's (`AvatarCropperConfig.fields`), named here
        // for the fuzzer's boundary draws; a new field needs no line here.
        public static let outputSize = AvatarCropperConfig.range(\.outputSize)
        public static let qualityMultiplier = AvatarCropperConfig.range(\.qualityMultiplier)
        public static let maxZoomMultiplier = AvatarCropperConfig.range(\.maxZoomMultiplier)
        public static let maskDiameterFraction = AvatarCropperConfig.range(\.maskDiameterFraction)
        public static let minPixelPerPoint = AvatarCropperConfig.range(\.minPixelPerPoint)
        public static let jpegQuality: ClosedRange<Double> = 0.01...1
        public static let avatarVersion: ClosedRange<Int> = 0...1_000_000
        public static let httpStatus: ClosedRange<Int> = 100...599
        public static let points: ClosedRange<Double> = -10_000...10_000
        public static let span: ClosedRange<Double> = 0...10_000
        public static let angle: ClosedRange<Double> = -360...360
        /// How far one twist turns the fingers (two full turns either way).
        public static let twist: ClosedRange<Double> = -720...720
        public static let slider: ClosedRange<Double> = 0...100
        public static let voiceOverSteps: ClosedRange<Int> = 1...100
        public static let hapticCount: ClosedRange<Int> = 0...10_000
        public static let attempts: ClosedRange<Int> = 0...100
        public static let tolerance: ClosedRange<Double> = 0...1_000_000
        public static let time: ClosedRange<Double> = 0...ScenarioBudget.maxSeconds
        public static let requirementPattern = "^R[0-9]{1,2}\\.[0-9]{1,2}$"
        public static let uidPattern = "^[^/]+$"
    }

    public static let actions = ActionKind.allCases.map(\.rawValue)
    public static let uploadResults = ["ok", "timeout", "dropped"]
    public static let pointerActions = PointerActionKind.allCases.map(\.rawValue)
    public static let hapticNames = HapticName.allCases.map(\.rawValue)

    // MARK: Building blocks

    static func key(_ name: String, _ schema: SchemaJSON, required: Bool = false) -> Property {
        Property(name: name, schema: schema, required: required)
    }

    static func ref(_ name: String, _ description: String? = nil) -> SchemaJSON {
        with(.object([("$ref", .string("#/$defs/\(name)"))]), description: description)
    }

    static func with(_ schema: SchemaJSON, description: String? = nil, default value: SchemaJSON? = nil) -> SchemaJSON {
        guard case .object(var members) = schema else { return schema }
        if let value { members.append(("default", value)) }
        if let description { members.append(("description", .string(description))) }
        return .object(members)
    }

    static func number(_ range: ClosedRange<Double>? = nil, _ description: String? = nil, default value: Double? = nil)
        -> SchemaJSON
    {
        var members: [(String, SchemaJSON)] = [("type", .string("number"))]
        if let range { members += [("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))] }
        return with(.object(members), description: description, default: value.map(SchemaJSON.number))
    }

    static func integer(_ range: ClosedRange<Int>, _ description: String? = nil, default value: Int? = nil)
        -> SchemaJSON
    {
        with(
            .object([
                ("type", .string("integer")), ("minimum", .number(Double(range.lowerBound))),
                ("maximum", .number(Double(range.upperBound)))
            ]),
            description: description, default: value.map { .number(Double($0)) })
    }

    static let string = SchemaJSON.object([("type", .string("string"))])
    static func string(pattern: String, _ description: String? = nil) -> SchemaJSON {
        with(.object([("type", .string("string")), ("pattern", .string(pattern))]), description: description)
    }

    static func boolean(default value: Bool? = nil) -> SchemaJSON {
        with(.object([("type", .string("boolean"))]), default: value.map(SchemaJSON.bool))
    }

    static func oneOf(_ names: [String], default value: String? = nil) -> SchemaJSON {
        with(.object([("enum", .array(names.map(SchemaJSON.string)))]), default: value.map(SchemaJSON.string))
    }

    static func constant(_ value: SchemaJSON) -> SchemaJSON { .object([("const", value)]) }

    static func array(_ items: SchemaJSON, minItems: Int? = nil, _ description: String? = nil) -> SchemaJSON {
        var members: [(String, SchemaJSON)] = [("type", .string("array"))]
        if let minItems { members.append(("minItems", .number(Double(minItems)))) }
        members.append(("items", items))
        return with(.object(members), description: description)
    }

    static func pair(_ item: SchemaJSON) -> SchemaJSON {
        .object([
            ("type", .string("array")), ("prefixItems", .array([item, item])),
            ("minItems", .number(2)), ("maxItems", .number(2))
        ])
    }

    static func either(_ schemas: [SchemaJSON]) -> SchemaJSON { .object([("oneOf", .array(schemas))]) }

    /// Exactly one of these sets of keys is present.
    static func requiredChoice(_ sets: [[String]]) -> (String, SchemaJSON) {
        ("oneOf", .array(sets.map { .object([("required", .array($0.map(SchemaJSON.string)))]) }))
    }
}
