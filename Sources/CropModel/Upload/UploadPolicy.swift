import CropVocabulary

/// R12: where the avatar goes and how failed uploads are retried.
///
/// R12.5 says "exponential backoff (0.5s, 1s, 2s; max 3 attempts)": three delays but three
/// attempts, which only need two. We read it as one attempt plus up to three retries after
/// 0.5 s, 1 s and 2 s (four attempts), the only reading that uses every delay it lists; see
/// docs/upload.md and `Scenarios/upload/retries-exhausted.json`.
public enum UploadPolicy {
    public static let bucket = "avatars"
    /// Delays before retry 1, 2, 3, in 60 Hz ticks (0.5 s, 1 s, 2 s).
    public static let backoffTicks = [30, 60, 120]
    public static var maxAttempts: Int { backoffTicks.count + 1 }

    /// R12.1: `users/{uid}/avatar_512.png` (`.jpg` for JPEG). The 512 is the product's output
    /// size; another configured size names its own.
    public static func key(uid: String, outputSize: Int, encoding: AvatarCropperConfig.Encoding) -> String {
        "users/\(uid)/avatar_\(outputSize).\(fileExtension(encoding))"
    }

    public static func contentType(_ encoding: AvatarCropperConfig.Encoding) -> String {
        if case .jpegSRGB = encoding { "image/jpeg" } else { "image/png" }
    }

    static func fileExtension(_ encoding: AvatarCropperConfig.Encoding) -> String {
        if case .jpegSRGB = encoding { "jpg" } else { "png" }
    }

    /// R12.4: every avatar URL carries the version, so caches never serve the previous image.
    public static func url(base: String, path: String, version: Int) -> String {
        "\(base)/\(bucket)/\(path)?v=\(version)"
    }
}

extension UploadOutcome {
    /// Client errors other than 408 (timeout) and 429 (rate limited) cannot succeed on retry.
    public var isRetryable: Bool {
        switch self {
        case .success: false
        case .timeout, .connectionDropped: true
        case .httpError(let status): status >= 500 || status == 408 || status == 429 || status < 400
        }
    }
}
