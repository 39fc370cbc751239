import CropSim

/// Where a live recording replays from when a change reaches behind the live run: copies of the
/// run (`LiveRun.checkpoint`, the editor's state without the recording's inputs).
///
/// Bounded, whatever the page sends: one every `interval` ticks and one at the floor, at most
/// `capacity` in all. The floor is the last tick no later input can change (a recording only
/// grows forward from its latest input), so checkpoints before it are dropped; past the cap, the
/// oldest after the floor goes (late input lands near the live end, where the newest ones are).
/// A checkpoint of a model over a pipe is the model's snapshot, released when it is dropped, so
/// the model holds no more than cropsim does (`WireSnapshots.maxHeld`).
struct LiveCheckpoints: Sendable {
    /// Half a second: a late sample replays at most this many ticks more than it adds.
    static let interval = 30
    static let capacity = 16
    private(set) var runs: [LiveRun] = []

    /// The newest checkpoint before `tick`, where a change at `tick` replays from.
    func latest(before tick: Int) -> LiveRun? { runs.last { $0.tick < tick } }

    /// Forgets checkpoints from `tick` on: they saw inputs that have changed.
    mutating func drop(from tick: Int) {
        guard let first = runs.firstIndex(where: { $0.tick >= tick }) else { return }
        runs[first...].forEach { $0.release() }
        runs.removeSubrange(first...)
    }

    /// Keeps `run` as it stands; `floor` is the last tick no later change can reach. A model over
    /// a pipe that gives no snapshot is not kept (the run says why: `LiveRun.failure`).
    mutating func keep(_ run: LiveRun, floor: Int) {
        guard let checkpoint = run.checkpoint() else { return }
        runs.append(checkpoint)
        if let base = runs.lastIndex(where: { $0.tick <= floor }), base > 0 {
            runs[..<base].forEach { $0.release() }
            runs.removeFirst(base)
        }
        if runs.count > Self.capacity { runs.remove(at: 1).release() }
    }

    /// The next tick after `tick` to keep a checkpoint at.
    static func next(after tick: Int, floor: Int) -> Int {
        min((tick / interval + 1) * interval, floor > tick ? floor : .max)
    }
}
