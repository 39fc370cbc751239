import RealModule

/// The exact motion of a transition's progress `u`, restated from the documented spring rather
/// than from the model's integrator.
///
/// The editor model (docs/editor-model.md, "Motion") drives `u` from 0 to 1 with a damped spring:
/// the displacement `x = u − 1` obeys `m x'' + c x' + k x = 0` with `c = 2ζ√(km)`, starting at
/// `x = −1`, `x' = 0`. This type evaluates the closed-form solution of that ODE at `t = n / tickRate`;
/// the model instead integrates it per tick with semi-implicit Euler, so the two differ by the
/// integrator's error, which `progressTolerance` bounds (measured in docs/oracle-references.md).
///
/// One formula covers all three regimes. With `a = ζω₀` and `ω₀ = √(k/m)`,
///
///     x(t) = e^{−at} (x₀ C(t) + (v₀ + a x₀) S(t))
///     v(t) = e^{−at} (v₀ C(t) − (ω₀² x₀ + a v₀) S(t))
///
/// where `C = cos ω t`, `S = sin(ω t)/ω` with `ω = ω₀√(1−ζ²)` (underdamped), `C = 1`, `S = t`
/// (critically damped), and `C = cosh ω t`, `S = sinh(ω t)/ω` with `ω = ω₀√(ζ²−1)` (overdamped).
/// Writing `S` as a ratio keeps the formula accurate next to ζ = 1, where `ω → 0`.
public struct SpringReference: Hashable, Sendable {
    public let stiffness: Double
    public let dampingRatio: Double
    public let mass: Double
    public let tickRate: Double

    /// The documented settle test: the model lands on its target at the first tick where
    /// `|x| < settleDisplacement` and `|v| < settleVelocity` (velocity in progress units per second).
    public static let settleDisplacement = 1e-4
    public static let settleVelocity = 1e-3

    /// How far (in progress units) the model's per-tick progress may stray from the exact solution.
    ///
    /// Semi-implicit Euler at 60 Hz with the transition spring (k 100, ζ 0.8) deviates by at most
    /// 0.059, early in the rise; the realistic bugs (the step at 1/30 or 1/120 s, ζ 0.5, k 50 or
    /// 200) deviate by 0.18 or more. 0.1 sits near the geometric mean of the two, leaving a factor
    /// of about 1.7 on either side. Explicit Euler (0.039) is not told apart by this comparison.
    public static let progressTolerance = 0.1

    /// Slack on `exactSettleTick`, in seconds, for the integrator: semi-implicit Euler settles a
    /// few ticks away from the exact solution (measured: 11 ticks earlier at the transition spring).
    public static let integratorMarginSeconds = 0.1

    private let x0 = -1.0
    private let v0 = 0.0
    private let omega0: Double
    private let a: Double
    private let regime: Regime

    private enum Regime: Hashable, Sendable {
        case underdamped(omega: Double)
        case critical
        /// `slow` is the slower root `−ω₀/(ζ + √(ζ²−1))`, written without the cancellation of
        /// `−ζω₀ + ω` at large ζ.
        case overdamped(omega: Double, slow: Double)
    }

