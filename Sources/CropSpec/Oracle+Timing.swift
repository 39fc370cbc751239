import CropVocabulary
import RealModule
import Synchronization

/// Timing (gesture notes, Motion; docs/editor-model.md): every transition rides the spring the
/// model declares (policy `transitionSpring`; the reference editor's is stiffness 100, damping
/// ratio 0.8, mass 1, at 60 Hz), judged frame by frame against the closed-form damped oscillator
/// in `SpringReference`, never against the model's own integrator.
extension Oracle {
    /// A policy's reference spring, the settle bound it implies, and its progress at every frame
    /// up to that bound (computed once: the per-frame check then costs an array read, not an
    /// exponential and two trigonometric calls).
    struct Timing: Sendable {
        /// Nil when the model leaves the curve unspecified: moves are judged where they land and
        /// for settling within the bound only.
        var spring: SpringReference?
        var settleBound: Int
        var progressByFrame: [Double]
        /// For messages: "k 100, ζ 0.8, m 1, 60 Hz".
        var name: String
    }

    /// The timing of each named `transitionSpring` value, built once. The reference spring keeps
    /// the bound docs/oracle.md measured (the exact settle tick plus 0.1 s); every other spring
    /// allows a fifth more, for an integrator that settles later than the exact solution
    /// (semi-implicit Euler at ζ 1.0 settles 12 ticks after it). An unspecified curve has 2 s.
    static let timings: [Policies.TransitionSpring: Timing] = Dictionary(
        uniqueKeysWithValues: Policies.TransitionSpring.allCases.map {
            ($0, makeTiming($0))
        })

    /// Springs declared by their parameters (`k120-zeta0.85`), each built the first time a model
    /// declares it: a campaign opens an oracle per trace, and tabulating a spring costs thousands
    /// of exponentials.
    private static let declaredTimings = Mutex<[Policies.TransitionSpring: Timing]>([:])

    static func timing(_ p: Policies.TransitionSpring) -> Timing {
        if let named = timings[p] { return named }
        return declaredTimings.withLock { cache in
            if let built = cache[p] { return built }
            let built = makeTiming(p)
            cache[p] = built
            return built
        }
    }

    private static func makeTiming(_ p: Policies.TransitionSpring) -> Timing {
        guard let parameters = p.parameters else {
            return Timing(
                spring: nil, settleBound: 2 * TickClock.ticksPerSecond, progressByFrame: [], name: "unspecified")
        }
        let k = parameters.stiffness, zeta = parameters.dampingRatio
        let spring = SpringReference(
            stiffness: k, dampingRatio: zeta, mass: 1, tickRate: Double(TickClock.ticksPerSecond))
        let bound = p == .zeta08 ? spring.settleTicks : spring.settleTicks + spring.exactSettleTick / 5
        return Timing(
            spring: spring, settleBound: bound, progressByFrame: (0...bound).map { spring.progress(atTick: $0) },
            name: "k \(k == k.rounded() ? String(Int(k)) : String(k)), ζ \(zeta), m 1, 60 Hz")
    }

    /// Reads the frame's progress u back from its pose and compares it with the reference's
    /// progress at that frame; the first deviation is kept with the move and reported when the
    /// move lands on its target (`finish`). The zoom follows s₀(s₁/s₀)^u, so u comes from the zoom when it
    /// changes by more than 0.1 %; for a move at one zoom (recenter) the translation is linear in
    /// u. Frames a clamp holds (an overshoot pressed against a limit) say nothing about u and are
    /// skipped. A move that turns the photo is read from its angle.
    mutating func checkSpring(pose: Pose, tick: Int) {
        guard moving, runningMove.springDeviation == nil, let target = runningMove.target else { return }
        let m = runningMove
        let u: Double
        let ratio = target.scale / m.from.scale
        guard m.frames < timing.progressByFrame.count else { return }
        if m.turn != 0 {
            // A turn (the 90° button, a snap) is never clamped on the way: the angle tells u, taken
            // the way round nearest the reference (an overshoot past 180° wraps).
            let d = SpecGeometry.wrap(pose.angle - m.from.angle)
            let expected = timing.progressByFrame[m.frames] * m.turn
            u = (d + 360 * ((expected - d) / 360).rounded()) / m.turn
        } else if abs(ratio - 1) > 1e-3 {
            let onLimit = sides(of: pose).loose
            guard onLimit.isDisjoint(with: [.zoomMin, .zoomMax]) else { return }
            u =
                zoomLinear
                ? (pose.scale - m.from.scale) / (target.scale - m.from.scale)
                : Double.log(pose.scale / m.from.scale) / logOfRatio(ratio)
        } else if ratio == 1 {
            guard sides(of: pose).loose.isEmpty else { return }
            let dx = target.translation.x - m.from.translation.x, dy = target.translation.y - m.from.translation.y
            if abs(dx) >= abs(dy), abs(dx) > 1e-3 {
                u = (pose.translation.x - m.from.translation.x) / dx
            } else if abs(dy) > 1e-3 {
                u = (pose.translation.y - m.from.translation.y) / dy
            } else {
                return
            }
        } else {
            return
        }
        guard m.frames < timing.progressByFrame.count else { return }
        let want = timing.progressByFrame[m.frames]
        if abs(u - want) > SpringReference.progressTolerance {
            runningMove.springDeviation = SpringDeviation(tick: tick, frame: m.frames, progress: u, reference: want)
        }
    }

    /// log(s₁/s₀) of the running move, worked out on its first zoom frame and kept: the ratio is
    /// the same on every frame of a move, and the logarithm cost about 50 instructions a frame.
    /// Keyed by the ratio itself, so any move, started anywhere, gets the same bits as before.
    private mutating func logOfRatio(_ ratio: Double) -> Double {
        if ratio != springLog.ratio { springLog = (ratio, Double.log(ratio)) }
        return springLog.log
    }
}
