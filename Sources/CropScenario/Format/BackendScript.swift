import CropVocabulary

/// A scenario's scripted backend: who the user is, and how each crop, upload attempt and profile
/// update ends and how long it takes. Each list is consumed in order; when it runs out, calls
/// succeed after the default latency.
public struct BackendScript: Sendable, Equatable {
    public var user: UserContext?
    public var baseURL: String
    public var crops: [Reply<Bool>]
    public var uploads: [Reply<UploadOutcome>]
    public var profileUpdates: [Reply<Bool>]

    public struct Reply<Result: Sendable>: Sendable {
        public var result: Result
        /// Seconds until the result arrives.
        public var latency: Double

        public init(result: Result, latency: Double) {
            self.result = result
            self.latency = latency
        }
    }

    public static let defaultBaseURL = "https://cdn.example.invalid/storage/v1/object/public"
    public static let cropLatency = 0.15
    public static let uploadLatency = 0.3
    public static let profileLatency = 0.1

    /// Without a script: crops succeed, and with no user nothing is uploaded.
    public static let none = BackendScript(
        user: nil, baseURL: defaultBaseURL, crops: [], uploads: [], profileUpdates: [])
}

/// Compared when the fuzzer checks its in-memory scenarios against the parser's.
extension BackendScript.Reply: Equatable where Result: Equatable {}
