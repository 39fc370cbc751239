import CropVocabulary

public struct Checkpoint: Sendable, Equatable {
    public var time: Double
    public var expect: Expectations
    public var path: String
}

/// A number to compare against, with a tolerance; symbols are resolved against the geometry at
/// the moment of the check.
public struct NumberExpectation: Sendable, Equatable {
    public var target: NumberExpression
    public var tolerance: Double
    public var path: String

    public init(target: NumberExpression, tolerance: Double = defaultTolerance, path: String) {
        self.target = target
        self.tolerance = tolerance
        self.path = path
    }

    public static let defaultTolerance = 1e-6
}

/// `1.5`, `"sMax"`, `"1.5*sMin"`, `"-maxTx"`.
public struct NumberExpression: Sendable, Equatable, CustomStringConvertible {
    public enum Symbol: String, Sendable, CaseIterable {
        case sMin, sMax, sQuality, sDensity, initial, maxTx, maxTy
    }

    public var factor: Double
    public var symbol: Symbol?

    public init(factor: Double, symbol: Symbol? = nil) {
        self.factor = factor
        self.symbol = symbol
    }

    public var description: String {
        guard let symbol else { return "\(factor)" }
        return factor == 1 ? symbol.rawValue : factor == -1 ? "-\(symbol.rawValue)" : "\(factor)*\(symbol.rawValue)"
    }
}
