import CropScenario
import CropVocabulary

/// Object storage as the cropper uses it (Supabase Storage in the product).
public protocol AvatarStorage: Sendable {
    /// Writes (upserts) the object, or fails as the backend says.
    mutating func put(_ request: UploadRequest, bytes: Int) -> UploadOutcome
}

/// The profile row (`profiles.avatar_path`, `profiles.avatar_version`).
public protocol ProfileStore: Sendable {
    var avatarPath: String? { get }
    var avatarVersion: Int { get }
    /// Both fields change together or not at all (R12.3).
    mutating func update(_ update: ProfileUpdate) -> Bool
}

/// Deterministic in-memory storage whose outcomes come from the scenario's script.
public struct InMemoryStorage: AvatarStorage {
    public struct Object: Sendable, Hashable {
        public var contentType: String
        public var bytes: Int
        /// How many writes this key has seen.
        public var writes: Int
    }

    public private(set) var objects: [String: Object] = [:]
    private var script: [BackendScript.Reply<UploadOutcome>]

    init(script: [BackendScript.Reply<UploadOutcome>]) {
        self.script = script
    }

    /// The next scripted reply (consumed only by `put`).
    var nextLatency: Double { script.first?.latency ?? BackendScript.uploadLatency }

    public mutating func put(_ request: UploadRequest, bytes: Int) -> UploadOutcome {
        let outcome = script.isEmpty ? .success : script.removeFirst().result
        // A failed or dropped write leaves the stored object as it was.
        if outcome == .success {
            let writes = (objects[request.key]?.writes ?? 0) + 1
            guard request.upsert || writes == 1 else { return .httpError(status: 409) }
            objects[request.key] = Object(contentType: request.contentType, bytes: bytes, writes: writes)
        }
        return outcome
    }
}

/// Deterministic in-memory profile row whose update outcomes come from the script.
public struct InMemoryProfileStore: ProfileStore {
    public private(set) var avatarPath: String?
    public private(set) var avatarVersion: Int
    private var script: [BackendScript.Reply<Bool>]

    init(user: UserContext?, script: [BackendScript.Reply<Bool>]) {
        avatarPath = user?.avatarPath
        avatarVersion = user?.avatarVersion ?? 0
        self.script = script
    }

    var nextLatency: Double { script.first?.latency ?? BackendScript.profileLatency }

    public mutating func update(_ update: ProfileUpdate) -> Bool {
        let succeeded = script.isEmpty ? true : script.removeFirst().result
        if succeeded {
            avatarPath = update.avatarPath
            avatarVersion = update.avatarVersion
        }
        return succeeded
    }
}
