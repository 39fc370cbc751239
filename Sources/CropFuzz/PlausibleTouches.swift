import CropSim
import CropVocabulary
import RealModule

/// Puts a generated trace's touches inside `TouchBounds`, by construction: the generator applies
/// it to every trace of a plausible profile, and the shrinker only edits choices and regenerates,
/// so no shrunk find can leave the bounds.
///
/// Every sample of every finger, across all steps (steps overlap in time), is placed in time
/// order. A finger's samples are first spaced one touch period apart; then each landing is kept
/// inside its step's view and a fingertip from every finger already down (moved beside the
/// nearest one, or to a corner, when it is not; a finger with nowhere to land is left out), and
/// each move goes toward where the generator wanted the finger at most `maxSpeed` × the time
/// since its last sample, as far as it can without coming closer than a fingertip to another
/// finger. Staying put is always allowed (every other finger kept its distance from this one),
/// so a move never fails. Points the bounds do not touch keep their exact value.
struct PlausibleTouches {
    private var tracks: [[FingerTrack]]
    private let starts: [Int]
    private let views: [Size]
    /// Where each finger now down is (flat index `offsets[step] + finger`), and when it was last sampled.
    private var down: [Point?]
    private var lastTime: [Int]
    private var dropped: [Bool]
    /// The ids of the fingers now down, so each check looks at a handful rather than the trace's all.
    private var active: [Int] = []
    /// Fingers lifted at `liftTime`: still on the glass for every other sample of that millisecond.
    private var lifted: [Int] = []
    private var liftTime = Int.min
    private let offsets: [Int]

    static func apply(to trace: inout Trace) {
        guard trace.steps.contains(where: { !$0.fingers.isEmpty }) else { return }
        var p = PlausibleTouches(trace)
        p.place()
        p.write(into: &trace)
        confirmAfterLifts(&trace)
    }

    /// Spacing samples can push a lift later: confirm (and the Retry taps after it) still come
    /// 17 ms after every finger has lifted, as the generator drew it.
    static func confirmAfterLifts(_ trace: inout Trace) {
        guard let c = trace.steps.firstIndex(where: { $0.kind == .confirm }) else { return }
        let lift = trace.steps[..<c].map(\.endMilliseconds).max() ?? 0
        let shift = lift + 17 - trace.steps[c].start
        guard shift > 0 else { return }
        for i in c..<trace.steps.count { trace.steps[i].start += shift }
    }

    private init(_ trace: Trace) {
        let period = TouchBounds.samplePeriod(touchRate: trace.touchRate)
        tracks = trace.steps.map { $0.fingers.map { Self.spaced($0, period: period) } }
        starts = trace.steps.map(\.start)
        views = trace.stepViews
        var offsets: [Int] = [], total = 0
        for fingers in tracks { offsets.append(total); total += fingers.count }
        self.offsets = offsets
        down = Array(repeating: nil, count: total)
        lastTime = Array(repeating: 0, count: total)
        dropped = Array(repeating: false, count: total)
    }

    /// Samples of one finger at least `period` ms apart (later ones pushed later, order kept).
    static func spaced(_ track: FingerTrack, period: Int) -> FingerTrack {
        var out = track
        for k in out.samples.indices.dropFirst() {
            out.samples[k].time = max(out.samples[k].time, out.samples[k - 1].time + period)
        }
        return out
    }

    /// One sample, sortable: at one millisecond moves come first, then landings, then lifts, so a
    /// finger lifting at t is still on the glass for a finger landing at t.
    private struct Event: Comparable {
        var time: Int, order: Int, step: Int, finger: Int, index: Int
        static func < (a: Event, b: Event) -> Bool {
            (a.time, a.order, a.step, a.finger, a.index) < (b.time, b.order, b.step, b.finger, b.index)
        }
    }

    private mutating func place() {
        var events: [Event] = []
        for (s, fingers) in tracks.enumerated() {
            for (f, track) in fingers.enumerated() {
                for (k, sample) in track.samples.enumerated() {
                    let order =
                        switch sample.phase {
                        case .move: 0;
                        case .down: 1;
                        default: 2
                        }
                    events.append(Event(time: starts[s] + sample.time, order: order, step: s, finger: f, index: k))
                }
            }
        }
        events.sort()
        for e in events { place(e) }
    }

