import CropSim
import CropText

/// Two reports of the same suite compared scenario by scenario: what `cropsim report diff`
/// prints, writes to `diff.json` and draws. Changed scenarios are listed most severe first
/// (`DiffSeverity`), then in id order, so the same two reports give the same bytes.
public struct ReportDiff: Equatable, Sendable {
    /// A scenario that differs, with both sides' logs for the page (nil on the side that lacks it).
    public struct Changed: Equatable, Sendable {
        public var diff: ScenarioDiff
        public var a: ScenarioLogs?
        public var b: ScenarioLogs?

        public init(diff: ScenarioDiff, a: ScenarioLogs?, b: ScenarioLogs?) {
            self.diff = diff
            self.a = a
            self.b = b
        }
    }

    /// The two report folders as given.
    public var a: String
    public var b: String
    public var identical: [String] = []
    /// In the order added (id order); `rows` is the order shown.
    public var changed: [Changed] = []
    /// The policies each report's model declared, to tell policy-only differences apart.
    public var policiesA: [String: String]
    public var policiesB: [String: String]

    public init(a: String, b: String, policiesA: [String: String] = [:], policiesB: [String: String] = [:]) {
        self.a = a
        self.b = b
        self.policiesA = policiesA
        self.policiesB = policiesB
    }

    /// The changed scenarios most severe first, ties in the order added.
    public var rows: [Changed] {
        changed.enumerated().sorted { ($0.element.diff.severity, $0.offset) < ($1.element.diff.severity, $1.offset) }
            .map(\.element)
    }

    /// Adds one scenario's comparison; `a` or `b` is nil when only the other report holds it.
    /// Call in id order.
    public mutating func add(_ a: ScenarioLogs?, _ b: ScenarioLogs?) {
        switch (a, b) {
        case let (a?, b?):
            var diff = ScenarioDiff.compare(a, b)
            diff.explain(policiesA: policiesA, policiesB: policiesB)
            if diff.isIdentical { identical.append(a.id) } else { changed.append(Changed(diff: diff, a: a, b: b)) }
        case let (a?, nil): changed.append(Changed(diff: .only(.onlyInA, a), a: a, b: nil))
        case let (nil, b?): changed.append(Changed(diff: .only(.onlyInB, b), a: nil, b: b))
        case (nil, nil): return
        }
    }

    public var isIdentical: Bool { changed.isEmpty }

    /// One line per changed scenario, for CI logs.
    public var lines: [String] { rows.map { Self.line($0.diff) } }

    /// `pinch/basic: pose differs from tick 41 (max Δscale 0.031, Δoffset 2.5 pt), haptics 2→3`.
    public static func line(_ d: ScenarioDiff) -> String {
        switch d.presence {
        case .onlyInA: return "\(d.id): only in A"
        case .onlyInB: return "\(d.id): only in B"
        case .both: break
        }
        var parts: [String] = []
        if let v = d.verdict {
            var verdict = "verdict \(v.a)→\(v.b) (violations \(v.violationsA)→\(v.violationsB))"
            if let problem = v.b == "failed" ? v.problemB : v.problemA {
                verdict += ": \(v.b == "failed" ? "B" : "A") failed on \(problem.prefix(200))"
            }
            parts.append(verdict)
        }
        if let e = d.ended {
            parts.append(
                "\(e.side) ended earlier at tick \(e.lastTick) (\(e.side == "A" ? "B" : "A") ran to tick \(e.otherLastTick))"
            )
        }
        if let p = d.pose {
            var deltas = ["max Δscale \(delta(p.maxScale, 4))"]
            if p.maxOffset > 0 { deltas.append("Δoffset \(delta(p.maxOffset, 2)) pt") }
            if p.maxAngle > 0 { deltas.append("Δangle \(delta(p.maxAngle, 2))°") }
            if p.ticksA != p.ticksB { deltas.append("frames \(p.ticksA)→\(p.ticksB)") }
            parts.append("pose differs from tick \(p.firstTick) (\(deltas.joined(separator: ", ")))")
        }
        if let t = d.frameFirstTick { parts.append("frames differ from tick \(t)" + fieldList(d.frameFields)) }
        if !d.policies.isEmpty { parts.append("declared policy \(d.policies.joined(separator: ", "))") }
        for (label, records) in [("haptics", d.haptics), ("tips", d.tips), ("effects", d.effects)] {
            guard let r = records else { continue }
            parts.append("\(label) \(r.countA)→\(r.countB) from tick \(r.firstTick)")
        }
        if !d.files.isEmpty { parts.append("\(d.files.joined(separator: ", ")) differ") }
        return "\(d.id): " + parts.joined(separator: ", ")
    }

