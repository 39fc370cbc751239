import CropModel

/// Checks the after-confirm flow (R10–R12) from the events and effects it sees and the profile
/// store's state. Like `InvariantMonitor`, it restates the spec instead of asking the model: the
/// key pattern, the backoff delays and which failures are retryable are written out here again.
struct UploadMonitor: Sendable {
    private let user: UserContext?
    /// R12.1–12.2 transcribed: `users/{uid}/avatar_{size}.png|jpg`, `image/png|jpeg`.
    private let key: String
    private let contentType: String
    /// R12.5: 0.5 s, 1 s, 2 s at 60 Hz.
    private static let backoffTicks = [30, 60, 120]
    private var inFlight: Int?
    private var lastFailure: (attempt: Int, tick: Int, retryable: Bool)?
    private var confirmedPose: Pose?
    private var successfulUpdates = 0
    private(set) var violations: [(Invariant, Int, String)] = []

    init(user: UserContext?, config: AvatarCropperConfig) {
        self.user = user
        let jpeg = if case .jpegSRGB = config.encoding { true } else { false }
        key = "users/\(user?.uid ?? "?")/avatar_\(config.outputSize).\(jpeg ? "jpg" : "png")"
        contentType = jpeg ? "image/jpeg" : "image/png"
    }

    private mutating func fail(_ invariant: Invariant, _ tick: Int, _ message: String) {
        violations.append((invariant, tick, message))
    }

    /// Spec R12.5 transcribed: network failures, 5xx, 408 and 429 are worth retrying.
    private static func retryable(_ outcome: UploadOutcome) -> Bool {
        switch outcome {
        case .success: false
        case .timeout, .connectionDropped: true
        case .httpError(let status): status >= 500 || status == 408 || status == 429
        }
    }

    mutating func observe(_ event: EditorEvent, pose: Pose, effects: [EditorEffect], tick: Int) {
        switch event {
        case .uploadFinished(let attempt, let outcome) where inFlight == attempt:
            inFlight = nil
            lastFailure = outcome == .success ? nil : (attempt, tick, Self.retryable(outcome))
        case .profileUpdated(true):
            successfulUpdates += 1
        default:
            break
        }
        observe(effects, pose: pose, tick: tick)
    }

    /// Effects that come from a tick rather than an event (a retry whose backoff ran out).
    mutating func observe(_ effects: [EditorEffect], pose: Pose, tick: Int) {
        for effect in effects {
            switch effect {
            case .crop:
                confirmedPose = pose
            case .upload(let request):
                checkUpload(request, tick: tick)
            case .telemetry(let record):
                checkNumeric(record, tick: tick)
            case .uploadTelemetry(let record):
                checkNumeric(record, tick: tick)
            case .alert(let message):
                if let confirmedPose, pose != confirmedPose {
                    fail(.editsKeptOnFailure, tick, "\(message.rawValue): pose \(pose) differs from the confirmed \(confirmedPose)")
                }
            default:
                break
            }
        }
    }

    private mutating func checkUpload(_ request: UploadRequest, tick: Int) {
        if request.bucket != "avatars" || request.key != key || request.contentType != contentType || !request.upsert {
            fail(.uploadRequestValid, tick, "got \(request.bucket)/\(request.key) \(request.contentType) upsert \(request.upsert); want avatars/\(key) \(contentType) upsert true")
        }
        if let inFlight {
            fail(.backoffAsSpecified, tick, "attempt \(request.attempt) started while attempt \(inFlight) is in flight")
        }
        if request.attempt > 1 {
            if let last = lastFailure, last.attempt == request.attempt - 1, request.attempt <= Self.backoffTicks.count + 1 {
                let wanted = Self.backoffTicks[request.attempt - 2]
                if !last.retryable {
                    fail(.backoffAsSpecified, tick, "attempt \(request.attempt) retries a failure that cannot succeed")
                } else if tick - last.tick != wanted {
                    fail(.backoffAsSpecified, tick, "attempt \(request.attempt) started \(tick - last.tick) ticks after attempt \(last.attempt) failed; want \(wanted)")
                }
            } else {
                fail(.backoffAsSpecified, tick, "attempt \(request.attempt) without a failed attempt \(request.attempt - 1) before it, or past the limit of 4")
            }
        }
        inFlight = request.attempt
    }

    private mutating func checkNumeric(_ record: some Sendable, tick: Int) {
        for child in Mirror(reflecting: record).children where !(child.value is Int || child.value is Double || child.value is Bool) {
            fail(.telemetryNumericOnly, tick, "field \(child.label ?? "?") is \(type(of: child.value))")
        }
    }

    /// The row is either as of the last acknowledged update, or exactly one whole update ahead
    /// (committed, not yet acknowledged): never a new path with an old version or the reverse.
    mutating func endOfTick(profile: InMemoryProfileStore, tick: Int) {
        let version = (user?.avatarVersion ?? 0) + successfulUpdates
        let path = successfulUpdates == 0 ? user?.avatarPath : key
        let current = (profile.avatarPath, profile.avatarVersion)
        if !(current == (path, version) || current == (key, version + 1)) {
            fail(.profileAtomic, tick, "profile is (\(current.0 ?? "nil"), v\(current.1)); want (\(path ?? "nil"), v\(version)) or (\(key), v\(version + 1))")
        }
    }
}
