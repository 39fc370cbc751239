import CropText
import CropVocabulary

/// The expectation keys with a shape of their own: the turn (compared modulo 360), haptic
/// counts and sequences, telemetry, the crop request, a refusal, and the flow after confirm.
extension ExpectationField {
    static let angle = ExpectationField(
        "angle", F.ref("number", "The photo's turn in degrees, clockwise, in (−180, 180]."),
        parse: { r, e throws(ScenarioError) in e.angle = try ScenarioParser.number(r) },
        encode: { $0.angle.map(ScenarioEncoder.number) },
        judge: { e, j in
            guard let n = e.angle, j.judged("angle", needs: .twist) else { return }
            let a = j.evidence.observation.pose.angle, target = j.evidence.resolve(n.target)
            if !(abs(j.evidence.wrapAngle(a - target)) <= n.tolerance * max(1, abs(target))) {
                j.fail("angle", "expected \(n.target) = \(target)° ± \(n.tolerance), got \(a)°")
            }
        })

    static func hapticNames(in j: ExpectationJudge) -> [String] {
        j.effects { if case .haptic(let h) = $0 { h.name } else { nil } }
    }

    static let haptics = ExpectationField(
        "haptics", F.haptics.schema,
        parse: { r, e throws(ScenarioError) in
            let o = try r.object()
            try o.finish(allowed: F.hapticNames)
            var counts: [HapticName: Int] = [:]
            for key in o.keys {
                guard let name = HapticName(rawValue: key) else { continue }  // `finish` allowed only the names
                counts[name] = try o.required(key).integer(in: R.hapticCount)
            }
            e.haptics = counts
        },
        encode: { e in
            e.haptics.map { counts in
                ScenarioEncoder.object(
                    HapticName.allCases.compactMap { name in counts[name].map { (name.rawValue, "\($0)") } })
            }
        },
        judge: { e, j in
            guard let counts = e.haptics, j.judged("haptics", needs: .haptics) else { return }
            let all = hapticNames(in: j)
            for (name, expected) in counts.map({ ($0.key.rawValue, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                let actual = all.filter { $0 == name }.count
                if actual != expected { j.fail("haptics.\(name)", "expected \(expected), got \(actual) (all: \(all))") }
            }
        })

    static let hapticSequence = ExpectationField(
        "hapticSequence", F.array(F.oneOf(F.hapticNames)),
        parse: { r, e throws(ScenarioError) in
            var names: [HapticName] = []
            for item in try r.array() {
                let text = try item.string()
                guard let name = HapticName(rawValue: text) else {
                    throw item.fail(
                        "unknown haptic \(quoted(text)); expected one of \(F.hapticNames.joined(separator: ", "))")
                }
                names.append(name)
            }
            e.hapticSequence = names
        },
        encode: { e in e.hapticSequence.map { ScenarioEncoder.array($0.map { jsonString($0.rawValue) }) } },
        judge: { e, j in
            guard let sequence = e.hapticSequence, j.judged("hapticSequence", needs: .haptics) else { return }
            let expected = sequence.map(\.rawValue), all = hapticNames(in: j)
            if expected != all { j.fail("hapticSequence", "expected \(expected), got \(all)") }
        })

    static let telemetry = ExpectationField(
        "telemetry", F.telemetry.schema,
        parse: { r, e throws(ScenarioError) in
            let o = try r.object()
            try o.finish(allowed: F.telemetry.keys)
            var fields: [String: Double] = [:]
            for key in o.keys {
                let v = try o.required(key)
                fields[key] = v.isNumber ? try v.number() : (try v.bool() ? 1 : 0)
            }
            e.telemetry = fields
        },
        encode: { e in
            e.telemetry.map { fields in
                ScenarioEncoder.object(
                    TelemetryFields.names.compactMap { name in fields[name].map { (name, ScenarioEncoder.number($0)) } }
                )
            }
        },
        judge: { e, j in
            guard let expected = e.telemetry, j.judged("telemetry", needs: .upload) else { return }
            guard let record = j.effects({ if case .telemetry(let t) = $0 { t } else { nil } }).last else {
                return j.fail("telemetry", "no telemetry was recorded (no confirm)")
            }
            let actual = TelemetryFields.values(record)
            for (key, value) in expected.sorted(by: { $0.key < $1.key })
            where abs(actual[key]! - value) > 1e-9 * max(1, abs(value)) {
                j.fail("telemetry.\(key)", "expected \(value), got \(actual[key]!)")
            }
        })

    static let fromThumbnail = ExpectationField(
        "fromThumbnail", F.boolean(),
        parse: { r, e throws(ScenarioError) in e.fromThumbnail = try r.bool() },
        encode: { $0.fromThumbnail.map { "\($0)" } },
        judge: { e, j in
            guard let expected = e.fromThumbnail, j.judged("fromThumbnail", needs: [.confirm, .memoryFallback]) else {
                return
            }
            guard let crop = j.effects({ if case .crop(let r) = $0 { r } else { nil } }).last else {
                return j.fail("fromThumbnail", "no crop was requested (no confirm)")
            }
            if crop.fromThumbnail != expected {
                j.fail("fromThumbnail", "expected \(expected), got \(crop.fromThumbnail)")
            }
        })

    /// Judged here only when the editor opened the photo: a refusal ends the run before any check.
    static let rejected = ExpectationField(
        "rejected", F.with(F.string, description: "The editor refuses the photo with exactly this message."),
        inCheckpoints: false,
        parse: { r, e throws(ScenarioError) in e.rejected = try r.string() },
        encode: { $0.rejected.map(jsonString) },
        judge: { e, j in
            guard let rejected = e.rejected else { return }
            j.fail("rejected", "expected the photo to be refused with \"\(rejected)\", but the editor opened")
        })

    /// Always true, so never stored: a reader may say so.
    static let violations = ExpectationField(
        "violations", F.constant(.string("none")),
        parse: { r, _ throws(ScenarioError) in
            if try r.string() != "none" {
                throw r.fail("violations can only be \"none\": every invariant always holds")
            }
        },
        encode: { _ in nil },
        judge: { _, _ in })
}
