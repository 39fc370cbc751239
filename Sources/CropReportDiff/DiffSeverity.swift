/// How much a changed scenario matters to the person reading the diff, most first: the page and
/// the printed lines list rows in this order (then by id), each group under its own heading.
public enum DiffSeverity: Int, CaseIterable, Comparable, Sendable {
    /// Passed (or was not applicable) in A, fails in B.
    case nowFailing
    /// In one report only.
    case onlyInOne
    /// Any other verdict change (a fix: failed → passed).
    case verdict
    /// The pose, haptics, tips or effects differ, or one run ended earlier.
    case behaviour
    /// Only fields of the frames differ (phase, grid, limits, slider…).
    case frames
    /// Only fields a declared policy governs differ, and the two models declare that policy
    /// differently: a choice the spec leaves open, not a change of behaviour.
    case policy
    /// Only files beside the logs differ (`telemetry.jsonl`, `scenario.resolved.json`…).
    case files

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The key in `diff.json` and the page's CSS class.
    public var key: String {
        switch self {
        case .nowFailing: "nowFailing"
        case .onlyInOne: "onlyInOne"
        case .verdict: "verdictChanged"
        case .behaviour: "behaviour"
        case .frames: "frames"
        case .policy: "policyOnly"
        case .files: "filesOnly"
        }
    }

    /// The page's heading over the group.
    public var title: String {
        switch self {
        case .nowFailing: "Now failing"
        case .onlyInOne: "In one report only"
        case .verdict: "Verdict changed"
        case .behaviour: "Behaviour changed"
        case .frames: "Frame fields differ"
        case .policy: "Only where the declared policies differ"
        case .files: "Only other files differ"
        }
    }
}

extension ScenarioDiff {
    /// Fields of `frames.jsonl` whose value a declared policy decides (docs/bring-your-own-model.md
    /// #policies): the slider's position for a zoom, when the grid and the instruction hide.
    public static let policyFields: [String: [String]] = [
        "sliderPercent": ["sliderMapping"],
        "gridVisible": ["gridHidden"],
        "instructionVisible": ["instructionsHide", "instructionsHiddenBy"]
    ]

    public var severity: DiffSeverity {
        if presence != .both { return .onlyInOne }
        if let v = verdict, v.a != v.b { return v.b == "failed" ? .nowFailing : .verdict }
        if pose != nil || ended != nil || haptics != nil || tips != nil || effects != nil || verdict != nil {
            return .behaviour
        }
        if frameFirstTick != nil { return policies.isEmpty ? .frames : .policy }
        return .files
    }

    /// Sets `policies` when only policy-governed frame fields differ and, for each of them, the
    /// two reports' models declare one of its policies differently.
    mutating func explain(policiesA: [String: String], policiesB: [String: String]) {
        policies = []
        guard frameFirstTick != nil, !frameFields.isEmpty, pose == nil, ended == nil, haptics == nil, tips == nil,
            effects == nil, verdict == nil, files.isEmpty
        else { return }
        var named = Set<String>()
        for field in frameFields {
            let differing = (Self.policyFields[field] ?? []).filter { policiesA[$0] != policiesB[$0] }
            guard !differing.isEmpty else { return }
            named.formUnion(differing.map { "\($0) \(policiesA[$0] ?? "?")→\(policiesB[$0] ?? "?")" })
        }
        policies = named.sorted()
    }
}