    /// `stiffness`, `mass` and `tickRate` must be positive and `dampingRatio` non-negative, all finite.
    public init(stiffness: Double, dampingRatio: Double, mass: Double = 1, tickRate: Double = 60) {
        precondition(stiffness > 0 && stiffness.isFinite, "stiffness must be positive and finite")
        precondition(mass > 0 && mass.isFinite, "mass must be positive and finite")
        precondition(dampingRatio >= 0 && dampingRatio.isFinite, "damping ratio must be non-negative and finite")
        precondition(tickRate > 0 && tickRate.isFinite, "tick rate must be positive and finite")
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.mass = mass
        self.tickRate = tickRate
        omega0 = (stiffness / mass).squareRoot()
        a = dampingRatio * omega0
        let zeta = dampingRatio
        if zeta < 1, case let omega = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot(), omega > 0 {
            regime = .underdamped(omega: omega)
        } else if zeta > 1, case let omega = omega0 * ((zeta - 1) * (zeta + 1)).squareRoot(), omega > 0 {
            regime = .overdamped(omega: omega, slow: -omega0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot()))
        } else {
            regime = .critical
        }
    }

    /// The transition spring the gesture notes name: stiffness 100, damping ratio 0.8, mass 1, 60 Hz.
    public static let transition = SpringReference(stiffness: 100, dampingRatio: 0.8)

    /// The exact progress `u = 1 + x` at tick `n` (time `n / tickRate`; tick 0 is the start).
    public func progress(atTick n: Int) -> Double { 1 + state(at: Double(n) / tickRate).x }

    /// The exact velocity of `u` (per second) at tick `n`.
    public func velocity(atTick n: Int) -> Double { state(at: Double(n) / tickRate).v }

    /// The first tick from which the exact solution stays inside the settle thresholds for good,
    /// or `Int.max` if that takes more than ten million ticks (an undamped or near-undamped spring).
    public var exactSettleTick: Int {
        guard decay > 0 else { return Int.max }
        var lastOutside = -1
        for n in 0..<10_000_000 {
            let t = Double(n) / tickRate
            let (x, v) = state(at: t)
            if !(abs(x) < Self.settleDisplacement && abs(v) < Self.settleVelocity) { lastOutside = n }
            // Past 1/decay every envelope below only shrinks, so once it is inside the thresholds
            // no later tick can leave them.
            let bound = envelope(at: t)
            if t >= 1 / decay, bound.x < Self.settleDisplacement, bound.v < Self.settleVelocity {
                return lastOutside + 1
            }
        }
        return Int.max
    }

    /// The settle bound the oracle enforces: `exactSettleTick` plus the integrator margin.
    public var settleTicks: Int {
        let exact = exactSettleTick
        guard exact != Int.max else { return Int.max }
        return exact + Int((Self.integratorMarginSeconds * tickRate).rounded(.up))
    }

    /// Displacement and velocity at time `t` (seconds).
    func state(at t: Double) -> (x: Double, v: Double) {
        let (c, s) = basis(at: t)
        return (x0 * c + (v0 + a * x0) * s, v0 * c - (omega0 * omega0 * x0 + a * v0) * s)
    }

    /// `e^{−at} C(t)` and `e^{−at} S(t)`.
    private func basis(at t: Double) -> (c: Double, s: Double) {
        switch regime {
        case .underdamped(let omega):
            let e = Double.exp(-a * t)
            return (e * Double.cos(omega * t), e * Double.sin(omega * t) / omega)
        case .critical:
            let e = Double.exp(-omega0 * t)
            return (e, e * t)
        case .overdamped(let omega, let slow):
            // e^{−at} cosh ωt = (e^{slow·t} + e^{(slow−2ω)t}) / 2 and
            // e^{−at} sinh(ωt)/ω = e^{slow·t} (1 − e^{−2ωt}) / 2ω: no overflow, no cancellation.
            let e = Double.exp(slow * t)
            return (e * (1 + Double.exp(-2 * omega * t)) / 2, e * -Double.expMinusOne(-2 * omega * t) / (2 * omega))
        }
    }

    /// Upper bounds of `|x|` and `|v|` at `t` that never increase once `t ≥ 1/decay`.
    private func envelope(at t: Double) -> (x: Double, v: Double) {
        let (c, s): (Double, Double) =
            switch regime {
            case .underdamped(let omega): (Double.exp(-a * t), Double.exp(-a * t) * min(t, 1 / omega))
            case .critical: (Double.exp(-omega0 * t), Double.exp(-omega0 * t) * t)
            case .overdamped(let omega, let slow):
                (Double.exp(slow * t), Double.exp(slow * t) * min(t, 1 / (2 * omega)))
            }
        return (abs(x0) * c + abs(v0 + a * x0) * s, abs(v0) * c + abs(omega0 * omega0 * x0 + a * v0) * s)
    }

    /// The rate of the slowest-decaying exponential in the solution.
    private var decay: Double {
        switch regime {
        case .underdamped: a
        case .critical: omega0
        case .overdamped(_, let slow): -slow
        }
    }
}
