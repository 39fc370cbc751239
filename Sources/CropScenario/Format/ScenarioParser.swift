import CropVocabulary

/// Turns a scenario file's bytes into a `Scenario`, or the first error with its place.
///
/// Strict on purpose: unknown keys, wrong types, NaN, negative durations, out-of-range numbers
/// and touches out of order are all errors, because a designer's typo must never silently run a
/// different gesture.
public enum ScenarioParser {
    public static func parse(_ bytes: [UInt8], file: String, id: String) throws(ScenarioError) -> Scenario {
        try document(bytes, file: file, id: id).scenario
    }

    /// The scenario with what its file says beside it (`$schema`, the device preset), for tools
    /// that open a file and save it again.
    public static func document(_ bytes: [UInt8], file: String, id: String) throws(ScenarioError) -> ScenarioDocument {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(
                file: file, line: error.location.line, column: error.location.column, path: "$",
                message: error.message)
        }
        return try document(JSONReader(value: root, source: SourceFile(name: file, bytes: bytes)), id: id)
    }

    typealias Format = ScenarioFormat
    typealias Limits = ScenarioFormat.Range

    /// The scenario a file states, read by the top-level table (`ScenarioFormat.topTable`).
    static func document(_ r: JSONReader, id: String) throws(ScenarioError) -> ScenarioDocument {
        let blank = Scenario(
            id: id, file: r.file, name: "", description: "", covers: [],
            device: Device(view: Size(width: 0, height: 0), screenScale: 1),
            image: ImageSpec(source: SourceImage(storedWidth: 0, storedHeight: 0)), config: AvatarCropperConfig(),
            steps: [], backend: .none, expect: .none, checkpoints: [])
        return try Format.topTable.value(r, from: ScenarioDocument(scenario: blank))
    }

    /// Whether `text` matches one of the format's patterns (the schema carries the same one).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: text)) != nil
    }

    // MARK: Primitives

    /// `[width, height]`.
    static func size(_ r: JSONReader) throws(ScenarioError) -> Size {
        let a = try r.array()
        guard a.count == 2 else { throw r.fail("expected [width, height], got \(a.count) numbers") }
        return Size(
            width: try a[0].number(in: Limits.viewSide, "width"), height: try a[1].number(in: Limits.viewSide, "height")
        )
    }

    /// `[x, y]` where each is points or `"NN%"`, or `"center"`.
    static func point(_ r: JSONReader) throws(ScenarioError) -> ViewPoint {
        if r.isString {
            guard try r.string() == "center" else { throw r.fail("a point is [x, y] or \"center\"") }
            return .center
        }
        let a = try r.array()
        guard a.count == 2 else { throw r.fail("a point is [x, y], got \(a.count) values") }
        return ViewPoint(x: try coordinate(a[0]), y: try coordinate(a[1]))
    }

    static func coordinate(_ r: JSONReader) throws(ScenarioError) -> Coordinate {
        if r.isString {
            let s = try r.string()
            guard let p = ScenarioGrammar.percent(s) else {
                throw r.fail("a coordinate is a number of points or a percentage like \"50%\", got \(quoted(s))")
            }
            let range = ScenarioGrammar.percentRange
            guard range.contains(p) else {
                throw r.fail(
                    "a percentage must be in \(Int(range.lowerBound))…\(Int(range.upperBound)) %, got \(quoted(s))")
            }
            return .percent(p)
        }
        return .points(try r.number(in: Limits.points, "coordinate"))
    }

    /// Seconds as a number, or a string with a unit: `"250ms"`, `"1.5s"`.
    static func time(_ r: JSONReader) throws(ScenarioError) -> Double {
        let seconds: Double
        if r.isString {
            let s = try r.string()
            guard let v = ScenarioGrammar.seconds(s) else {
                throw r.fail("a time is seconds (0.5) or a string with a unit (\"500ms\", \"0.5s\"), got \(quoted(s))")
            }
            seconds = v
        } else {
            seconds = try r.number()
        }
        guard seconds.isFinite, seconds >= 0 else { throw r.fail("times and durations must be ≥ 0, got \(seconds)") }
        guard seconds <= ScenarioBudget.maxSeconds else {
            throw r.fail("times and durations must be at most \(budgetSeconds), got \(seconds)")
        }
        return seconds
    }

    static func span(_ r: JSONReader) throws(ScenarioError) -> Double { try r.number(in: Limits.span, "span") }

    // MARK: Steps

    static let budgetSeconds = "\(Int(ScenarioBudget.maxSeconds)) s"

    /// Seconds with three decimals, as the oracle's violation messages print them.
    static func milliseconds(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }

    /// The steps, held to the budgets as they are read, so an overrun is reported at the step
    /// that crosses the line.
    static func steps(_ r: JSONReader, rate: Int) throws(ScenarioError) -> [Step] {
        let items = try r.array()
        guard items.count <= ScenarioBudget.maxSteps else {
            throw items[ScenarioBudget.maxSteps].fail(
                "more than \(ScenarioBudget.maxSteps) steps, the budget per scenario")
        }
        var steps: [Step] = []
        var samples = 0
        for item in items {
            let step = try Format.readStep(item)
            let end = step.time + step.action.duration
            guard end <= ScenarioBudget.maxSeconds else {
                throw item.fail(
                    "this step's input ends at \(milliseconds(end)) s, past the budget of \(budgetSeconds) of simulated time"
                )
            }
            samples += step.action.touchSamples(rate: rate)
            guard samples <= ScenarioBudget.maxTouchSamples else {
                throw item.fail(
                    "the steps up to here make \(samples) touch samples, past the budget of \(ScenarioBudget.maxTouchSamples)"
                )
            }
            steps.append(step)
        }
        return steps
    }

    // MARK: Expectations

    static func expectations(_ r: JSONReader, checkpoint: Bool) throws(ScenarioError) -> Expectations {
        let o = try r.object()
        try o.finish(allowed: checkpoint ? Format.checkpoint.keys : Format.expectations.keys)
        var e = Expectations()
        for field in ExpectationField.all {
            if let v = o.optional(field.key) { try field.parse(v, &e) }
        }
        return e
    }

    /// `1.5`, `"sMax"`, `"1.5*sMin"`, or `{"value": …, "tolerance": …}`.
    static func number(_ r: JSONReader) throws(ScenarioError) -> NumberExpectation {
        var tolerance = NumberExpectation.defaultTolerance
        var valueReader = r
        if r.isObject {
            let o = try r.object()
            try o.finish(allowed: Format.numberWithTolerance.keys)
            valueReader = try o.required("value")
            if let t = o.optional("tolerance") { tolerance = try t.number(in: Limits.tolerance, "tolerance") }
        }
        let target: NumberExpression
        if valueReader.isNumber {
            target = NumberExpression(factor: try valueReader.number(), symbol: nil)
        } else {
            let text = try valueReader.string()
            guard let parsed = ScenarioGrammar.expression(text) else {
                throw valueReader.fail(
                    "expected a number or an expression like \"sMax\", \"1.5*sMin\", \"-maxTx\"; symbols: "
                        + NumberExpression.Symbol.allCases.map(\.rawValue).joined(separator: ", "))
            }
            target = parsed
        }
        return NumberExpectation(target: target, tolerance: tolerance, path: r.path)
    }
}
