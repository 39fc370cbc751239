import CropVocabulary

/// The after-confirm flow (R10–R12) restated: crop, upload with backoff, profile update. The key
/// pattern, the backoff delays, which failures are retryable and what a final failure must show
/// are written out here again, never read from `UploadPolicy`.
struct Flow: Sendable {
    let user: UserContext?
    /// R12.1–12.2 transcribed: `users/{uid}/avatar_{size}.png|jpg`, `image/png|jpeg`.
    let key: String
    let contentType: String
    let jpeg: Bool
    /// R12.5: 0.5 s, 1 s, 2 s at 60 Hz before retries 1, 2, 3; how many of them an editor
    /// makes is policy `uploadAttempts` (four attempts use all three delays, three attempts two).
    let backoffTicks: [Int]
    /// Which failures are retried (policy `retryable`).
    let retryableRule: Policies.Retryable

    enum Phase: Equatable {
        case editing, cropping, uploading(Int), waiting(attempt: Int, failedAt: Int), updatingProfile, done
        case failed(FailureKind)
    }
    enum FailureKind { case crop, upload, profile }

    var phase: Phase = .editing
    var confirmedPose: Pose?
    var memoryFallbackAtConfirm = false
    /// Profile updates acknowledged so far.
    var successfulUpdates = 0

    init(user: UserContext?, config: AvatarCropperConfig, policies: Policies) {
        backoffTicks = Array([30, 60, 120].prefix(policies.uploadAttempts.count - 1))
        retryableRule = policies.retryable
        self.user = user
        jpeg = if case .jpegSRGB = config.encoding { true } else { false }
        key = "users/\(user?.uid ?? "?")/avatar_\(config.outputSize).\(jpeg ? "jpg" : "png")"
        contentType = jpeg ? "image/jpeg" : "image/png"
    }

    /// R12.5 as docs/upload.md decides it: every failed upload is retried except a client error
    /// (4xx) that trying again cannot fix; 408 and 429 are retried. A status under 400 that is not
    /// a success (a redirect the client did not follow) is no client error: retried.
    func retryable(_ outcome: UploadOutcome) -> Bool {
        switch outcome {
        case .success: false
        case .timeout, .connectionDropped: true
        case .httpError(let status):
            status >= 500 || status == 408 || status == 429 || (status < 400 && retryableRule == .transientAnd3xx)
        }
    }

    /// The profile as of the last acknowledged update.
    var acknowledged: (path: String?, version: Int) {
        ((successfulUpdates == 0 ? user?.avatarPath : key), (user?.avatarVersion ?? 0) + successfulUpdates)
    }
}

extension Oracle {
    /// Events of the after-confirm flow, and the effects of every event that concern it.
    mutating func observeFlow(_ event: EditorEvent, wasEditing: Bool, pose: Pose, effects: [EditorEffect], tick: Int) {
        // Every gesture event passes here: one that is not part of the flow and brought no
        // effects has nothing to say about it.
        if effects.isEmpty {
            switch event {
            case .confirm, .cropFinished, .uploadFinished, .profileUpdated, .retry, .cancel: break
            default: return
            }
        }
        defer { if !flowActive, flow.phase != .editing { flowActive = true } }
        let before = flow.phase
        switch (event, before) {
        case (.confirm, _) where wasEditing:
            flow.phase = .cropping
            flow.confirmedPose = pose
            flow.memoryFallbackAtConfirm = memoryWarned
        case (.cropFinished(let ok), .cropping):
            cropFinished(ok, pose: pose, effects: effects, tick: tick)
        case (.uploadFinished(let attempt, let outcome), .uploading(let current)) where attempt == current:
            uploadFinished(attempt, outcome, effects: effects, tick: tick)
        case (.profileUpdated(let ok), .updatingProfile):
            if ok {
                flow.successfulUpdates += 1
                flow.phase = .done
            } else {
                flow.phase = .failed(.profile)
                requireFailureReport(effects, message: .uploadFailed, tick: tick)
            }
        case (.retry, .failed(let kind)):
            retried(after: kind, pose: pose, effects: effects, tick: tick)
        case (.cancel, .failed(let kind))
        where !editing && (kind == .crop || policies.cancelAfterFailure == .endsSession):
            // The failure screen's Cancel (policy `cropFailure: retryScreen`), or a Cancel after a
            // final upload failure (policy `cancelAfterFailure: endsSession`), ends the session.
            cancelled = true
            flow.phase = .done
        default:
            break
        }
        clockTelemetry(event, before: before, effects: effects, tick: tick)
        if case .profileUpdated = event {
        } else if effects.contains(where: { if case .updateProfile = $0 { true } else { false } }),
            !(before == .uploading(currentAttempt(event)) && flow.phase == .updatingProfile),
            !(before == .failed(.profile) && flow.phase == .updatingProfile)
        {
            fail(
                .profileUpdatedOnlyAfterUpload, tick: tick,
                "a profile update was asked for after \(event.specName), not after a successful upload")
        }
        flowEffects(effects, pose: pose, tick: tick)
    }