    private mutating func place(_ e: Event) {
        let id = offsets[e.step] + e.finger
        guard !dropped[id] else { return }
        if e.time > liftTime {
            active.removeAll { lifted.contains($0) }
            lifted.removeAll()
        }
        let sample = tracks[e.step][e.finger].samples[e.index]
        let view = views[e.step]
        let wanted = Self.inside(sample.point, view)
        let placed: Point
        if sample.phase == .down {
            guard let landed = landing(wanted, view: view, id: id) else { dropped[id] = true; return }
            placed = landed
        } else {
            guard let from = down[id] else { return }
            placed = moving(from: from, to: wanted, ms: e.time - lastTime[id], view: view, id: id)
        }
        tracks[e.step][e.finger].samples[e.index].point = placed
        switch sample.phase {
        case .down: active.append(id); down[id] = placed
        case .move: down[id] = placed
        default: down[id] = placed; lifted.append(id); liftTime = e.time
        }
        lastTime[id] = e.time
    }

    /// Whether `p` is a fingertip from every other finger on the glass.
    private func clear(_ p: Point, id: Int) -> Bool {
        for j in active where j != id {
            if let q = down[j], Self.distance(p, q) < TouchBounds.fingertip { return false }
        }
        return true
    }

    private func landing(_ p: Point, view: Size, id: Int) -> Point? {
        if clear(p, id: id) { return p }
        let others = active.compactMap { j in j == id ? nil : down[j] }
        guard let nearest = others.min(by: { Self.distance($0, p) < Self.distance($1, p) }) else { return p }
        let away = p - nearest
        let base = away != .zero ? Double.atan2(y: away.y, x: away.x) : 0
        for k in 0..<8 {
            let angle = base + Double(k) * .pi / 4
            let c = Self.inside(
                Generator.snap(
                    nearest + Point(x: Double.cos(angle), y: Double.sin(angle)) * (TouchBounds.fingertip + 1)), view)
            if clear(c, id: id) { return c }
        }
        let corners = [
            Point(x: 0, y: 0), Point(x: view.width, y: 0), Point(x: 0, y: view.height),
            Point(x: view.width, y: view.height), Generator.snap(view.center)
        ]
        return corners.first { clear($0, id: id) }
    }

    private func moving(from a: Point, to b: Point, ms: Int, view: Size, id: Int) -> Point {
        let limit = TouchBounds.maxSpeed * Double(ms)
        let distance = Self.distance(a, b)
        let target = distance <= limit ? b : Self.inside(Generator.snap(a + (b - a) * ((limit - 0.5) / distance)), view)
        for fraction in [1.0, 0.5, 0.25, 0.125] {
            let c = fraction == 1 ? target : Self.inside(Generator.snap(a + (target - a) * fraction), view)
            if Self.distance(a, c) <= limit && clear(c, id: id) { return c }
        }
        return a
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// `p` moved onto the view (whole-point sides, so a clamped quarter point stays on the grid).
    static func inside(_ p: Point, _ view: Size) -> Point {
        guard p.x < 0 || p.x > view.width || p.y < 0 || p.y > view.height else { return p }
        return Point(x: min(max(p.x, 0), view.width), y: min(max(p.y, 0), view.height))
    }

    /// The placed samples back into the trace; fingers with nowhere to land are left out, and a
    /// touch step left with none is removed.
    private func write(into trace: inout Trace) {
        var steps: [TraceStep] = []
        for (s, step) in trace.steps.enumerated() {
            guard case .touches = step.action else { steps.append(step); continue }
            let kept = tracks[s].indices.filter { !dropped[offsets[s] + $0] }.map { tracks[s][$0] }
            guard !kept.isEmpty else { continue }
            steps.append(TraceStep(start: step.start, kind: step.kind, action: .touches(kept)))
        }
        trace.steps = steps
    }
}
