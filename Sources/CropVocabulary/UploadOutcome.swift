/// How one upload attempt ended.
public enum UploadOutcome: Hashable, Sendable, Codable {
    case success
    /// No response within the client's timeout.
    case timeout
    /// The connection dropped mid-upload.
    case connectionDropped
    /// An HTTP error status.
    case httpError(status: Int)

    /// A number for telemetry (R10.4: numbers only): 0 success, 1 timeout, 2 dropped, else the status.
    public var code: Int {
        switch self {
        case .success: 0
        case .timeout: 1
        case .connectionDropped: 2
        case .httpError(let status): status
        }
    }
}
