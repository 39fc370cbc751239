import CropVocabulary
import Synchronization

/// The processes of one `--model` command: a run takes one for its session and gives it back;
/// parallel fuzz jobs each get their own. A process that failed is dropped and the next run
/// starts a new one. The first is started at once, so that a command that cannot start (or
/// speaks another protocol) stops cropsim before anything runs.
public final class ModelProcessPool: Sendable {
    public let command: String
    public let timeout: Double
    /// The deadline of every process's snapshot exchanges; nil (as cropsim runs) means `timeout`.
    /// A snapshot is a few dozen bytes answered from the model's memory, so a test whose model
    /// hangs on one can wait out a short deadline there while its steps keep `timeout`.
    let snapshotTimeout: Double?
    /// The model's name, version, capabilities and policies, from the first handshake.
    public let identity: ModelIdentity
    /// Whether the model declared the snapshot messages (`WireSnapshots`), from the first handshake.
    public let snapshots: Bool
    private let idle: Mutex<[ModelProcess]>

    public convenience init(command: String, timeout: Double) throws(ModelProcess.StartError) {
        try self.init(command: command, timeout: timeout, snapshotTimeout: nil)
    }

    init(command: String, timeout: Double, snapshotTimeout: Double?) throws(ModelProcess.StartError) {
        let first = try ModelProcess.start(command, timeout: timeout)
        first.snapshotTimeout = snapshotTimeout
        self.command = command
        self.timeout = timeout
        self.snapshotTimeout = snapshotTimeout
        identity = first.identity
        snapshots = first.snapshots
        idle = Mutex([first])
    }

    /// A process for one session: an idle one, or a new one. A new one that cannot start, or
    /// that now says it is another model, comes back failed (the session's find says why).
    func checkout() -> ModelProcess? {
        if let p = idle.withLock({ $0.popLast() }) { return p }
        do {
            let p = try ModelProcess.start(command, timeout: timeout)
            p.snapshotTimeout = snapshotTimeout
            if p.identity != identity {
                p.fail(
                    .protocolViolation,
                    "a new process of the model names itself \(p.identity.label), not \(identity.label)")
            }
            if p.snapshots != snapshots {
                p.fail(
                    .protocolViolation,
                    "a new process of the model \(p.snapshots ? "declares" : "does not declare") snapshots, unlike the first"
                )
            }
            return p
        } catch {
            return nil
        }
    }

    func checkin(_ process: ModelProcess) {
        guard process.failure == nil else { return }
        idle.withLock { $0.append(process) }
    }

    /// Ends every idle process (closing its input; see `ModelProcess.terminate`).
    public func shutdown() {
        let all = idle.withLock { list -> [ModelProcess] in
            defer { list.removeAll() }
            return list
        }
        all.forEach { $0.terminate() }
    }
}

/// A process lent to one session, given back when the session's model value goes away.
final class ProcessLease: @unchecked Sendable {
    let process: ModelProcess?
    private let pool: ModelProcessPool

    init(_ pool: ModelProcessPool) {
        self.pool = pool
        process = pool.checkout()
    }

    deinit { process.map(pool.checkin) }
}