    /// The crop finished while the flow was cropping: a failure is reported (and, by policy,
    /// leaves editing or a failure screen); a success uploads for a signed-in user, else ends.
    private mutating func cropFinished(_ ok: Bool, pose: Pose, effects: [EditorEffect], tick: Int) {
        checkConfirmTelemetry(effects, succeeded: ok, pose: pose, tick: tick)
        if !ok {
            flow.phase = .failed(.crop)
            // Back to editing, or (policy `cropFailure: retryScreen`) on a failure screen.
            editing = policies.cropFailure == .backToEditing
            requireFailureReport(effects, message: .cropFailed, tick: tick)
        } else if flow.user != nil {
            flow.phase = .uploading(1)
            if !effects.contains(where: { if case .upload(let r) = $0 { r.attempt == 1 } else { false } }) {
                fail(.uploadFollowsCrop, tick: tick, "the crop succeeded for a signed-in user but no upload started")
            }
        } else {
            flow.phase = .done
        }
    }

    /// The current upload attempt finished: a success asks for the profile update, a retryable
    /// failure waits out its backoff, a final one is reported.
    private mutating func uploadFinished(_ attempt: Int, _ outcome: UploadOutcome, effects: [EditorEffect], tick: Int) {
        let retry = flow.retryable(outcome) && attempt < flow.backoffTicks.count + 1
        checkUploadTelemetry(
            effects, attempt: attempt, outcome: outcome, final: outcome == .success || !retry, tick: tick)
        if outcome == .success {
            requireProfileUpdate(effects, tick: tick) {
                "upload succeeded but no profile update to (\($0), v\($1)) followed"
            }
        } else if retry {
            flow.phase = .waiting(attempt: attempt, failedAt: tick)
        } else {
            flow.phase = .failed(.upload)
            requireFailureReport(effects, message: .uploadFailed, tick: tick)
        }
    }

    /// Retry after a final failure: a failed crop is cropped again from the pose on screen; a
    /// failed upload starts again at attempt 1; a failed profile update uploads again, or (policy
    /// `profileRetry: profileOnly`) asks for the update again at once.
    private mutating func retried(after kind: Flow.FailureKind, pose: Pose, effects: [EditorEffect], tick: Int) {
        switch kind {
        case .crop:
            flow.phase = .cropping
            flow.confirmedPose = pose
            flow.memoryFallbackAtConfirm = memoryWarned
            editing = false
            editorGesture = false
            pinch = nil
            dropMove()
        case .profile where policies.profileRetry == .profileOnly:
            requireProfileUpdate(effects, tick: tick) {
                "Retry after a failed profile update (policy profileRetry: profileOnly) did not ask for the update to (\($0), v\($1)) again"
            }
        case .upload, .profile:
            flow.phase = .uploading(1)
        }
    }

    /// R12.3: the profile update is asked for in the same tick, naming the uploaded key and the
    /// next version; `message` says which step owed it, given that key and version.
    private mutating func requireProfileUpdate(
        _ effects: [EditorEffect], tick: Int, _ message: (_ key: String, _ version: Int) -> String
    ) {
        flow.phase = .updatingProfile
        let next = flow.acknowledged.version + 1
        let asked = effects.contains {
            if case .updateProfile(let u) = $0 { u.avatarPath == flow.key && u.avatarVersion == next } else { false }
        }
        if !asked { fail(.profileUpdatedOnlyAfterUpload, tick: tick, message(flow.key, next)) }
    }

