extension AvatarCropperConfig {
    /// One field of the config as `fields` declares it: its key (in scenario files, on the wire
    /// and in `Codable` JSON), where it lives and the range a caller may set (its `Kind`), and a
    /// line saying what it does (the command line's help). Its default is the stored property's:
    /// every reader starts from `AvatarCropperConfig()`, so no table can disagree with it.
    ///
    /// The kinds are few and closed: each reader switches over them, so a field of a new kind
    /// does not compile until every reader handles it.
    public struct Field: Sendable {
        public typealias Path<T> = WritableKeyPath<AvatarCropperConfig, T> & Sendable

        public enum Kind: Sendable {
            case integer(Path<Int>, ClosedRange<Int>)
            case number(Path<Double>, ClosedRange<Double>)
            case flag(Path<Bool>)
            case encoding(Path<Encoding>)
        }

        public let key: String
        public let kind: Kind
        public let doc: String

        public static func integer(_ key: String, _ path: Path<Int>, _ range: ClosedRange<Int>, _ doc: String) -> Field
        {
            Field(key: key, kind: .integer(path, range), doc: doc)
        }

        public static func number(_ key: String, _ path: Path<Double>, _ range: ClosedRange<Double>, _ doc: String)
            -> Field
        {
            Field(key: key, kind: .number(path, range), doc: doc)
        }

        public static func flag(_ key: String, _ path: Path<Bool>, _ doc: String) -> Field {
            Field(key: key, kind: .flag(path), doc: doc)
        }

        public static func encoding(_ key: String, _ path: Path<Encoding>, _ doc: String) -> Field {
            Field(key: key, kind: .encoding(path), doc: doc)
        }

        /// Where the field lives, whatever its kind: what `field(_:)` finds it by.
        public var path: PartialKeyPath<AvatarCropperConfig> {
            switch kind {
            case .integer(let p, _): p
            case .number(let p, _): p
            case .flag(let p): p
            case .encoding(let p): p
            }
        }
    }

    /// The declared field at `path`. Every stored property is declared (the vocabulary's tests
    /// hold `fields` to the struct's properties), so a miss is a programming error.
    public static func field(_ path: PartialKeyPath<AvatarCropperConfig>) -> Field {
        guard let field = fields.first(where: { $0.path == path }) else {
            preconditionFailure("\(path) is not declared in AvatarCropperConfig.fields")
        }
        return field
    }

    /// The declared range of a number field.
    public static func range(_ path: Field.Path<Double>) -> ClosedRange<Double> {
        guard case .number(_, let range) = field(path).kind else { preconditionFailure("\(path) is not a number") }
        return range
    }

    /// The declared range of an integer field.
    public static func range(_ path: Field.Path<Int>) -> ClosedRange<Int> {
        guard case .integer(_, let range) = field(path).kind else { preconditionFailure("\(path) is not an integer") }
        return range
    }
}

extension AvatarCropperConfig {
    /// A declared key as a coding key: `Codable` JSON uses the declaration's keys.
    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Every field is optional in JSON: a missing one keeps the spec's default, so files name only
    /// what they override.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Key.self)
        for field in Self.fields {
            let key = Key(stringValue: field.key)
            switch field.kind {
            case .integer(let p, _): self[keyPath: p] = try c.decodeIfPresent(Int.self, forKey: key) ?? self[keyPath: p]
            case .number(let p, _):
                self[keyPath: p] = try c.decodeIfPresent(Double.self, forKey: key) ?? self[keyPath: p]
            case .flag(let p): self[keyPath: p] = try c.decodeIfPresent(Bool.self, forKey: key) ?? self[keyPath: p]
            case .encoding(let p):
                self[keyPath: p] = try c.decodeIfPresent(Encoding.self, forKey: key) ?? self[keyPath: p]
            }
        }
    }

    /// Every field, in the declaration's order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for field in Self.fields {
            let key = Key(stringValue: field.key)
            switch field.kind {
            case .integer(let p, _): try c.encode(self[keyPath: p], forKey: key)
            case .number(let p, _): try c.encode(self[keyPath: p], forKey: key)
            case .flag(let p): try c.encode(self[keyPath: p], forKey: key)
            case .encoding(let p): try c.encode(self[keyPath: p], forKey: key)
            }
        }
    }
}
