/// The storage write the host performs (R12.1–12.2).
public struct UploadRequest: Hashable, Sendable, Codable {
    public var bucket: String
    public var key: String
    public var contentType: String
    public var upsert: Bool
    public var attempt: Int

    public init(bucket: String, key: String, contentType: String, upsert: Bool, attempt: Int) {
        self.bucket = bucket
        self.key = key
        self.contentType = contentType
        self.upsert = upsert
        self.attempt = attempt
    }
}

/// The profile write the host performs: path and version together or not at all (R12.3).
public struct ProfileUpdate: Hashable, Sendable, Codable {
    public var avatarPath: String
    public var avatarVersion: Int

    public init(avatarPath: String, avatarVersion: Int) {
        self.avatarPath = avatarPath
        self.avatarVersion = avatarVersion
    }
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

    public init(
        attempt: Int, succeeded: Bool, outcomeCode: Int, retryable: Bool, backoffMs: Int, elapsedTicks: Int,
        finalAttempt: Bool
    ) {
        self.attempt = attempt
        self.succeeded = succeeded
        self.outcomeCode = outcomeCode
        self.retryable = retryable
        self.backoffMs = backoffMs
        self.elapsedTicks = elapsedTicks
        self.finalAttempt = finalAttempt
    }
}