    private func currentAttempt(_ event: EditorEvent) -> Int {
        if case .uploadFinished(let attempt, _) = event { return attempt }
        return -1
    }

    /// R11.2, R11.4, R12.5, notes (Haptics: Error): the error haptic, the specific alert, Retry.
    private mutating func requireFailureReport(_ effects: [EditorEffect], message: Message, tick: Int) {
        var missing: [String] = []
        if !effects.contains(.haptic(.error)) { missing.append("the error haptic") }
        if !effects.contains(.alert(message)) { missing.append("the alert \"\(message.text)\"") }
        if !effects.contains(.offerRetry) { missing.append("Retry") }
        if !missing.isEmpty {
            fail(.failureReported, tick: tick, "a final failure without \(missing.joined(separator: ", "))")
        }
    }

    /// Effects that come from a tick rather than an event (a retry whose backoff ran out).
    @usableFromInline mutating func observeTick(_ effects: [EditorEffect], pose: Pose, tick: Int) {
        tickHaptics(effects, pose: pose, tick: tick)
        clockTelemetry(nil, before: flow.phase, effects: effects, tick: tick)
        flowEffects(effects, pose: pose, tick: tick)
    }

    /// A light impact on a tick comes with no user push: allowed only as a discrete action lands
    /// on a limit (policy `arrivalHaptics: arrivalsToo`), where it is judged as any impact is
    /// (at that limit, not a repeat).
    private mutating func tickHaptics(_ effects: [EditorEffect], pose: Pose, tick: Int) {
        for effect in effects {
            guard case .haptic(.lightImpact(let reason)) = effect else { continue }
            if policies.arrivalHaptics == .arrivalsToo {
                count([effect], pose: pose, tick: tick)
            } else {
                fail(
                    .hapticsEdgeTriggered, tick: tick,
                    "light impact \(reason.rawValue) on a tick, with no user push (policy arrivalHaptics: pushesOnly)")
            }
        }
    }

    private mutating func flowEffects(_ effects: [EditorEffect], pose: Pose, tick: Int) {
        for effect in effects {
            switch effect {
            case .upload(let request):
                checkUpload(request, tick: tick)
            case .telemetry(let record):
                checkNumeric(record, tick: tick)
            case .uploadTelemetry(let record):
                checkNumeric(record, tick: tick)
            case .alert(let message):
                if let confirmed = flow.confirmedPose, pose != confirmed {
                    fail(
                        .editsKeptOnFailure, tick: tick,
                        "\(message.rawValue): \(pose.specDescription) differs from the confirmed \(confirmed.specDescription)",
                        size: geometry.deviation(pose, from: confirmed))
                }
            default:
                break
            }
        }
    }

    private mutating func checkUpload(_ request: UploadRequest, tick: Int) {
        if request.bucket != "avatars" || request.key != flow.key || request.contentType != flow.contentType
            || !request.upsert
        {
            fail(
                .uploadRequestValid, tick: tick,
                "got \(request.bucket)/\(request.key) \(request.contentType) upsert \(request.upsert); want avatars/\(flow.key) \(flow.contentType) upsert true"
            )
        }
        switch flow.phase {
        case .uploading(let n) where n == request.attempt:
            break  // attempt 1 after the crop or a Retry: the event has already moved the phase
        case .waiting(let last, let failedAt) where request.attempt == last + 1:
            let wanted = flow.backoffTicks[last - 1]
            if tick - failedAt != wanted {
                fail(
                    .backoffAsSpecified, tick: tick,
                    "attempt \(request.attempt) started \(tick - failedAt) ticks after attempt \(last) failed; want \(wanted)"
                )
            }
            flow.phase = .uploading(request.attempt)
        default:
            fail(
                .backoffAsSpecified, tick: tick,
                "attempt \(request.attempt) started while the flow is \(flow.phase): not after a retryable failure, past the limit of \(flow.backoffTicks.count + 1), or with another attempt in flight"
            )
            flow.phase = .uploading(request.attempt)
        }
    }

