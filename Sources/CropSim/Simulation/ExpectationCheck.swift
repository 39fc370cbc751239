import CropModel

/// Compares the editor (and what it emitted so far) with a scenario's expectations.
enum ExpectationCheck {
    static func failures(_ e: Expectations, at path: String, editor: Editor, effects: [TimedEffect],
                         backend: Backend? = nil) -> [ExpectationFailure] {
        var out: [ExpectationFailure] = []
        func fail(_ key: String, _ message: String) { out.append(ExpectationFailure(path: "\(path).\(key)", message: message)) }
        // Symbols (sMin, maxTx, …) are those at the photo's current turn.
        let g = editor.zoomGeometry, pose = editor.pose

        func compare(_ key: String, _ n: NumberExpectation?, _ actual: Double) {
            guard let n else { return }
            let target = n.target.resolve(g, scale: pose.scale)
            if !(abs(actual - target) <= n.tolerance * max(1, abs(target))) {
                fail(key, "expected \(n.target) = \(target) ± \(n.tolerance), got \(actual)")
            }
        }
        compare("scale", e.scale, pose.scale)
        compare("tx", e.tx, pose.translation.x)
        compare("ty", e.ty, pose.translation.y)
        compare("sliderPercent", e.sliderPercent, editor.sliderPercent)
        compare("cropSide", e.cropSide, g.cropSide(scale: pose.scale))
        if let n = e.angle {
            let target = n.target.resolve(g, scale: pose.scale)
            if !(abs(Turn.normalized(pose.angle - target)) <= n.tolerance * max(1, abs(target))) {
                fail("angle", "expected \(n.target) = \(target)° ± \(n.tolerance), got \(pose.angle)°")
            }
        }
        compare("dimmingOpacity", e.dimmingOpacity, OverlayStyle.dimmingOpacity)

        let haptics = effects.compactMap { if case .haptic(let h) = $0.effect { h.name } else { nil } }
        if let counts = e.haptics {
            for (name, expected) in counts.sorted(by: { $0.key < $1.key }) {
                let actual = haptics.filter { $0 == name }.count
                if actual != expected { fail("haptics.\(name)", "expected \(expected), got \(actual) (all: \(haptics))") }
            }
        }
        if let sequence = e.hapticSequence, sequence != haptics {
            fail("hapticSequence", "expected \(sequence), got \(haptics)")
        }
        let shown = effects.compactMap { if case .show(let m) = $0.effect { m } else { nil } }
        if let expected = e.shown, expected != shown {
            fail("shown", "expected \(expected.map(\.rawValue)), got \(shown.map(\.rawValue))")
        }
        let announced = effects.compactMap { if case .announce(let m) = $0.effect { m } else { nil } }
        if let expected = e.announced, expected != announced {
            fail("announced", "expected \(expected.map(\.rawValue)), got \(announced.map(\.rawValue))")
        }
        if let expected = e.telemetry {
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
        func flag(_ key: String, _ expected: Bool?, _ actual: Bool) {
            if let expected, expected != actual { fail(key, "expected \(expected), got \(actual)") }
        }
        flag("gridVisible", e.gridVisible, editor.gridVisible)
        flag("angleGuideVisible", e.angleGuideVisible, editor.angleGuideVisible)
        flag("instructionsVisible", e.instructionsVisible, editor.instructionsVisible)
        flag("animating", e.animating, editor.isAnimating)
        flag("zoomLimited", e.zoomLimited, g.zoomLimited)
        flag("lowDensity", e.lowDensity, g.lowDensity)
        if let phase = e.phase, phase != editor.gesture.name { fail("phase", "expected \(phase), got \(editor.gesture.name)") }
        if let session = e.session, session != editor.session {
            fail("session", "expected \(session.rawValue), got \(editor.session.rawValue)")
        }
        if let expected = e.fromThumbnail {
            let crops = effects.compactMap { if case .crop(let r) = $0.effect { r } else { nil } }
            if let crop = crops.last {
                if crop.fromThumbnail != expected { fail("fromThumbnail", "expected \(expected), got \(crop.fromThumbnail)") }
            } else {
                fail("fromThumbnail", "no crop was requested (no confirm)")
            }
        }
        if let state = e.uploadState, state != editor.upload.name {
            fail("upload.state", "expected \(state), got \(editor.upload.name)")
        }
        let attempts = effects.compactMap { if case .upload(let r) = $0.effect { (tick: $0.tick, attempt: r.attempt) } else { nil } }
        if let expected = e.uploadAttempts, expected != attempts.count {
            fail("upload.attempts", "expected \(expected), got \(attempts.count)")
        }
        if let expected = e.retryDelays {
            let failures = effects.compactMap { t -> Int? in
                if case .uploadTelemetry(let u) = t.effect, !u.succeeded { t.tick } else { nil }
            }
            let delays = attempts.filter { $0.attempt > 1 }.compactMap { a in
                failures.last { $0 <= a.tick }.map { Double(a.tick - $0) / Double(Editor.ticksPerSecond) }
            }
            if delays.count != expected.count || zip(delays, expected).contains(where: { abs($0 - $1) > 1e-9 }) {
                fail("upload.retryDelays", "expected \(expected), got \(delays)")
            }
        }
        if let expected = e.profilePath, expected != backend?.profile.avatarPath {
            fail("profile.avatarPath", "expected \(expected), got \(backend?.profile.avatarPath ?? "nil")")
        }
        if let expected = e.profileVersion, expected != backend?.profile.avatarVersion {
            fail("profile.avatarVersion", "expected \(expected), got \(backend?.profile.avatarVersion ?? -1)")
        }
        if let expected = e.avatarURL, expected != backend?.avatarURL {
            fail("avatarURL", "expected \(expected), got \(backend?.avatarURL ?? "nil")")
        }
        let alerts = effects.compactMap { if case .alert(let m) = $0.effect { m } else { nil } }
        if let expected = e.alerts, expected != alerts {
            fail("alerts", "expected \(expected.map(\.rawValue)), got \(alerts.map(\.rawValue))")
        }
        if let expected = e.retryOffered {
            // Retry stays on offer for as long as the flow is failed (a retry leaves that state).
            let offered = if case .failed = editor.upload { true } else { false }
            if offered != expected { fail("retryOffered", "expected \(expected), got \(offered)") }
        }
        if let rejected = e.rejected { fail("rejected", "expected the photo to be refused with \"\(rejected)\", but the editor opened") }
        return out
    }
}
