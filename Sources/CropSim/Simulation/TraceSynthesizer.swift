import CropScenario
import CropVocabulary
import RealModule

/// Turns a scenario's steps into a time-ordered list of inputs: every gesture becomes the touch
/// samples a finger would produce at the device's touch rate. Deterministic: the same scenario
/// always gives the same samples.
public enum TraceSynthesizer {
    public static func inputs(for scenario: Scenario) -> [Input] {
        var builder = Builder(rate: Double(scenario.device.touchRate), views: ViewHistory(scenario))
        for (index, step) in scenario.steps.enumerated() {
            builder.step = index
            builder.add(step)
        }
        return order(builder.inputs)
    }

    /// Inputs in the order a run takes them. Stable order: time; at one instant every finger's
    /// moves, then lifts, then landings (two fingers lifting together must both have moved first,
    /// or the pinch would end on a stale position); then step, then the order given (the order
    /// samples were produced in). A finger that lands and moves or lifts at the same instant lands
    /// first: a touch-level editor must never see a finger move before it is down. Every input
    /// at one instant must be in `inputs` (the studio orders a recording's newest instants so).
    public static func order(_ inputs: [Input]) -> [Input] {
        let busy = Dictionary(inputs.compactMap(\.fingerInstant).map { ($0, 1) }, uniquingKeysWith: +)
        func rank(_ input: Input) -> Int {
            guard case .touch(_, _, .down) = input.kind, let key = input.fingerInstant, busy[key, default: 0] > 1 else {
                return input.rank
            }
            return -1
        }
        return inputs.enumerated()
            .sorted { a, b in
                (a.element.time, rank(a.element), a.element.step, a.offset) < (
                    b.element.time, rank(b.element), b.element.step, b.offset
                )
            }
            .map(\.element)
    }

    /// The view size in effect at a time, so percentages resolve against the view a finger sees.
    struct ViewHistory {
        var initial: Size
        var resizes: [(time: Double, size: Size)]

        init(_ s: Scenario) {
            initial = s.device.view
            resizes = s.steps.compactMap { step in
                if case .resize(let size) = step.action { (step.time, size) } else { nil }
            }.sorted { $0.time < $1.time }
        }

        func size(at t: Double) -> Size { resizes.last { $0.time <= t }?.size ?? initial }
    }

    struct Builder {
        let rate: Double
        let views: ViewHistory
        var inputs: [Input] = []
        var step = 0
        var nextFinger = 1

        mutating func finger() -> Int {
            defer { nextFinger += 1 }
            return nextFinger
        }

        mutating func touch(_ id: Int, _ p: Point, _ phase: TouchPhase, at t: Double) {
            inputs.append(
                Input(time: Input.microseconds(t), kind: .touch(finger: id, point: p, phase: phase), step: step))
        }

        /// Sample times over `duration` from `start`: one every 1/rate s, the last exactly at the end.
        func fractions(duration: Double) -> [Double] {
            let n = max(1, Int((duration * rate).rounded(.up)))
            return (1...n).map { Double($0) / Double(n) }
        }

        /// Fingers that move together: `positions(e)` gives every finger's position at eased
        /// progress `e`; all go down at `start`, move, rest `hold`, and lift.
        mutating func fingers(
            count: Int, start: Double, duration: Double, hold: Double, easing: Easing,
            _ positions: (Double) -> [Point]
        ) {
            let ids = (0..<count).map { _ in finger() }
            for (id, p) in zip(ids, positions(0)) { touch(id, p, .down, at: start) }
            for f in fractions(duration: duration) {
                let t = start + duration * f
                for (id, p) in zip(ids, positions(easing(f))) { touch(id, p, .move, at: t) }
            }
            let end = start + duration + hold
            for (id, p) in zip(ids, positions(1)) { touch(id, p, .up, at: end) }
        }

        mutating func tap(_ p: Point, at t: Double, duration: Double = Gesture.tapDuration) {
            let id = finger()
            touch(id, p, .down, at: t)
            touch(id, p, .up, at: t + duration)
        }

        mutating func add(_ s: Step) {
            let t = s.time
            let view = views.size(at: t)
            switch s.action {
            case .drag(let d):
                let spline = PathSpline(d.points.map { $0.resolve(in: view) })
                let fs = [0.0] + fractions(duration: d.duration).map { d.easing($0) }
                let path = spline.sample(at: fs)
                let id = finger()
                touch(id, path[0], .down, at: t)
                for (i, f) in fractions(duration: d.duration).enumerated() {
                    touch(id, path[i + 1], .move, at: t + d.duration * f)
                }
                touch(id, path[path.count - 1], .up, at: t + d.duration + d.hold)
            case .pinch(let p):
                let c = p.center.resolve(in: view)
                let fixed = Self.direction(p.angle)
                fingers(count: 2, start: t, duration: p.duration, hold: p.hold, easing: p.easing) { e in
                    let center = c + p.drift * e
                    let dir = p.rotation == 0 ? fixed : Self.direction(p.angle + p.rotation * e)
                    let half = (p.fromSpan + (p.toSpan - p.fromSpan) * e) / 2
                    return [center - dir * half, center + dir * half]
                }
            case .twoFingerDrag(let d):
                let a = d.from.resolve(in: view), b = d.to.resolve(in: view)
                let offset = Self.direction(d.angle) * (d.span / 2)
                fingers(count: 2, start: t, duration: d.duration, hold: d.hold, easing: d.easing) { e in
                    let center = a + (b - a) * e
                    return [center - offset, center + offset]
                }
            case .tap(let p):
                tap(p.resolve(in: view), at: t)
            case .doubleTap(let p, let interval):
                tap(p.resolve(in: view), at: t)
                tap(p.resolve(in: views.size(at: t + interval)), at: t + interval)
            case .longTouch(let p, let duration):
                tap(p.resolve(in: view), at: t, duration: duration)
            case .touches(let tracks):
                for track in tracks { add(track, start: t) }
            default:
                inputs.append(Input(time: Input.microseconds(t), kind: .system, step: step))
            }
        }

        mutating func add(_ track: TouchTrack, start: Double) {
            let id = finger()
            switch track.body {
            case .samples(let samples):
                for s in samples {
                    touch(id, s.point.resolve(in: views.size(at: start + s.time)), s.phase, at: start + s.time)
                }
            case .actions(let actions):
                var t = start
                var position = Point.zero
                for action in actions {
                    switch action {
                    case .down(let p):
                        position = p.resolve(in: views.size(at: t))
                        touch(id, position, .down, at: t)
                    case .move(let to, let duration):
                        let from = position
                        let target = to.resolve(in: views.size(at: t))
                        for f in fractions(duration: duration) {
                            touch(id, from + (target - from) * f, .move, at: t + duration * f)
                        }
                        position = target
                        t += duration
                    case .pause(let d):
                        t += d
                    case .up:
                        touch(id, position, .up, at: t)
                    case .cancel:
                        touch(id, position, .cancel, at: t)
                    }
                }
            }
        }

        static func direction(_ degrees: Double) -> Point {
            let r = degrees * .pi / 180
            return Point(x: Double.cos(r), y: Double.sin(r))
        }
    }
}
