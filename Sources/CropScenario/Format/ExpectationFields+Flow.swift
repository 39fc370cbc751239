import CropText
import CropVocabulary

/// The flow after confirm: the upload's state, attempts and backoff, and the profile row.
extension ExpectationField {
    static let upload = ExpectationField(
        "upload", F.upload.schema,
        parse: { r, e throws(ScenarioError) in
            let o = try r.object()
            try o.finish(allowed: F.upload.keys)
            e.uploadState = try o.optional("state")?.oneOf(
                UploadPhase.self,
                message: "state is one of \(UploadPhase.allCases.map(\.rawValue).joined(separator: ", "))")
            e.uploadAttempts = try o.optional("attempts")?.integer(in: R.attempts)
            if let d = o.optional("retryDelays") {
                var delays: [Double] = []
                for item in try d.array() { delays.append(try ScenarioParser.time(item)) }
                e.retryDelays = delays
            }
        },
        encode: { e in
            let members = [
                ("state", e.uploadState.map { jsonString($0.rawValue) }),
                ("attempts", e.uploadAttempts.map { "\($0)" }),
                ("retryDelays", e.retryDelays.map { ScenarioEncoder.array($0.map(ScenarioEncoder.number)) })
            ]
            return e.uploadState == nil && e.uploadAttempts == nil && e.retryDelays == nil
                ? nil : ScenarioEncoder.object(members.compactMap { key, value in value.map { (key, $0) } })
        },
        judge: { e, j in
            if let state = e.uploadState {
                j.equal("upload.state", state, j.evidence.readout.upload, needs: [.upload, .readout]) { $0.rawValue }
            }
            let attempts = j.evidence.effects.compactMap { t in
                if case .upload(let r) = t.effect { (tick: t.tick, attempt: r.attempt) } else { nil }
            }
            if let expected = e.uploadAttempts, j.judged("upload.attempts", needs: .upload), expected != attempts.count
            {
                j.fail("upload.attempts", "expected \(expected), got \(attempts.count)")
            }
            if let expected = e.retryDelays, j.judged("upload.retryDelays", needs: .upload) {
                let failures = j.evidence.effects.compactMap { t -> Int? in
                    if case .uploadTelemetry(let u) = t.effect, !u.succeeded { t.tick } else { nil }
                }
                let delays = attempts.filter { $0.attempt > 1 }.compactMap { a in
                    failures.last { $0 <= a.tick }.map { Double(a.tick - $0) / Double(TickClock.ticksPerSecond) }
                }
                if delays.count != expected.count || zip(delays, expected).contains(where: { abs($0 - $1) > 1e-9 }) {
                    j.fail("upload.retryDelays", "expected \(expected), got \(delays)")
                }
            }
        })

    static let profile = ExpectationField(
        "profile", F.profile.schema,
        parse: { r, e throws(ScenarioError) in
            let o = try r.object()
            try o.finish(allowed: F.profile.keys)
            e.profilePath = try o.optional("avatarPath")?.string()
            e.profileVersion = try o.optional("avatarVersion")?.integer(in: R.avatarVersion)
        },
        encode: { e in
            let members = [
                ("avatarPath", e.profilePath.map(jsonString)), ("avatarVersion", e.profileVersion.map { "\($0)" })
            ]
            return e.profilePath == nil && e.profileVersion == nil
                ? nil : ScenarioEncoder.object(members.compactMap { key, value in value.map { (key, $0) } })
        },
        judge: { e, j in
            let profile = j.evidence.profile
            if let expected = e.profilePath, j.judged("profile.avatarPath", needs: .upload),
                expected != profile?.avatarPath
            {
                j.fail("profile.avatarPath", "expected \(expected), got \(profile?.avatarPath ?? "nil")")
            }
            if let expected = e.profileVersion, j.judged("profile.avatarVersion", needs: .upload),
                expected != profile?.avatarVersion
            {
                j.fail("profile.avatarVersion", "expected \(expected), got \(profile?.avatarVersion ?? -1)")
            }
        })
}
