/// What happens after confirm: crop, upload with retries, then the profile update (R11, R12).
public enum UploadState: Hashable, Sendable, Codable {
    /// Not confirmed yet (or back to editing after a failed crop).
    case none
    /// The crop request is out; waiting for the rendered avatar.
    case cropping
    /// Attempt `attempt` (1-based) is in flight.
    case uploading(attempt: Int)
    /// Attempt `attempt` failed; the next one starts at tick `retryAt`.
    case waiting(attempt: Int, retryAt: Int)
    /// The upload succeeded; the profile update is in flight.
    case updatingProfile
    /// Profile and storage agree on the new avatar.
    case done
    /// Gave up; the previous avatar is untouched and Retry is offered.
    case failed(UploadFailure)

    public var name: String {
        switch self {
        case .none: "none"
        case .cropping: "cropping"
        case .uploading: "uploading"
        case .waiting: "waiting"
        case .updatingProfile: "updatingProfile"
        case .done: "done"
        case .failed: "failed"
        }
    }
}

/// Why the flow stopped (R11.4: each has its own message).
public enum UploadFailure: String, Hashable, Sendable, Codable, CaseIterable {
    case processing, upload, profileUpdate

    public var message: Message {
        switch self {
        case .processing: .cropFailed
        case .upload, .profileUpdate: .uploadFailed
        }
    }
}

/// The storage write the host performs (R12.1–12.2).
public struct UploadRequest: Hashable, Sendable, Codable {
    public var bucket: String
    public var key: String
    public var contentType: String
    public var upsert: Bool
    public var attempt: Int
}

/// The profile write the host performs: path and version together or not at all (R12.3).
public struct ProfileUpdate: Hashable, Sendable, Codable {
    public var avatarPath: String
    public var avatarVersion: Int
}

/// Who is editing and what their profile says now. The uid builds the storage key and never
/// reaches telemetry.
public struct UserContext: Hashable, Sendable, Codable {
    public var uid: String
    public var avatarPath: String?
    public var avatarVersion: Int

    public init(uid: String, avatarPath: String? = nil, avatarVersion: Int = 0) {
        self.uid = uid
        self.avatarPath = avatarPath
        self.avatarVersion = avatarVersion
    }
}

/// One upload attempt, for R10.5's success rates and retry patterns: numbers and booleans only.
public struct UploadTelemetry: Hashable, Sendable, Codable {
    public var attempt: Int
    public var succeeded: Bool
    /// `UploadOutcome.code`.
    public var outcomeCode: Int
    public var retryable: Bool
    /// The delay before the next attempt, 0 when there is none.
    public var backoffMs: Int
    /// Ticks from confirm to the end of this attempt.
    public var elapsedTicks: Int
    public var finalAttempt: Bool
}
