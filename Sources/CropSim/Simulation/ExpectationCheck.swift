import CropScenario
import CropSpec
import CropVocabulary

/// Compares what the model shows (and what it emitted so far) with a scenario's expectations.
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
    }

    /// The expectations that failed, and those the model's capabilities leave unjudged (their
    /// JSON paths).
    struct Outcome {
        var failures: [ExpectationFailure] = []
        var notJudged: [String] = []
    }

    static func check(_ e: Expectations, at path: String, observed o: Observed, effects: [TimedEffect],
                      backend: Backend? = nil) -> Outcome {
        var out = Outcome()
        func fail(_ key: String, _ message: String) { out.failures.append(ExpectationFailure(path: "\(path).\(key)", message: message)) }
        /// Whether the model reports what `key` needs; if not, the key is listed as not judged.
        func judged(_ key: String, _ present: Bool, needs: Capabilities) -> Bool {
            guard present else { return false }
            if o.reported.isSuperset(of: needs) { return true }
            out.notJudged.append("\(path).\(key)")
            return false
        }
        let pose = o.observation.pose, g = o.geometry, a = pose.angle

        func compare(_ key: String, _ n: NumberExpectation?, _ actual: Double?, needs: Capabilities = []) {
            guard let n, judged(key, true, needs: needs) else { return }
            let target = resolve(n.target, g, scale: pose.scale, angle: a)
            guard let actual else { return fail(key, "expected \(n.target) = \(target) ± \(n.tolerance); the model did not report it") }
            if !(abs(actual - target) <= n.tolerance * max(1, abs(target))) {
                fail(key, "expected \(n.target) = \(target) ± \(n.tolerance), got \(actual)")
            }
        }
        compare("scale", e.scale, pose.scale)
        compare("tx", e.tx, pose.translation.x)
        compare("ty", e.ty, pose.translation.y)
        compare("sliderPercent", e.sliderPercent, o.sliderPercent, needs: .slider)
        compare("cropSide", e.cropSide, o.observation.cropRect.width, needs: .cropRect)
        if let n = e.angle, judged("angle", true, needs: .rotation) {
            let target = resolve(n.target, g, scale: pose.scale, angle: a)
            if !(abs(SpecGeometry.wrap(a - target)) <= n.tolerance * max(1, abs(target))) {
                fail("angle", "expected \(n.target) = \(target)° ± \(n.tolerance), got \(a)°")
            }
        }
        compare("dimmingOpacity", e.dimmingOpacity, o.readout.dimmingOpacity, needs: .readout)
        effectExpectations(e, effects: effects, judged: judged, fail: fail)

        func flag(_ key: String, _ expected: Bool?, _ actual: Bool?, needs: Capabilities) {
            guard let expected, judged(key, true, needs: needs) else { return }
            if expected != actual { fail(key, "expected \(expected), got \(actual.map(String.init) ?? "nothing reported")") }
        }
        flag("gridVisible", e.gridVisible, o.observation.gridVisible, needs: .grid)
        flag("angleGuideVisible", e.angleGuideVisible, o.observation.angleGuideVisible, needs: .rotation)
        flag("instructionsVisible", e.instructionsVisible, o.observation.instructionsVisible, needs: .tips)
        flag("animating", e.animating, o.observation.animating, needs: .animations)
        flag("zoomLimited", e.zoomLimited, o.readout.zoomLimited, needs: .readout)
        flag("lowDensity", e.lowDensity, o.readout.lowDensity, needs: .readout)
        if let phase = e.phase, judged("phase", true, needs: .readout), phase != o.readout.gesture?.rawValue {
            fail("phase", "expected \(phase), got \(o.readout.gesture?.rawValue ?? "nothing reported")")
        }
        if let session = e.session, judged("session", true, needs: .confirm), session != o.observation.session {
            fail("session", "expected \(session.rawValue), got \(o.observation.session.rawValue)")
        }
        flowExpectations(e, observed: o, effects: effects, backend: backend, judged: judged, fail: fail)
        if let rejected = e.rejected { fail("rejected", "expected the photo to be refused with \"\(rejected)\", but the editor opened") }
        return out
    }

    /// The spec's value of a scenario's number: a plain number, or a multiple of s_min, s_max,
    /// s_quality, s_density, the initial zoom or a pan limit at the current zoom and turn.
    static func resolve(_ n: NumberExpression, _ g: SpecGeometry, scale: Double, angle: Double) -> Double {
        guard let symbol = n.symbol else { return n.factor }
        let base = switch symbol {
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

    /// Haptics, tips, announcements and the confirm's telemetry and crop request.
    private static func effectExpectations(_ e: Expectations, effects: [TimedEffect],
                                           judged: (String, Bool, Capabilities) -> Bool, fail: (String, String) -> Void) {
        let haptics = effects.compactMap { if case .haptic(let h) = $0.effect { h.name } else { nil } }
        if let counts = e.haptics, judged("haptics", true, .haptics) {
            for (name, expected) in counts.sorted(by: { $0.key < $1.key }) {
                let actual = haptics.filter { $0 == name }.count
                if actual != expected { fail("haptics.\(name)", "expected \(expected), got \(actual) (all: \(haptics))") }
            }
        }
        if let sequence = e.hapticSequence, judged("hapticSequence", true, .haptics), sequence != haptics {
            fail("hapticSequence", "expected \(sequence), got \(haptics)")
        }
        let shown = effects.compactMap { if case .show(let m) = $0.effect { m } else { nil } }
        if let expected = e.shown, judged("shown", true, .tips), expected != shown {
            fail("shown", "expected \(expected.map(\.rawValue)), got \(shown.map(\.rawValue))")
        }
        let announced = effects.compactMap { if case .announce(let m) = $0.effect { m } else { nil } }
        if let expected = e.announced, judged("announced", true, .tips), expected != announced {
            fail("announced", "expected \(expected.map(\.rawValue)), got \(announced.map(\.rawValue))")
        }
        if let expected = e.telemetry, judged("telemetry", true, .upload) {
            if let record = effects.last(where: { if case .telemetry = $0.effect { true } else { false } }),
               case .telemetry(let t) = record.effect {
                let actual = TelemetryFields.values(t)
                for (key, value) in expected.sorted(by: { $0.key < $1.key }) where abs(actual[key]! - value) > 1e-9 * max(1, abs(value)) {
                    fail("telemetry.\(key)", "expected \(value), got \(actual[key]!)")
                }
            } else {
                fail("telemetry", "no telemetry was recorded (no confirm)")
            }
        }
        if let expected = e.fromThumbnail, judged("fromThumbnail", true, [.confirm, .memoryFallback]) {
            let crops = effects.compactMap { if case .crop(let r) = $0.effect { r } else { nil } }
            if let crop = crops.last {
                if crop.fromThumbnail != expected { fail("fromThumbnail", "expected \(expected), got \(crop.fromThumbnail)") }
            } else {
                fail("fromThumbnail", "no crop was requested (no confirm)")
            }
        }
    }

    /// The flow after confirm: its state, attempts, backoff, the profile, the URL and the alerts.
    private static func flowExpectations(_ e: Expectations, observed o: Observed, effects: [TimedEffect], backend: Backend?,
                                         judged: (String, Bool, Capabilities) -> Bool, fail: (String, String) -> Void) {
        if let state = e.uploadState, judged("upload.state", true, [.upload, .readout]), state != o.readout.upload?.rawValue {
            fail("upload.state", "expected \(state), got \(o.readout.upload?.rawValue ?? "nothing reported")")
        }
        let attempts = effects.compactMap { if case .upload(let r) = $0.effect { (tick: $0.tick, attempt: r.attempt) } else { nil } }
        if let expected = e.uploadAttempts, judged("upload.attempts", true, .upload), expected != attempts.count {
            fail("upload.attempts", "expected \(expected), got \(attempts.count)")
        }
        if let expected = e.retryDelays, judged("upload.retryDelays", true, .upload) {
            let failures = effects.compactMap { t -> Int? in
                if case .uploadTelemetry(let u) = t.effect, !u.succeeded { t.tick } else { nil }
            }
            let delays = attempts.filter { $0.attempt > 1 }.compactMap { a in
                failures.last { $0 <= a.tick }.map { Double(a.tick - $0) / Double(TickClock.ticksPerSecond) }
            }
            if delays.count != expected.count || zip(delays, expected).contains(where: { abs($0 - $1) > 1e-9 }) {
                fail("upload.retryDelays", "expected \(expected), got \(delays)")
            }
        }
        if let expected = e.profilePath, judged("profile.avatarPath", true, .upload), expected != backend?.profile.avatarPath {
            fail("profile.avatarPath", "expected \(expected), got \(backend?.profile.avatarPath ?? "nil")")
        }
        if let expected = e.profileVersion, judged("profile.avatarVersion", true, .upload), expected != backend?.profile.avatarVersion {
            fail("profile.avatarVersion", "expected \(expected), got \(backend?.profile.avatarVersion ?? -1)")
        }
        if let expected = e.avatarURL, judged("avatarURL", true, .upload), expected != backend?.avatarURL {
            fail("avatarURL", "expected \(expected), got \(backend?.avatarURL ?? "nil")")
        }
        let alerts = effects.compactMap { if case .alert(let m) = $0.effect { m } else { nil } }
        if let expected = e.alerts, judged("alerts", true, .upload), expected != alerts {
            fail("alerts", "expected \(expected.map(\.rawValue)), got \(alerts.map(\.rawValue))")
        }
        if let expected = e.retryOffered, judged("retryOffered", true, [.upload, .readout]) {
            // Retry stays on offer for as long as the flow is failed (a retry leaves that state).
            let offered = o.readout.upload == .failed
            if offered != expected { fail("retryOffered", "expected \(expected), got \(offered)") }
        }
    }
}