    private mutating func checkNumeric(_ record: some Sendable, tick: Int) {
        for child in Mirror(reflecting: record).children
        where !(child.value is Int || child.value is Double || child.value is Bool) {
            fail(.telemetryNumericOnly, tick: tick, "field \(child.label ?? "?") is \(type(of: child.value))")
        }
    }

    /// R10.1–10.2, R5.4, R7.1: what the crop's telemetry must say.
    private mutating func checkConfirmTelemetry(_ effects: [EditorEffect], succeeded: Bool, pose: Pose, tick: Int) {
        let records = effects.compactMap { if case .telemetry(let t) = $0 { t } else { nil } }
        guard records.count == 1, let t = records.first else {
            fail(.telemetryReported, tick: tick, "\(records.count) telemetry records when the crop finished; want 1")
            return
        }
        let g = geometry
        var wrong: [String] = []
        // R10.1 "source dimensions": of the stored grid, or (policy `telemetrySourceSize`) of the
        // upright photo the math works on.
        let (w, h) =
            policies.telemetrySourceSize == .stored
            ? (Double(source.storedWidth), Double(source.storedHeight)) : (g.width, g.height)
        if Double(t.sourceWidth) != w || Double(t.sourceHeight) != h {
            wrong.append("source \(t.sourceWidth)x\(t.sourceHeight)")
        }
        if abs(t.sMin - g.sMin) > SpecTolerance.zoom * g.sMin || abs(t.sMax - g.sMax) > SpecTolerance.zoom * g.sMax {
            wrong.append("s_min/s_max \(t.sMin)/\(t.sMax)")
        }
        if let confirmed = flow.confirmedPose, abs(t.scale - confirmed.scale) > SpecTolerance.zoom * confirmed.scale {
            wrong.append("scale \(t.scale)")
        }
        if t.outputSize != config.outputSize || t.outputIsJPEG != flow.jpeg {
            wrong.append("output \(t.outputSize) jpeg \(t.outputIsJPEG)")
        }
        if t.memoryFallback != flow.memoryFallbackAtConfirm { wrong.append("memoryFallback \(t.memoryFallback)") }
        if t.cropSucceeded != succeeded { wrong.append("cropSucceeded \(t.cropSucceeded)") }
        // A range the density limit collapsed, or one whose ends lie within rounding of each
        // other, may be reported as zoom-limited or not.
        let knifeEdge = abs(g.sMax - g.sMin) <= SpecTolerance.zoom * g.sMin
        if (t.zoomLimited != g.zoomLimited && !g.densityCollapsed && !knifeEdge)
            || (t.lowDensity != g.lowDensity && !densityReadingOpen)
        {
            wrong.append("zoomLimited \(t.zoomLimited) lowDensity \(t.lowDensity)")
        }
        let quality = g.sQuality,
            others = min(g.sMin * config.maxZoomMultiplier, g.densityEveryZoom ? g.sDensity : .infinity)
        if abs(quality - others) > SpecTolerance.zoom * others && t.qualityClampEngaged != (quality < others) {
            wrong.append("qualityClampEngaged \(t.qualityClampEngaged)")
        }
        // R5.4: ≈2560–3000 px long edge, never enlarged, the upright aspect kept.
        let long = max(g.width, g.height)
        let thumbLong = Double(max(t.thumbnailWidth, t.thumbnailHeight))
        let wantLong = long <= 2560 ? long : nil
        let aspectOK =
            abs(Double(t.thumbnailWidth) / Double(max(1, t.thumbnailHeight)) - g.width / g.height) <= 2 * g.width
            / g.height / Double(max(1, min(t.thumbnailWidth, t.thumbnailHeight)))
        if let wantLong, thumbLong != wantLong {
            wrong.append(
                "thumbnail \(t.thumbnailWidth)x\(t.thumbnailHeight) for a \(Int(g.width))x\(Int(g.height)) photo")
        } else if wantLong == nil && !(2560...3000).contains(thumbLong) {
            wrong.append("thumbnail long edge \(thumbLong)")
        } else if !aspectOK || (g.width >= g.height) != (t.thumbnailWidth >= t.thumbnailHeight) {
            wrong.append(
                "thumbnail \(t.thumbnailWidth)x\(t.thumbnailHeight) not upright \(Int(g.width))x\(Int(g.height))")
        }
        if t.cropLatencyMs < 0 { wrong.append("latency \(t.cropLatencyMs)") }
        if !wrong.isEmpty { fail(.telemetryReported, tick: tick, "crop telemetry: \(wrong.joined(separator: "; "))") }
    }

