import CropScenario
import CropModel
import CropVocabulary

/// Plays the host's side after confirm: renders (or fails) crops, writes storage, updates the
/// profile, and delivers each result back to the editor after its scripted latency, on the
/// simulator's tick clock.
public struct Backend: Sendable {
    public private(set) var storage: InMemoryStorage
    public private(set) var profile: InMemoryProfileStore
    public let baseURL: String
    private var crops: [BackendScript.Reply<Bool>]
    /// Results waiting for their tick, in the order they were scheduled.
    private var pending: [(tick: Int, event: EditorEvent)] = []
    /// Every upload request seen, with its tick and outcome (for `upload.jsonl`).
    public private(set) var uploads: [(tick: Int, request: UploadRequest, outcome: UploadOutcome)] = []

    public init(_ script: BackendScript) {
        storage = InMemoryStorage(script: script.uploads)
        profile = InMemoryProfileStore(user: script.user, script: script.profileUpdates)
        baseURL = script.baseURL
        crops = script.crops
    }

    public var isIdle: Bool { pending.isEmpty }
    /// The tick the next result is due at.
    var nextDue: Int? { pending.isEmpty ? nil : pending.map(\.tick).min() }

    /// The avatar URL the app would show now (R12.4).
    public var avatarURL: String? {
        profile.avatarPath.map { UploadPolicy.url(base: baseURL, path: $0, version: profile.avatarVersion) }
    }

    /// Reacts to the editor's effects at `tick`.
    mutating func handle(_ effect: EditorEffect, tick: Int, request: CropRequest? = nil) {
        switch effect {
        case .crop:
            let reply =
                crops.isEmpty
                ? BackendScript.Reply(result: true, latency: BackendScript.cropLatency) : crops.removeFirst()
            schedule(.cropFinished(succeeded: reply.result), after: reply.latency, from: tick)
        case .upload(let request):
            let latency = storage.nextLatency
            let outcome = storage.put(request, bytes: 1)
            uploads.append((tick, request, outcome))
            schedule(.uploadFinished(attempt: request.attempt, outcome: outcome), after: latency, from: tick)
        case .updateProfile(let update):
            let latency = profile.nextLatency
            schedule(.profileUpdated(succeeded: profile.update(update)), after: latency, from: tick)
        default:
            break
        }
    }

    /// Results due at `tick`, in scheduling order.
    mutating func due(at tick: Int) -> [EditorEvent] {
        guard pending.contains(where: { $0.tick <= tick }) else { return [] }
        let ready = pending.filter { $0.tick <= tick }.map(\.event)
        pending.removeAll { $0.tick <= tick }
        return ready
    }

    private mutating func schedule(_ event: EditorEvent, after seconds: Double, from tick: Int) {
        let ticks = max(1, Int((seconds * Double(TickClock.ticksPerSecond)).rounded()))
        pending.append((tick + ticks, event))
    }
}
