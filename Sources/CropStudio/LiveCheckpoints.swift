import CropSim

/// Where a live recording replays from when a change reaches behind the live run: copies of the
/// run (`LiveRun.checkpoint`, the editor's state without the recording's inputs).
///
/// Bounded, whatever the page sends: one every `interval` ticks and one at the floor, at most
/// `capacity` in all. The floor is the last tick no later input can change (a recording only
/// grows forward from its latest input), so checkpoints before it are dropped; past the cap, the
/// oldest after the floor goes (late input lands near the live end, where the newest ones are).
struct LiveCheckpoints: Sendable {
    /// Half a second: a late sample replays at most this many ticks more than it adds.
    static let interval = 30
    static let capacity = 16
    private(set) var runs: [LiveRun] = []

    /// The newest checkpoint before `tick`, where a change at `tick` replays from.
    func latest(before tick: Int) -> LiveRun? { runs.last { $0.tick < tick } }

    /// Forgets checkpoints from `tick` on: they saw inputs that have changed.
    mutating func drop(from tick: Int) { runs.removeAll { $0.tick >= tick } }

    /// Keeps `run` as it stands; `floor` is the last tick no later change can reach.
    mutating func keep(_ run: LiveRun, floor: Int) {
        runs.append(run.checkpoint())
        if let base = runs.lastIndex(where: { $0.tick <= floor }), base > 0 { runs.removeFirst(base) }
        if runs.count > Self.capacity { runs.remove(at: 1) }
    }

    /// The next tick after `tick` to keep a checkpoint at.
    static func next(after tick: Int, floor: Int) -> Int {
        min((tick / interval + 1) * interval, floor > tick ? floor : .max)
    }
}