    /// R10.5: each upload attempt reports its outcome.
    private mutating func checkUploadTelemetry(
        _ effects: [EditorEffect], attempt: Int, outcome: UploadOutcome, final: Bool, tick: Int
    ) {
        let records = effects.compactMap { if case .uploadTelemetry(let t) = $0 { t } else { nil } }
        guard records.count == 1, let t = records.first else {
            fail(
                .telemetryReported, tick: tick,
                "\(records.count) upload telemetry records for attempt \(attempt); want 1")
            return
        }
        if t.attempt != attempt || t.succeeded != (outcome == .success) || t.finalAttempt != final {
            fail(
                .telemetryReported, tick: tick,
                "upload telemetry says attempt \(t.attempt) succeeded \(t.succeeded) final \(t.finalAttempt); want \(attempt), \(outcome == .success), \(final)"
            )
        }
    }

    /// After each tick of the flow: R12.3 atomicity, R12.5's kept avatar and due retries.
    /// `profile` is the store's row now.
    @usableFromInline mutating func endOfFlowTick(profile: (path: String?, version: Int), tick: Int) {
        let (path, version) = flow.acknowledged
        let current = profile
        if !(current == (path, version) || current == (flow.key, version + 1)) {
            fail(
                .profileAtomic, tick: tick,
                "profile is (\(current.path ?? "nil"), v\(current.version)); want (\(path ?? "nil"), v\(version)) or (\(flow.key), v\(version + 1))"
            )
        }
        if flow.phase == .failed(.upload), current != (path, version) {
            fail(
                .previousAvatarKept, tick: tick,
                "after the upload finally failed the profile is (\(current.path ?? "nil"), v\(current.version)); the previous (\(path ?? "nil"), v\(version)) must stay"
            )
        }
        if case .waiting(let attempt, let failedAt) = flow.phase, tick > failedAt + flow.backoffTicks[attempt - 1] {
            fail(
                .backoffAsSpecified, tick: tick,
                "attempt \(attempt + 1) is overdue: attempt \(attempt) failed at tick \(failedAt), the retry was due \(flow.backoffTicks[attempt - 1]) ticks later"
            )
            flow.phase = .failed(.upload)
        }
    }

    /// At the end of a run: R12.4's versioned URL for the profile's avatar.
    @usableFromInline mutating func endOfRun(avatarURL: String?, profile: (path: String?, version: Int), tick: Int) {
        guard let path = profile.path else { return }
        let suffix = "/avatars/\(path)?v=\(profile.version)"
        if !(avatarURL?.hasSuffix(suffix) ?? false) {
            fail(.versionedURL, tick: tick, "avatar URL \(avatarURL ?? "nil") does not end with \(suffix)")
        }
    }
}

extension Oracle {
    /// Confirm and Cancel end editing ("after confirm or cancel, further input is ignored":
    /// docs/editor-model.md, docs/upload.md): until a failed crop hands the photo back, a
    /// gesture or an accessibility action leaves it where it is. System events are left out: an
    /// editor may still lay itself out again on a resize.
    mutating func ignoredAfterSession(_ event: EditorEvent, before: Pose, pose: Pose, tick: Int) {
        switch event {
        case .panChanged, .pinchChanged, .twistChanged, .doubleTap, .setZoomSlider, .incrementZoom, .decrementZoom,
            .recenter, .rotate90:
            guard !SpecTolerance.same(pose, before) else { return }
            fail(
                .sessionFollowsFlow, tick: tick,
                "\(event.specName) moved the photo from \(before.specDescription) to \(pose.specDescription) "
                    + "after the session was \(cancelled ? "cancelled" : "confirmed"); input is ignored until a failed crop resumes editing",
                size: geometry.deviation(pose, from: before))
        default:
            return
        }
    }
}
