import CropModel
import CropPhotos
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Testing

/// Every policy alternative the reference editor does not implement has a scenario of the suite
/// that tells it apart: the reference editor *declaring* that alternative fails it, with the
/// property the alternative changes. (That an editor implementing the alternative passes is held
/// by the example editors that declare it: `scripts/check-examples`.) The superset alternatives —
/// `transitionSpring: unspecified`, `arrivalHaptics: arrivalsToo`, `reduceMotion:
/// landOnNextTick`, `incrementAtEnd: silent`, `instructionsHide: fade`, `gridHidden:
/// alsoDuringMoves` — allow what the default allows and more, so the reference passes them;
/// `pinchAnchor: fromStart` is the default itself while `pinchReference` is `fromStart`; the
/// spring presets within the progress tolerance of ζ 0.8 (`zeta0.7`, `zeta0.9`) differ only in
/// their settle bound (docs/oracle.md, "Timing").
@Suite struct PolicyAlternativeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var policy: String
        var value: String
        var scenario: String
        var property: String
        var testDescription: String { "\(policy)=\(value) on \(scenario)" }
    }

    static let cases: [Case] = [
        Case(
            policy: "transitionSpring", value: "zeta0.5", scenario: "gestures/double-tap-ladder-cycle",
            property: "springTiming"),
        Case(
            policy: "transitionSpring", value: "zeta1.0", scenario: "gestures/double-tap-ladder-cycle",
            property: "springTiming"),
        Case(
            policy: "transitionSpring", value: "k300-zeta0.7", scenario: "gestures/double-tap-ladder-cycle",
            property: "springTiming"),
        Case(
            policy: "zoomInterpolation", value: "linear", scenario: "gestures/double-tap-ladder-cycle",
            property: "springTiming"),
        Case(
            policy: "sliderMapping", value: "linear", scenario: "requirements/slider-logarithmic-midpoint",
            property: "sliderTarget"),
        Case(
            policy: "incrementStep", value: "fivePercent", scenario: "gestures/slider-increment-at-limit-haptic",
            property: "incrementTarget"),
        Case(
            policy: "incrementStep", value: "onePercent", scenario: "gestures/slider-increment-at-limit-haptic",
            property: "incrementTarget"),
        Case(
            policy: "pinchReference", value: "incremental", scenario: "gestures/pinch-past-both-limits",
            property: "focalPointKept"),
        Case(
            policy: "pinchAnchor", value: "incremental", scenario: "regressions/focalPointKept-resize",
            property: "focalPointKept"),
        Case(
            policy: "degeneratePinch", value: "ignore", scenario: "regressions/hapticsEdgeTriggered-crossing",
            property: "focalPointKept"),
        Case(
            policy: "panReference", value: "fromStart", scenario: "regressions/mirrorDiffers-quarter-turn-per-sample",
            property: "panFollowsFinger"),
        Case(
            policy: "limitHaptics", value: "perAxis", scenario: "gestures/pan-range-crossed-in-one-tick",
            property: "hapticsEdgeTriggered"),
        Case(
            policy: "zeroWidthRange", value: "twoSides", scenario: "gestures/zero-range-jitter-one-tick",
            property: "limitHapticOnEntry"),
        Case(
            policy: "densityCap", value: "atMinimumOnly", scenario: "devices/ipad-density-cap",
            property: "limitHapticOnEntry"),
        Case(
            policy: "densityCap", value: "collapseWhenLow", scenario: "devices/ipad-density-cap",
            property: "limitHapticOnEntry"),
        Case(
            policy: "baseDuringMove", value: "moveTarget", scenario: "gestures/double-tap-during-slider-move",
            property: "doubleTapRung"),
        Case(
            policy: "resizeKeeps", value: "scaledPose", scenario: "devices/ipad-resize-clamps-zoom-off-center",
            property: "resizeKeepsCenter"),
        Case(
            policy: "resizeKeeps", value: "absoluteZoom", scenario: "edge-cases/resize-mid-drag",
            property: "resizeKeepsCenter"),
        Case(
            policy: "telemetrySourceSize", value: "upright", scenario: "requirements/exif-orientation-normalized",
            property: "telemetryReported"),
        Case(
            policy: "confirmDuringMove", value: "cropsFrame", scenario: "edge-cases/confirm-mid-animation",
            property: "doubleTapRung"),
        Case(
            policy: "reduceMotionMidMove", value: "stops", scenario: "edge-cases/reduce-motion-toggled-mid-animation",
            property: "doubleTapRung"),
        Case(
            policy: "resizeMidMove", value: "stops", scenario: "edge-cases/resize-mid-double-tap",
            property: "resizeKeepsCenter"),
        Case(
            policy: "resizeMidMove", value: "carriesOn", scenario: "edge-cases/resize-mid-double-tap",
            property: "resizeKeepsCenter"),
        Case(
            policy: "pinchAcrossResize", value: "scaleStart", scenario: "regressions/focalPointKept-resize",
            property: "focalPointKept"),
        Case(
            policy: "instructionsHiddenBy", value: "panPinch", scenario: "devices/reduce-motion-device",
            property: "instructionsHiddenAfterFirstGesture"),
        Case(
            policy: "instructionsHiddenBy", value: "anyAdjustment", scenario: "edge-cases/max-zoom-multiplier-1",
            property: "instructionsHiddenAfterFirstGesture"),
        Case(
            policy: "uploadAttempts", value: "three", scenario: "upload/retries-exhausted", property: "failureReported"),
        Case(
            policy: "retryable", value: "transientOnly", scenario: "regressions/telemetryReported-3xx-retried",
            property: "failureReported"),
        Case(
            policy: "cropFailure", value: "retryScreen", scenario: "upload/crop-failure-keeps-state",
            property: "sessionFollowsFlow"),
        Case(
            policy: "cancelAfterFailure", value: "endsSession", scenario: "upload/cancel-after-total-failure",
            property: "sessionFollowsFlow"),
        Case(
            policy: "memoryNoticeAt", value: "warning", scenario: "requirements/memory-warning-fallback-once",
            property: "memoryFallbackNoticeShown"),
        Case(
            policy: "profileRetry", value: "profileOnly", scenario: "upload/profile-update-fails-then-retry",
            property: "profileUpdatedOnlyAfterUpload")
    ]

    func run(_ c: Case, declaring value: String) throws -> RunResult {
        let loaded = ScenarioLoader.load([Repository.scenarios.appendingPathComponent(c.scenario + ".json").path])
        let scenario = try #require(ScenarioPhotos.resolve(loaded.scenarios).scenarios.first, "\(loaded.errors)")
        var policies = Policies()
        try policies.set(c.policy, to: value)
        // At any size: a wrong declaration may move the photo by less than a quarter pixel in its
        // scenario (degeneratePinch on a 641 px photo), which a plain run reports as sub-pixel.
        var options = Simulator.Options()
        options.failSubPixel = true
        return ModelRunner(ReferenceAs.self, in: ReferenceAs.declaring(policies)).run(scenario, options: options)
    }

    @Test(arguments: cases)
    func theReferenceDeclaringAnotherChoiceIsCaught(_ c: Case) throws {
        let declared = try run(c, declaring: c.value)
        #expect(
            declared.violations.contains { $0.property.rawValue == c.property },
            "\(c.testDescription): \(declared.violations.map(\.property.rawValue))")
        let honest = try run(c, declaring: Policies.descriptors.first { $0.name == c.policy }!.values[0])
        #expect(honest.violations.isEmpty && honest.failures.isEmpty, "\(honest.violations) \(honest.failures)")
    }

    /// Every alternative is in the table or named above as one the reference cannot fail.
    @Test func everyAlternativeIsCovered() {
        let superset: Set<String> = [
            "transitionSpring=unspecified", "arrivalHaptics=arrivalsToo", "reduceMotion=landOnNextTick",
            "transitionSpring=zeta0.7", "transitionSpring=zeta0.9", "pinchAnchor=fromStart",
            "incrementAtEnd=silent", "instructionsHide=fade", "gridHidden=alsoDuringMoves",
            // What cropsim's recognizer sends (the finger left after a pinch, the twist and
            // drag thresholds, a sharp turn) and when an answer is judged (at the frame's end,
            // which an editor applying at the event meets too): the reference passes them;
            // InputTimingTests, RecognitionPolicyTests and Examples/touch-web hold editors of them.
            "inputTiming=atFrameEnd", "fingerAfterPinch=ignored", "fingerAfterPinch=ignoredAlone",
            "twistThreshold=none", "dragThreshold=none", "sharpTurn=followed"
        ]
        let covered = Set(Self.cases.map { "\($0.policy)=\($0.value)" })
        for d in Policies.descriptors {
            for value in d.values.dropFirst() {
                #expect(
                    covered.contains("\(d.name)=\(value)") || superset.contains("\(d.name)=\(value)"),
                    "\(d.name)=\(value)")
            }
        }
    }
}
