import CropScenario
import CropSpec
import CropVocabulary

/// Everything one scenario run produced.
public struct RunResult: Sendable {
    public var scenario: Scenario
    /// The editor's refusal, when it did not open (R1.3, R11.4), and for a photo that could not
    /// be decoded, the decoder's own words.
    public var rejection: String?
    public var rejectionDetail: String?
    public var frames: [FrameRecord]
    public var effects: [TimedEffect]
    /// Measured model time (recognizer + editor) per tick, in nanoseconds. Not deterministic.
    public var modelNanoseconds: [Int64]
    public var violations: [Violation]
    public var violationCounts: [Property: Int]
    /// Target deviations below a quarter of a device pixel (`Violation.isSubPixel`): reported
    /// apart and not failing the run, unless `Simulator.Options.failSubPixel` moved them into
    /// `violations`.
    public var subPixel: [Violation] = []
    public var subPixelCounts: [Property: Int] = [:]
    public var failures: [ExpectationFailure]
    public var ticks: Int
    /// The spec's zoom math for the photo and the view the run ended with (nil when refused).
    public var geometry: SpecGeometry?
    /// How the model and the backend stood when the run ended (nil when the photo was refused).
    public var final: ModelAnswer?
    public var backend: Backend?
    /// The model under test, and the properties and expectations (JSON paths) its capabilities
    /// leave unjudged: listed in reports, never counted as passed.
    public var model: ModelIdentity
    public var notJudged: [Property] = []
    public var expectationsNotJudged: [String] = []
    /// Why the scenario does not apply to the model (it needs a capability the model lacks);
    /// nothing was judged.
    public var notApplicable: String?
    /// The model failed as a program (crash, hang, a broken reply): a failure of the run.
    public var modelFailure: ModelFailure?

    public init(scenario: Scenario, model: ModelIdentity) {
        self.scenario = scenario
        self.model = model
        frames = []
        effects = []
        modelNanoseconds = []
        violations = []
        violationCounts = [:]
        failures = []
        ticks = 0
    }

    public var violationCount: Int { violationCounts.values.reduce(0, +) }
    public var subPixelCount: Int { subPixelCounts.values.reduce(0, +) }

    /// Sub-pixel deviations count as violations (`--fail-sub-pixel`).
    mutating func failSubPixel() {
        violations = (violations + subPixel).sorted {
            ($0.tick, $0.property.rawValue) < ($1.tick, $1.property.rawValue)
        }
        violationCounts.merge(subPixelCounts, uniquingKeysWith: +)
        subPixel = []
        subPixelCounts = [:]
    }

    /// Passed, failed, or not applicable to the model (neither: nothing was judged).
    public enum Outcome: String, Sendable, Codable {
        case passed, failed, notApplicable
    }

    public var outcome: Outcome {
        if notApplicable != nil { return .notApplicable }
        return violationCount == 0 && failures.isEmpty && modelFailure == nil ? .passed : .failed
    }

    public var passed: Bool { outcome == .passed }
    public var failed: Bool { outcome == .failed }

    public var haptics: [(tick: Int, haptic: Haptic)] {
        effects.compactMap { if case .haptic(let h) = $0.effect { ($0.tick, h) } else { nil } }
    }

    public var hapticCounts: [String: Int] {
        haptics.reduce(into: [:]) { $0[$1.haptic.name, default: 0] += 1 }
    }

    /// The first problem, for one-line summaries and JUnit messages.
    public var firstProblem: String? {
        if let modelFailure { return "the model \(modelFailure)" }
        if let v = violations.min(by: { ($0.tick, $0.property.rawValue) < ($1.tick, $1.property.rawValue) }) {
            return v.description
        }
        return failures.first?.description
    }
}

/// An expectation that did not hold.
public struct ExpectationFailure: Hashable, Sendable, CustomStringConvertible {
    /// JSON path of the expectation in the scenario file.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
