import CropModel

/// Compares the editor (and what it emitted so far) with a scenario's expectations.
enum ExpectationCheck {
    static func failures(_ e: Expectations, at path: String, editor: Editor, effects: [TimedEffect]) -> [ExpectationFailure] {
        var out: [ExpectationFailure] = []
        func fail(_ key: String, _ message: String) { out.append(ExpectationFailure(path: "\(path).\(key)", message: message)) }
        let g = editor.geometry, pose = editor.pose

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
        if let rejected = e.rejected { fail("rejected", "expected the photo to be refused with \"\(rejected)\", but the editor opened") }
        return out
    }
}
