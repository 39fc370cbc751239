import CropVocabulary

/// What a run shows at the moment its expectations are judged: the simulator provides it, the
/// expectation fields (`ExpectationField.all`) read it. Symbols such as `sMin` or `maxTx` are
/// resolved by the provider from the spec's own geometry, never from the model's numbers.
public protocol ExpectationEvidence {
    var observation: Observation { get }
    var sliderPercent: Double { get }
    var readout: Readout { get }
    /// What the model reports at all: an expectation it cannot report is not judged.
    var reported: Capabilities { get }
    /// The policies the model declares: an expectation that assumes others is not judged.
    var policies: Policies { get }
    /// Every effect so far, with the tick it happened at.
    var effects: [(tick: Int, effect: EditorEffect)] { get }
    /// The profile row and avatar URL of the scripted backend, nil without one.
    var profile: (avatarPath: String?, avatarVersion: Int)? { get }
    var avatarURL: String? { get }

    /// The spec's value of a scenario number at the current pose.
    func resolve(_ n: NumberExpression) -> Double
    /// `degrees` brought into (−180, 180].
    func wrapAngle(_ degrees: Double) -> Double
}

/// Collects what one expectations block says about a run: the failures, and the keys the
/// model's capabilities leave unjudged (both as JSON paths).
public struct ExpectationJudge {
    public let path: String
    public let evidence: any ExpectationEvidence
    public private(set) var failures: [(path: String, message: String)] = []
    public private(set) var notJudged: [String] = []

    public init(path: String, evidence: any ExpectationEvidence) {
        self.path = path
        self.evidence = evidence
    }

    mutating func fail(_ key: String, _ message: String) { failures.append(("\(path).\(key)", message)) }

    /// Whether the model reports what `key` needs; if not, the key is listed as not judged.
    mutating func judged(_ key: String, needs: Capabilities) -> Bool {
        if evidence.reported.isSuperset(of: needs) { return true }
        notJudged.append("\(path).\(key)")
        return false
    }

    /// Lists `key` as not judged, and why.
    mutating func skip(_ key: String, because reason: String) { notJudged.append("\(path).\(key) (\(reason))") }

    /// A number within its tolerance, relative to max(1, |target|).
    mutating func compare(_ key: String, _ n: NumberExpectation, _ actual: Double?, needs: Capabilities) {
        guard judged(key, needs: needs) else { return }
        let target = evidence.resolve(n.target)
        guard let actual else {
            if needs.contains(.readout) { return skip(key, because: "the model does not report it") }
            return fail(key, "expected \(n.target) = \(target) ± \(n.tolerance); the model did not report it")
        }
        if !(abs(actual - target) <= n.tolerance * max(1, abs(target))) {
            fail(key, "expected \(n.target) = \(target) ± \(n.tolerance), got \(actual)")
        }
    }

    /// A flag or a state, equal to what the model reports.
    mutating func equal<T: Equatable>(
        _ key: String, _ expected: T, _ actual: T?, needs: Capabilities,
        _ text: (T) -> String = { "\($0)" }
    ) {
        guard judged(key, needs: needs) else { return }
        // A readout may be reported in part: a field the model never reports is not judged.
        if actual == nil, needs.contains(.readout) { return skip(key, because: "the model does not report it") }
        if expected != actual { fail(key, "expected \(text(expected)), got \(actual.map(text) ?? "nothing reported")") }
    }

    /// The effects of one kind, in order.
    func effects<T>(_ pick: (EditorEffect) -> T?) -> [T] { evidence.effects.compactMap { pick($0.effect) } }
}
