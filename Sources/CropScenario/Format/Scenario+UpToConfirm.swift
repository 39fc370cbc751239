import CropVocabulary

extension Scenario {
    /// The keys of an end state that a run cut at confirm still shows as the confirm would
    /// have left them: where the photo came to rest, what the editor reports about its zoom,
    /// and a refusal at open.
    /// Effects, the grid, the session and the flow after confirm are not among them.
    static let numbersKeptAtConfirm:
        [(key: String, path: WritableKeyPath<Expectations, NumberExpectation?> & Sendable)] = [
            ("scale", \.scale), ("tx", \.tx), ("ty", \.ty), ("sliderPercent", \.sliderPercent),
            ("cropSide", \.cropSide),
            ("maskDiameter", \.maskDiameter), ("angle", \.angle), ("dimmingOpacity", \.dimmingOpacity)
        ]
    static let flagsKeptAtConfirm: [(key: String, path: WritableKeyPath<Expectations, Bool?> & Sendable)] = [
        ("zoomLimited", \.zoomLimited), ("lowDensity", \.lowDensity)
    ]
    static let keysKeptAtConfirm = Set(numbersKeptAtConfirm.map(\.key) + flagsKeptAtConfirm.map(\.key) + ["rejected"])

    /// The scenario judged up to its first confirm or cancel, for an editor without `confirm`:
    /// the steps before it; the checkpoints before it; of `expect`, the keys a run that settles
    /// instead of confirming still shows (the confirm lands a running move on its target, and
    /// the run settles on the same pose). Returns nil when the scenario has no confirm or cancel,
    /// else the cut scenario and the JSON paths of what it no longer judges.
    package func upToConfirm() -> (scenario: Scenario, notJudged: [String])? {
        guard let end = steps.firstIndex(where: { $0.action == .confirm || $0.action == .cancel }) else { return nil }
        let at = steps[end].time
        var cut = self
        var dropped: [String] = []
        cut.steps = Array(steps[..<end])
        cut.backend = .none
        cut.checkpoints = checkpoints.filter { $0.time < at }
        dropped += checkpoints.filter { $0.time >= at }.map(\.path)
        var kept = Expectations()
        for (_, path) in Self.numbersKeptAtConfirm { kept[keyPath: path] = expect[keyPath: path] }
        for (_, path) in Self.flagsKeptAtConfirm { kept[keyPath: path] = expect[keyPath: path] }
        kept.rejected = expect.rejected
        dropped += ExpectationField.stated.filter {
            $0.encode(expect) != nil && !Self.keysKeptAtConfirm.contains($0.key)
        }
        .map { "$.expect.\($0.key)" }
        kept.assumes = expect.assumes.filter { Self.keysKeptAtConfirm.contains($0.key) }
        cut.expect = kept
        let reason = " (after the \(steps[end].action.name) at \(steps[end].path), which the model does not implement)"
        return (cut, dropped.map { $0 + reason })
    }
}