    /// " in sliderPercent" or " in engaged, phase, tx and 3 more fields"; empty when unnamed.
    static func fieldList(_ fields: [String]) -> String {
        guard !fields.isEmpty else { return "" }
        let shown = fields.prefix(4).joined(separator: ", ")
        return " in " + shown + (fields.count > 4 ? " and \(fields.count - 4) more fields" : "")
    }

    /// A largest difference; `inf` where one run's value was not finite (`ScenarioDiff.gap`).
    static func delta(_ x: Double, _ decimals: Int) -> String {
        x.isFinite ? formatFixed(x, decimals: decimals) : "inf"
    }

    /// `diff.json`: keys in a fixed order, one scenario per line.
    public var json: String {
        var out = "{\"a\":\(jsonString(a)),\"b\":\(jsonString(b)),\"identical\":\(isIdentical)"
        out +=
            ",\"counts\":{\"identical\":\(identical.count),\"changed\":\(count(.both)),\"onlyInA\":\(count(.onlyInA)),\"onlyInB\":\(count(.onlyInB))}"
        out += ",\"identicalScenarios\":[\(identical.map(jsonString).joined(separator: ","))]"
        out += ",\"scenarios\":[\n" + rows.map { Self.json($0.diff) }.joined(separator: ",\n") + "\n]}\n"
        return out
    }

    public func count(_ presence: ScenarioDiff.Presence) -> Int {
        changed.filter { $0.diff.presence == presence }.count
    }

    static func json(_ d: ScenarioDiff) -> String {
        func number(_ x: Double) -> String { formatNumber(x) }
        func records(_ r: ScenarioDiff.Records?) -> String {
            r.map { "{\"countA\":\($0.countA),\"countB\":\($0.countB),\"firstTick\":\($0.firstTick)}" } ?? "null"
        }
        var out =
            "{\"id\":\(jsonString(d.id)),\"presence\":\"\(d.presence.rawValue)\",\"severity\":\"\(d.severity.key)\""
        out += ",\"firstTick\":\(d.firstTick.map(String.init) ?? "null")"
        out +=
            ",\"pose\":"
            + (d.pose.map {
                "{\"firstTick\":\($0.firstTick),\"maxScale\":\(number($0.maxScale)),\"maxOffset\":\(number($0.maxOffset)),\"maxAngle\":\(number($0.maxAngle)),\"ticksA\":\($0.ticksA),\"ticksB\":\($0.ticksB)}"
            } ?? "null")
        out +=
            ",\"ended\":"
            + (d.ended.map {
                "{\"side\":\"\($0.side)\",\"lastTick\":\($0.lastTick),\"otherLastTick\":\($0.otherLastTick)}"
            } ?? "null")
        out += ",\"framesFirstTick\":\(d.frameFirstTick.map(String.init) ?? "null")"
        out += ",\"frameFields\":[\(d.frameFields.map(jsonString).joined(separator: ","))]"
        out += ",\"policies\":[\(d.policies.map(jsonString).joined(separator: ","))]"
        out += ",\"haptics\":\(records(d.haptics)),\"tips\":\(records(d.tips)),\"effects\":\(records(d.effects))"
        out +=
            ",\"verdict\":"
            + (d.verdict.map {
                "{\"a\":\(jsonString($0.a)),\"b\":\(jsonString($0.b)),\"violationsA\":\($0.violationsA),\"violationsB\":\($0.violationsB)"
                    + ",\"problemA\":\($0.problemA.map(jsonString) ?? "null"),\"problemB\":\($0.problemB.map(jsonString) ?? "null")}"
            } ?? "null")
        out += ",\"files\":[\(d.files.map(jsonString).joined(separator: ","))]"
        out += ",\"summary\":\(jsonString(line(d)))}"
        return out
    }
}
