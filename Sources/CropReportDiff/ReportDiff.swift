import CropReport
import CropSim
import CropText

/// Two reports of the same suite compared scenario by scenario: what `cropsim report diff`
/// prints, writes to `diff.json` and draws. Scenarios are in id order, so the same two reports
/// give the same bytes.
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
    public var changed: [Changed] = []

    public init(a: String, b: String) {
        self.a = a
        self.b = b
    }

    /// Adds one scenario's comparison; `a` or `b` is nil when only the other report holds it.
    /// Call in id order.
    public mutating func add(_ a: ScenarioLogs?, _ b: ScenarioLogs?) {
        switch (a, b) {
        case let (a?, b?):
            let diff = ScenarioDiff.compare(a, b)
            if diff.isIdentical { identical.append(a.id) } else { changed.append(Changed(diff: diff, a: a, b: b)) }
        case let (a?, nil): changed.append(Changed(diff: .only(.onlyInA, a), a: a, b: nil))
        case let (nil, b?): changed.append(Changed(diff: .only(.onlyInB, b), a: nil, b: b))
        case (nil, nil): return
        }
    }

    public var isIdentical: Bool { changed.isEmpty }

    /// One line per changed scenario, for CI logs.
    public var lines: [String] { changed.map { Self.line($0.diff) } }

    /// `pinch/basic: pose differs from tick 41 (max Δscale 0.031, Δoffset 2.5 pt), haptics 2→3`.
    public static func line(_ d: ScenarioDiff) -> String {
        switch d.presence {
        case .onlyInA: return "\(d.id): only in A"
        case .onlyInB: return "\(d.id): only in B"
        case .both: break
        }
        var parts: [String] = []
        if let p = d.pose {
            var deltas = ["max Δscale \(delta(p.maxScale, 4))"]
            if p.maxOffset > 0 { deltas.append("Δoffset \(delta(p.maxOffset, 2)) pt") }
            if p.maxAngle > 0 { deltas.append("Δangle \(delta(p.maxAngle, 2))°") }
            if p.ticksA != p.ticksB { deltas.append("frames \(p.ticksA)→\(p.ticksB)") }
            parts.append("pose differs from tick \(p.firstTick) (\(deltas.joined(separator: ", ")))")
        }
        if let t = d.frameFirstTick { parts.append("frames differ from tick \(t)") }
        for (label, records) in [("haptics", d.haptics), ("tips", d.tips), ("effects", d.effects)] {
            guard let r = records else { continue }
            parts.append("\(label) \(r.countA)→\(r.countB) from tick \(r.firstTick)")
        }
        if let v = d.verdict { parts.append("verdict \(v.a)→\(v.b) (violations \(v.violationsA)→\(v.violationsB))") }
        if !d.files.isEmpty { parts.append("\(d.files.joined(separator: ", ")) differ") }
        return "\(d.id): " + parts.joined(separator: ", ")
    }

    /// A largest difference; `inf` where one run's value was not finite (`ScenarioDiff.gap`).
    static func delta(_ x: Double, _ decimals: Int) -> String { x.isFinite ? formatFixed(x, decimals: decimals) : "inf" }

    /// `diff.json`: keys in a fixed order, one scenario per line.
    public var json: String {
        var out = "{\"a\":\(jsonString(a)),\"b\":\(jsonString(b)),\"identical\":\(isIdentical)"
        out += ",\"counts\":{\"identical\":\(identical.count),\"changed\":\(count(.both)),\"onlyInA\":\(count(.onlyInA)),\"onlyInB\":\(count(.onlyInB))}"
        out += ",\"identicalScenarios\":[\(identical.map(jsonString).joined(separator: ","))]"
        out += ",\"scenarios\":[\n" + changed.map { Self.json($0.diff) }.joined(separator: ",\n") + "\n]}\n"
        return out
    }

    public func count(_ presence: ScenarioDiff.Presence) -> Int { changed.filter { $0.diff.presence == presence }.count }

    static func json(_ d: ScenarioDiff) -> String {
        func number(_ x: Double) -> String { formatNumber(x) }
        func records(_ r: ScenarioDiff.Records?) -> String {
            r.map { "{\"countA\":\($0.countA),\"countB\":\($0.countB),\"firstTick\":\($0.firstTick)}" } ?? "null"
        }
        var out = "{\"id\":\(jsonString(d.id)),\"presence\":\"\(d.presence.rawValue)\""
        out += ",\"firstTick\":\(d.firstTick.map(String.init) ?? "null")"
        out += ",\"pose\":" + (d.pose.map {
            "{\"firstTick\":\($0.firstTick),\"maxScale\":\(number($0.maxScale)),\"maxOffset\":\(number($0.maxOffset)),\"maxAngle\":\(number($0.maxAngle)),\"ticksA\":\($0.ticksA),\"ticksB\":\($0.ticksB)}"
        } ?? "null")
        out += ",\"framesFirstTick\":\(d.frameFirstTick.map(String.init) ?? "null")"
        out += ",\"haptics\":\(records(d.haptics)),\"tips\":\(records(d.tips)),\"effects\":\(records(d.effects))"
        out += ",\"verdict\":" + (d.verdict.map {
            "{\"a\":\(jsonString($0.a)),\"b\":\(jsonString($0.b)),\"violationsA\":\($0.violationsA),\"violationsB\":\($0.violationsB)}"
        } ?? "null")
        out += ",\"files\":[\(d.files.map(jsonString).joined(separator: ","))]"
        out += ",\"summary\":\(jsonString(line(d)))}"
        return out
    }
}
