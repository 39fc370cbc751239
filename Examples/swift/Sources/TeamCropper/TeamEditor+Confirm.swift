import CropVocabulary

/// Confirm and the flow after it: crop → upload with retries → profile update, with telemetry
/// of numbers and booleans only (R3.3, R7.4, R10–R12).
extension TeamEditor {
    /// Lands any move, ends the gesture, and asks the host for the crop.
    mutating func requestCrop(into effects: inout [EditorEffect]) {
        land()
        endGesture()
        session = .confirmed
        upload = .cropping
        failure = nil
        confirmedAt = frame
        fromThumbnail = memoryWarned
        effects.append(.haptic(.success))  // R3.3
        if fromThumbnail { show(.memoryFallback, into: &effects) }  // R11.3
        let g = geometry
        let rect = g.cropRect(pose)
        effects.append(
            .crop(
                CropRequest(
                    rect: rect, storedRect: orientation.storedRect(rect, uprightWidth: g.width, height: g.height),
                    orientation: orientation, outputSize: config.outputSize, encoding: config.encoding,
                    fromThumbnail: fromThumbnail)))
    }

    mutating func cropFinished(_ succeeded: Bool, into effects: inout [EditorEffect]) {
        guard upload == .cropping else { return }
        effects.append(.telemetry(cropTelemetry(succeeded: succeeded)))
        if !succeeded {  // R11.2: back to editing, every adjustment kept
            fail(.crop, alert: .cropFailed, into: &effects)
            session = .editing
        } else if user != nil {
            startUpload(attempt: 1, into: &effects)
        } else {
            upload = .done
        }
    }

    /// R12.5: timeouts, dropped connections, 5xx, 408, 429 and unfollowed 3xx are retried
    /// (policy retryable transientAnd3xx), up to four attempts (uploadAttempts four).
    mutating func uploadFinished(_ attempt: Int, _ outcome: UploadOutcome, into effects: inout [EditorEffect]) {
        guard upload == .uploading, attempt == self.attempt, let user else { return }  // late or duplicate
        let retryable =
            switch outcome {
            case .success: false
            case .timeout, .connectionDropped: true
            case .httpError(let status): status >= 500 || status == 408 || status == 429 || status < 400
            }
        let succeeded = outcome == .success
        let retry = retryable && attempt < Tuning.maxAttempts
        effects.append(
            .uploadTelemetry(
                UploadTelemetry(
                    attempt: attempt, succeeded: succeeded, outcomeCode: outcome.code, retryable: retryable,
                    backoffMs: retry && !succeeded ? Tuning.backoffTicks[attempt - 1] * 1000 / 60 : 0,
                    elapsedTicks: frame - confirmedAt, finalAttempt: succeeded || !retry)))
        if succeeded {
            upload = .updatingProfile
            effects.append(
                .updateProfile(ProfileUpdate(avatarPath: storageKey(for: user), avatarVersion: user.avatarVersion + 1)))
        } else if retry {
            upload = .waiting
            retryDue = frame + Tuning.backoffTicks[attempt - 1]
        } else {
            fail(.upload, alert: .uploadFailed, into: &effects)
        }
    }

    /// R12.3: the path and the version change together, or not at all.
    mutating func profileUpdated(_ succeeded: Bool, into effects: inout [EditorEffect]) {
        guard upload == .updatingProfile, let current = user else { return }
        if succeeded {
            upload = .done
            user = UserContext(
                uid: current.uid, avatarPath: storageKey(for: current), avatarVersion: current.avatarVersion + 1)
        } else {
            fail(.profile, alert: .uploadFailed, into: &effects)
        }
    }

    mutating func retry(into effects: inout [EditorEffect]) {
        guard upload == .failed else { return }
        if failure == .crop {
            if editing { requestCrop(into: &effects) }  // confirm again from the same pose
        } else {
            startUpload(attempt: 1, into: &effects)  // a fresh round, reusing the crop
        }
    }

    mutating func startUpload(attempt: Int, into effects: inout [EditorEffect]) {
        guard let user else { return }
        upload = .uploading
        self.attempt = attempt
        failure = nil
        effects.append(
            .upload(
                UploadRequest(
                    bucket: "avatars", key: storageKey(for: user), contentType: isJPEG ? "image/jpeg" : "image/png",
                    upsert: true, attempt: attempt)))
    }

    /// A final failure: the error haptic, its alert and Retry (R11.2, R11.4, R12.5).
    mutating func fail(_ kind: Failure, alert: Message, into effects: inout [EditorEffect]) {
        upload = .failed
        failure = kind
        effects += [.haptic(.error), .alert(alert), .offerRetry]
    }

    /// R12.1: users/{uid}/avatar_{outputSize}.png (.jpg for JPEG).
    func storageKey(for user: UserContext) -> String {
        "users/\(user.uid)/avatar_\(config.outputSize).\(isJPEG ? "jpg" : "png")"
    }

    var isJPEG: Bool {
        if case .jpegSRGB = config.encoding { return true }
        return false
    }

    /// R10.1–10.4: numbers and booleans only.
    func cropTelemetry(succeeded: Bool) -> ConfirmTelemetry {
        let g = geometry
        var (w, h) = (Int(g.width), Int(g.height))
        let longEdge = max(w, h)
        if longEdge > Tuning.thumbnailLongEdge {
            func fit(_ v: Int) -> Int {
                max(1, Int((Double(v * Tuning.thumbnailLongEdge) / Double(longEdge)).rounded(.toNearestOrEven)))
            }
            (w, h) = (fit(w), fit(h))
        }
        let jpegQuality: Double = if case .jpegSRGB(let q) = config.encoding { q } else { 0 }
        return ConfirmTelemetry(
            sourceWidth: storedSize.width, sourceHeight: storedSize.height, thumbnailWidth: w, thumbnailHeight: h,
            sMin: g.sMin, sMax: g.sMax, scale: pose.scale, qualityClampEngaged: g.qualityClampEngaged,
            zoomLimited: g.zoomLimited, lowDensity: g.lowDensity, outputSize: config.outputSize, outputIsJPEG: isJPEG,
            jpegQuality: jpegQuality, memoryFallback: fromThumbnail,
            cropLatencyMs: Double((frame - confirmedAt) * 1000) / 60, cropSucceeded: succeeded)
    }
}
