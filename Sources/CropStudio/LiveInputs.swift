import CropSim

/// A recording's run inputs in the order a run takes them, kept in order as samples arrive.
///
/// The order is `TraceSynthesizer.order`'s, the one `cropsim run` gives the saved file's inputs;
/// only the newest instants are ordered again: inputs from the earliest new time on, old and
/// new, so every input at one instant is ordered together (as that order needs). A recording
/// only grows forward in time, so a batch orders what it adds, not the recording.
struct LiveInputs: Sendable {
    private(set) var ordered: [Input] = []
    private var pending: [Input] = []
    /// Inputs `take` appended, which `putBack` removes.
    private var appended = 0

    mutating func add(_ input: Input) { pending.append(input) }

    /// Orders what was added since the last call; returns the first tick it may change.
    mutating func settle() -> Int? {
        guard let first = pending.lazy.map(\.time).min() else { return nil }
        var cut = ordered.count
        while cut > 0, ordered[cut - 1].time >= first { cut -= 1 }
        let tail = Array(ordered[cut...]) + pending
        ordered.removeSubrange(cut...)
        ordered += TraceSynthesizer.order(tail)
        pending = []
        return Input.tick(forMicroseconds: first)
    }

    /// Moves the ordered inputs out with `extra` (the provisional lifts) appended in place, for
    /// one run; `putBack` returns them. Nothing is copied as long as the run lets go of them
    /// before (`LiveRun.releaseInputs`): a batch then costs no copy of the recording's inputs.
    mutating func take(appending extra: [Input]) -> [Input] {
        var taken: [Input] = []
        swap(&taken, &ordered)
        taken += extra
        appended = extra.count
        return taken
    }

    /// Takes back what `take` gave out, without what it appended; `inputs` is left empty.
    mutating func putBack(_ inputs: inout [Input]) {
        swap(&ordered, &inputs)
        ordered.removeLast(appended)
        appended = 0
    }
}
