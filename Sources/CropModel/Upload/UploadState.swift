import CropVocabulary

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

    public var phase: UploadPhase {
        switch self {
        case .none: .none
        case .cropping: .cropping
        case .uploading: .uploading
        case .waiting: .waiting
        case .updatingProfile: .updatingProfile
        case .done: .done
        case .failed: .failed
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
