/// The canonical grammar of the scenario format's strings: times, percentages and expectation
/// expressions. The parser reads them with the small scanners below; `ScenarioSchema` writes the
/// same grammar, with the same ranges, as the schema's patterns; `ScenarioSchemaTests` and
/// `scripts/check-schema.py` hold the two to each other on the good and bad fixtures.
///
/// One number form everywhere: plain decimal digits, an optional fraction, no leading zeros —
/// `0.25`, `12`, `1.5`. No sign inside a unit (`"+5s"`), exponent (`"1e2ms"`), hex (`"0x1p3s"`),
/// spaces or other decoration: what a reader sees is what the file means.
public enum ScenarioGrammar {
    /// `250ms`, `1.5s`: a decimal and a unit, at most `ScenarioBudget.maxSeconds`.
    public static let timeUnits: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1)]
    /// `"50%"`, `"-10%"`: percent of the view's width or height.
    public static let percentRange: ClosedRange<Double> = -100...200

    /// Reads the decimal at the start of `text`: its value and the rest of the text, or nil.
    static func decimal(_ text: Substring) -> (value: Double, rest: Substring)? {
        let utf8 = text.utf8
        var i = utf8.startIndex
        func digits() -> Int {
            var n = 0
            while i < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[i]) {
                i = utf8.index(after: i)
                n += 1
            }
            return n
        }
        let first = i < utf8.endIndex ? utf8[i] : 0
        let whole = digits()
        guard whole > 0, whole == 1 || first != UInt8(ascii: "0") else { return nil }
        if i < utf8.endIndex, utf8[i] == UInt8(ascii: ".") {
            i = utf8.index(after: i)
            guard digits() > 0 else { return nil }
        }
        guard let value = Double(String(text[..<i])) else { return nil }
        return (value, text[i...])
    }

    /// Seconds of a time string, or nil when it is not in the grammar (range is the caller's).
    public static func seconds(_ text: String) -> Double? {
        guard let (value, unit) = decimal(text[...]), let u = timeUnits.first(where: { $0.suffix == unit }) else {
            return nil
        }
        return value * u.seconds
    }

    /// The percentage of a `"NN%"` string, or nil when it is not in the grammar.
    public static func percent(_ text: String) -> Double? {
        let negative = text.hasPrefix("-")
        guard let (value, rest) = decimal(text.dropFirst(negative ? 1 : 0)), rest == "%" else { return nil }
        return negative ? -value : value
    }

    /// `"sMax"`, `"-maxTx"`, `"1.5*sMin"`, `"sMin*1.5"`, `"-2*sMin*0.5"`: an optional minus, an
    /// optional factor before and after, one symbol.
    public static func expression(_ text: String) -> NumberExpression? {
        var rest = text[...]
        var factor = 1.0
        if rest.hasPrefix("-") {
            factor = -1
            rest = rest.dropFirst()
        }
        if let (value, after) = decimal(rest), after.hasPrefix("*") {
            factor *= value
            rest = after.dropFirst()
        }
        guard let symbol = NumberExpression.Symbol.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
            return nil
        }
        rest = rest.dropFirst(symbol.rawValue.count)
        if rest.hasPrefix("*") {
            guard let (value, after) = decimal(rest.dropFirst()), after.isEmpty else { return nil }
            factor *= value
            rest = after
        }
        guard rest.isEmpty else { return nil }
        return NumberExpression(factor: factor, symbol: symbol)
    }

    // MARK: The same grammar as JSON Schema patterns (ECMA-262 and Python `re` alike)

    static let decimalPattern = "(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?"

    /// A decimal in 0…max (max a whole number): the whole part below max with any fraction, or
    /// max with a zero fraction.
    static func decimalPattern(upTo max: Int) -> String {
        "(?:(?:\(integerPattern(below: max)))(?:\\.[0-9]+)?|\(max)(?:\\.0+)?)"
    }

    /// Whole numbers 0..<n without leading zeros, as alternatives by length and leading digits.
    static func integerPattern(below n: Int) -> String {
        let digits = String(n).map { Int(String($0))! }
        var alternatives: [String] = []
        if digits.count > 1 { alternatives.append("[0-9]") }
        if digits.count > 2 { for length in 2..<digits.count { alternatives.append("[1-9][0-9]{\(length - 1)}") } }
        for (i, d) in digits.enumerated() {
            let low = i == 0 && digits.count > 1 ? 1 : 0
            guard d - 1 >= low else { continue }
            let rest = digits.count - i - 1
            let prefix = digits[..<i].map(String.init).joined()
            alternatives.append(
                prefix + (low == d - 1 ? "\(low)" : "[\(low)-\(d - 1)]") + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        return alternatives.joined(separator: "|")
    }

    static var timePattern: String {
        let alternatives = timeUnits.map { unit in
            "\(decimalPattern(upTo: Int((ScenarioBudget.maxSeconds / unit.seconds).rounded())))\(unit.suffix)"
        }
        return "^(?:\(alternatives.joined(separator: "|")))$"
    }

    static var percentPattern: String {
        "^(?:-\(decimalPattern(upTo: Int(-percentRange.lowerBound)))|\(decimalPattern(upTo: Int(percentRange.upperBound))))%$"
    }

    static var expressionPattern: String {
        let symbols = NumberExpression.Symbol.allCases.map(\.rawValue).joined(separator: "|")
        return "^-?(?:\(decimalPattern)\\*)?(?:\(symbols))(?:\\*\(decimalPattern))?$"
    }
}
