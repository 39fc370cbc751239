import Foundation

/// The page's calls on sessions. The actor only books: which sessions exist, which one is running,
/// what each has spent. Every simulation (a batch, an opened scenario, a save's replay) and the
/// encoding of its answer run on `simulations`, off the actor and off the concurrency pool, so a
/// long run holds up neither other sessions' bookkeeping nor the page and API answers.
extension Studio {
    /// A new recording, or an opened scenario to play (and, with `branchTick`, to record on from there).
    public func open(_ request: StudioProtocol.OpenRequest) async throws(Failure) -> StudioProtocol.OpenResponse {
        try await open(request) { $0 }
    }

    /// `open`, its answer made into `T` (the server's encoded JSON) on the simulation thread.
    func open<T: Sendable>(
        _ request: StudioProtocol.OpenRequest,
        then finish: @escaping @Sendable (StudioProtocol.OpenResponse) -> T
    ) async throws(Failure) -> T {
        try roomForSession()
        let work: @Sendable () -> Result<(StudioSession, StudioProtocol.OpenResponse), Failure>
        if let id = request.open {
            guard request.device == nil else {
                throw Failure(400, "device: only a new recording picks a device; an opened scenario keeps its own")
            }
            work = { [self] in Result { () throws(Failure) in try opened(id, branchTick: request.branchTick) } }
        } else {
            let picked =
                try request.device.map { name throws(Failure) in try Self.preset(named: name) } ?? options.device
            work = { [self] in Result { () throws(Failure) in try newRecording(picked) } }
        }
        let (session, response) = try await simulate(work).value.get()
        try admit(session)
        return finish(response)
    }

    public func input(_ request: StudioProtocol.InputRequest) async throws(Failure) -> StudioProtocol.FramesResponse {
        try await input(request) { $0 }
    }

    /// `input`, its answer made into `T` on the simulation thread. The session's CPU share
    /// (`CPUBudget`) is waited for first.
    func input<T: Sendable>(
        _ request: StudioProtocol.InputRequest,
        then finish: @escaping @Sendable (StudioProtocol.FramesResponse) -> T
    ) async throws(Failure) -> T {
        let claimed = try await claim(request.session)
        let outcome = await simulations.run {
            var session = claimed.take()
            let start = DispatchTime.now().uptimeNanoseconds
            var response = session.handle(request)
            response.serverMicroseconds = Int((DispatchTime.now().uptimeNanoseconds - start) / 1000)
            return (session, finish(response))
        }
        release(request.session, session: outcome?.value.0 ?? claimed.take(), cpuSeconds: outcome?.cpuSeconds ?? 0)
        guard let outcome else { throw Self.busy }
        return outcome.value.1
    }

    /// Writes the recording as `Scenarios/<group>/<id>.json`, reads it back and runs it like
    /// `cropsim run`, and says whether every frame came out identical.
    public func save(_ request: StudioProtocol.SaveRequest) async throws(Failure) -> StudioProtocol.SaveResponse {
        let claimed = try await claim(request.session)
        let outcome = await simulations.run { [self] in
            var session = claimed.take()
            let saving = Result { () throws(Failure) in try saved(&session, request) }
            return (session, saving)
        }
        release(request.session, session: outcome?.value.0 ?? claimed.take(), cpuSeconds: outcome?.cpuSeconds ?? 0)
        guard let outcome else { throw Self.busy }
        return try outcome.value.1.get()
    }

    // MARK: Booking

    static var busy: Failure {
        Failure(
            503, "the studio is busy: \(maxQueuedRuns) runs are waiting for a simulation thread; try again in a moment")
    }

    /// Runs `work` on a simulation thread; 503 when `maxQueuedRuns` are waiting already.
    private func simulate<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(Failure) -> (
        value: T, cpuSeconds: Double
    ) {
        guard let done = await simulations.run(work) else { throw Self.busy }
        return done
    }

    /// Takes a session for one run: 404 for an unknown one, 429 while another request of it is
    /// running (the page sends one at a time); waits out the session's CPU debt.
    private func claim(_ id: String) async throws(Failure) -> Handoff {
        guard var entry = sessions[id] else {
            throw Failure(404, "no such session (the server restarted or it expired); reload the page")
        }
        guard !entry.busy, let session = entry.session else {
            throw Failure(429, "this session is still answering its previous request; send one at a time")
        }
        entry.busy = true
        entry.session = nil
        entry.used = Date()
        let wait = entry.budget.wait()
        sessions[id] = entry
        if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
        return Handoff(session)
    }

    /// Gives a claimed session back, with its state after the run (or as it was, when the run was
    /// refused) and the CPU the run took.
    private func release(_ id: String, session: StudioSession, cpuSeconds: Double) {
        guard var entry = sessions[id] else { return }
        entry.busy = false
        entry.used = Date()
        entry.session = session
        entry.budget.charge(cpuSeconds)
        sessions[id] = entry
    }

    /// 503 before any work when every session is in use and none has been idle long enough to replace.
    private func roomForSession() throws(Failure) {
        guard sessions.count >= Self.maxSessions else { return }
        guard let idle = sessions.values.filter({ !$0.busy }).min(by: { $0.used < $1.used }),
            Date().timeIntervalSince(idle.used) > Self.idleSeconds
        else {
            throw Failure(503, "\(Self.maxSessions) studio sessions are open already; close a tab and try again")
        }
    }

    /// 128 random bits.
    static func newID() -> String { (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined() }

    private func admit(_ session: StudioSession) throws(Failure) {
        try roomForSession()
        if sessions.count >= Self.maxSessions,
            let idle = sessions.filter({ !$0.value.busy }).min(by: { $0.value.used < $1.value.used })
        {
            sessions[idle.key] = nil
        }
        sessions[session.id] = Entry(session: session)
    }
}

/// A claimed session on its way to its run: taken out there, so that the run is its only owner
/// (a closure's capture would be a second one until the run ends). Taken once: by the run, or,
/// when the run was refused before it began, by `release`.
final class Handoff: @unchecked Sendable {
    private var session: StudioSession?

    init(_ session: StudioSession) { self.session = session }

    func take() -> StudioSession {
        defer { session = nil }
        return session!
    }
}
