import CropScenario
import CropSpec
import CropVocabulary

/// Compares what the model shows (and what it emitted so far) with a scenario's expectations,
/// each key judged by its own `ExpectationField`.
/// Symbols such as `sMin` or `maxTx` mean the spec's values, from the oracle's own geometry: an
/// expectation read off the model's numbers would agree with a model that has them wrong.
enum ExpectationCheck {
    /// The model as a check sees it, and what it reports at all.
    struct Observed {
        var observation: Observation
        var sliderPercent: Double
        var readout: Readout
        var geometry: SpecGeometry
        var reported: Capabilities
        var policies: Policies
        /// The scenario's `policies`, assumed by every expectation.
        var blanket: [String: String]
    }

    /// The expectations that failed, and those the model's capabilities leave unjudged (their
    /// JSON paths).
    struct Outcome {
        var failures: [ExpectationFailure] = []
        var notJudged: [String] = []
    }

    static func check(
        _ e: Expectations, at path: String, observed o: Observed, effects: [TimedEffect],
        backend: Backend? = nil
    ) -> Outcome {
        let judge = ExpectationField.judge(
            e, at: path, evidence: Evidence(observed: o, timed: effects, backend: backend),
            blanket: o.blanket)
        return Outcome(
            failures: judge.failures.map { ExpectationFailure(path: $0.path, message: $0.message) },
            notJudged: judge.notJudged)
    }

    /// A run's moment as `ExpectationField` reads it, symbols resolved with the spec's geometry.
    struct Evidence: ExpectationEvidence {
        var observed: Observed
        var timed: [TimedEffect]
        var backend: Backend?

        var observation: Observation { observed.observation }
        var sliderPercent: Double { observed.sliderPercent }
        var readout: Readout { observed.readout }
        var reported: Capabilities { observed.reported }
        var policies: Policies { observed.policies }
        var effects: [(tick: Int, effect: EditorEffect)] { timed.map { ($0.tick, $0.effect) } }
        var profile: (avatarPath: String?, avatarVersion: Int)? {
            backend.map { ($0.profile.avatarPath, $0.profile.avatarVersion) }
        }
        var avatarURL: String? { backend?.avatarURL }

        func resolve(_ n: NumberExpression) -> Double {
            ExpectationCheck.resolve(n, observed.geometry, scale: observation.pose.scale, angle: observation.pose.angle)
        }

        func wrapAngle(_ degrees: Double) -> Double { SpecGeometry.wrap(degrees) }
    }

    /// The spec's value of a scenario's number: a plain number, or a multiple of s_min, s_max,
    /// s_quality, s_density, the initial zoom or a pan limit at the current zoom and turn.
    static func resolve(_ n: NumberExpression, _ g: SpecGeometry, scale: Double, angle: Double) -> Double {
        guard let symbol = n.symbol else { return n.factor }
        let base =
            switch symbol {
            case .sMin: g.sMin(angle)
            case .sMax: g.sMax(angle)
            case .sQuality: g.sQuality
            case .sDensity: g.sDensity
            case .initial: min(g.sMin(angle) * 1.05, g.sMax(angle))
            case .maxTx: g.panLimit(scale, angle: angle).x
            case .maxTy: g.panLimit(scale, angle: angle).y
            }
        return n.factor * base
    }
}
