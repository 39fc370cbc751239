import CropVocabulary
import RealModule

/// The path of a move between its start and its target: `springEnvelope` and `anchorKept`.
///
/// `springTiming` holds each frame within 0.1 of the declared spring's progress, a tolerance a
/// correct integrator needs; within it a critically damped move could overshoot by a tenth, and
/// it says nothing about the translation while the zoom moves. These two judge the path itself:
/// the progress a frame shows stays inside the declared spring's closed-form envelope, and the
/// anchored image point stays where an anchored move may put it.
struct PathWatch: Sendable {
    /// The last frame's progress, for the monotone rule of a critically damped spring.
    var lastProgress = 0.0
    /// log(s₁/s₀) of the running move, worked out at its first frame: the per-frame reading
    /// then costs one logarithm.
    var logRatio = 0.0
    /// The underdamped envelope e^{−ζω₀t}/√(1 − ζ²) at the last frame, and its factor per frame:
    /// a product per frame instead of an exponential.
    var envelope = 0.0
    var decayPerFrame = 0.0
    /// The spring's largest progress with the integrator's slack: how far along the anchored
    /// path a frame may be.
    var reach = 1.0
    /// The first frame off the path, reported when its move lands on its target (`reportPath`).
    var deviation: PathDeviation?
    /// Degrees a 90° button move has turned the photo so far, frame by frame, and the last
    /// frame's angle: the bound on a quarter-turn move's way round (`checkTurnWay`).
    var turned = 0.0
    var lastAngle = 0.0
}

struct PathDeviation: Sendable {
    /// The move it belongs to: a deviation of a move cut short is never reported on a later one.
    var from: Pose
    var property: Property
    var tick: Int
    var message: String
}

extension Oracle {
    /// What integrators add to the closed form: semi-implicit Euler at 60 Hz leaves the exact
    /// envelope by at most 0.0186 and overshoots less than the exact solution over the whole
    /// range policy `transitionSpring` admits (k 10–1000, ζ 0.5–1; measured on a grid of steps
    /// 0.01 in ζ). Half the progress tolerance covers it with room.
    static let envelopeSlack = SpringReference.progressTolerance / 2

    /// After each animated frame of a move with a declared spring and a target: the progress the
    /// frame shows, and where the anchored image point is. Frames a clamp holds are skipped: on a
    /// zoom limit the pose says nothing of the progress or the anchor; on a pan limit, nothing of
    /// the anchor along that axis (notes: "every animated frame must still satisfy every
    /// invariant", so the clamp wins). Turning moves are not judged here.
    mutating func checkPath(pose: Pose, tick: Int) {
        if runningMove.frames == 1 { path.deviation = nil }
        guard let spring = timing.spring else { return }
        if runningMove.turns { return checkTurnPath(pose, spring: spring, tick: tick) }
        guard let target = runningMove.target else { return }
        let from = runningMove.from
        if runningMove.frames == 1 { path = Self.startPath(from: from, to: target, spring: spring) }
        guard path.deviation == nil else { return }
        path.envelope *= path.decayPerFrame
        guard from.angle == 0, pose.angle == 0 else { return }
        let on = sides(of: pose).loose
        guard on.isDisjoint(with: [.zoomMin, .zoomMax]) else { return }
        let read = progress(of: pose, from: from, to: target, on: on)
        if let read { checkEnvelope(read, zeta: spring.dampingRatio, tick: tick) }
        if path.deviation == nil { checkAnchor(pose, from: from, target: target, progress: read, on: on, tick: tick) }
    }

    /// A fresh watch for a move from `from` to `target` on `spring`, at frame 0.
    private static func startPath(from: Pose, to target: Pose, spring: SpringReference) -> PathWatch {
        let zeta = spring.dampingRatio
        let underdamped = zeta < 1
        return PathWatch(
            logRatio: Double.log(target.scale / from.scale),
            envelope: underdamped ? 1 / ((1 - zeta) * (1 + zeta)).squareRoot() : 0,
            decayPerFrame: underdamped
                ? Double.exp(-zeta * (spring.stiffness / spring.mass).squareRoot() / spring.tickRate) : 0,
            reach: 1 + overshoot(zeta) + envelopeSlack)
    }

    /// Reports the path's first deviation when `running` lands on its target with its spring
    /// followed (a move that lands elsewhere, or off its spring, is named by that property).
    mutating func reportPath(of running: Move) {
        guard let d = path.deviation, d.from == running.from, running.frames > 0 else { return }
        path.deviation = nil
        fail(d.property, tick: d.tick, d.message)
    }

    /// The frame's progress u read back as `checkSpring` reads it (from the zoom, or from the
    /// translation of a move at one zoom), with the rounding it carries; nil when unreadable.
    private func progress(of pose: Pose, from: Pose, to target: Pose, on: LimitSet) -> (u: Double, rounding: Double)? {
        let ratio = target.scale / from.scale
        if abs(ratio - 1) > 1e-3 {
            let u =
                zoomLinear
                ? (pose.scale - from.scale) / (target.scale - from.scale)
                : Double.log(pose.scale / from.scale) / path.logRatio
            return (u, SpecTolerance.zoom / min(abs(path.logRatio), abs(ratio - 1)))
        }
        guard ratio == 1, on.isEmpty else { return nil }
        let dx = target.translation.x - from.translation.x, dy = target.translation.y - from.translation.y
        let (d, moved) =
            abs(dx) >= abs(dy)
            ? (dx, pose.translation.x - from.translation.x) : (dy, pose.translation.y - from.translation.y)
        guard abs(d) > 1e-3 else { return nil }
        return (
            moved / d, SpecTolerance.points * (1 + abs(from.translation.x) + abs(from.translation.y) + abs(d)) / abs(d)
        )
    }

    /// `springEnvelope`: a spring released from rest moves u from 0 toward 1. Critically damped
    /// (ζ = 1) it never turns back and never passes 1; underdamped, |1 − u| stays within the
    /// closed form's envelope e^{−ζω₀t}/√(1 − ζ²), and u never drops below 0.
    private mutating func checkEnvelope(_ read: (u: Double, rounding: Double), zeta: Double, tick: Int) {
        let (u, eps) = read
        var wrong: String?
        if zeta >= 1 {
            if u > 1 + eps {
                wrong = "past the target (a critically damped spring never overshoots)"
            } else if u < path.lastProgress - eps {
                wrong = "back from \(path.lastProgress) (a critically damped spring never turns back)"
            }
        } else {
            let envelope = path.envelope
            if u < -eps {
                wrong = "behind the start"
            } else if abs(1 - u) > envelope + Self.envelopeSlack + eps {
                wrong =
                    "\(abs(1 - u)) from the target, outside the envelope \(envelope) (+ \(Self.envelopeSlack) for the integrator)"
            }
        }
        path.lastProgress = u
        if let wrong {
            path.deviation = PathDeviation(
                from: runningMove.from, property: .springEnvelope, tick: tick,
                message:
                    "\(runningMove.property.rawValue) frame \(runningMove.frames) is at progress \(u), \(wrong); the spring is \(timing.name)"
            )
        }
    }
}

extension Oracle {
    /// The exact solution's largest overshoot past the target, from rest: e^{−ζπ/√(1 − ζ²)}.
    static func overshoot(_ zeta: Double) -> Double {
        zeta < 1 ? Double.exp(-zeta * Double.pi / ((1 - zeta) * (1 + zeta)).squareRoot()) : 0
    }

    /// `anchorKept` (R2.3 "anchored at the tap location to preserve focal point"; the slider and
    /// the VoiceOver steps about the mask center). The spec anchors each step and says nothing
    /// of the frames between; a frame passes on either path editors take:
    /// * anchored: the image point under the anchor when the move began is off the anchor, along
    ///   each axis no pan clamp holds, by no more than the target's own clamp puts it (c), on
    ///   c's side, times the spring's largest progress — the reference editor blends in u·c, an
    ///   editor that clamps each frame keeps it at 0;
    /// * a linear pan: the translation is t₀ + u·(t₁ − t₀) along each such axis.
    /// A correction of the wrong sign is on neither.
    private mutating func checkAnchor(
        _ pose: Pose, from: Pose, target: Pose, progress: (u: Double, rounding: Double)?,
        on: LimitSet, turned: Bool = false, tick: Int
    ) {
        let anchor = runningMove.anchor
        let q = SpecGeometry.imagePoint(from, under: anchor)
        let held =
            turned
            ? SpecGeometry.translation(showing: q, at: anchor, scale: pose.scale, angle: pose.angle)
            : SpecGeometry.translation(showing: q, at: anchor, scale: pose.scale)
        let landed =
            turned
            ? SpecGeometry.translation(showing: q, at: anchor, scale: target.scale, angle: target.angle)
            : SpecGeometry.translation(showing: q, at: anchor, scale: target.scale)
        let off = Point(x: pose.translation.x - held.x, y: pose.translation.y - held.y)
        let c = Point(x: target.translation.x - landed.x, y: target.translation.y - landed.y)
        let reach = path.reach
        let freeX = on.isDisjoint(with: [.panMinX, .panMaxX]), freeY = on.isDisjoint(with: [.panMinY, .panMaxY])
        let tol =
            SpecTolerance.points * (1 + abs(pose.translation.x) + abs(pose.translation.y) + abs(held.x) + abs(held.y))
        func within(_ d: Double, _ c: Double) -> Bool { d >= min(0, reach * c) - tol && d <= max(0, reach * c) + tol }
        if (!freeX || within(off.x, c.x)) && (!freeY || within(off.y, c.y)) { return }
        if let (u, rounding) = progress {
            let step = Point(x: target.translation.x - from.translation.x, y: target.translation.y - from.translation.y)
            let slack = tol + rounding * (abs(step.x) + abs(step.y))
            if (!freeX || abs(pose.translation.x - from.translation.x - u * step.x) <= slack)
                && (!freeY || abs(pose.translation.y - from.translation.y - u * step.y) <= slack)
            {
                return
            }
        }
        path.deviation = PathDeviation(
            from: from, property: .anchorKept, tick: tick,
            message:
                "\(runningMove.property.rawValue) frame \(runningMove.frames): the image point under the anchor (\(anchor.x), \(anchor.y)) pt is "
                + "(\(off.x), \(off.y)) pt off it, outside 0…\(reach) × (\(c.x), \(c.y)) (the target's clamp), and the frame is not on the linear pan either"
        )
    }
}

extension Oracle {
    /// `anchorKept` for a turn about the mask center (the 90° button, a snap on release;
    /// docs/rotation.md ROT-90, ROT-release): the image point under the mask center stays there,
    /// off it by no more than the spring's reach times the target's own clamp, or the frame is on
    /// the linear pan; u is read from the angle, as `checkSpring` reads it. A frame on any limit
    /// is skipped: every frame of a turn is clamped, and the clamp moves that point. Turning the
    /// correction the wrong way (off by twice the turned offset) is on neither path.
    private mutating func checkTurnAnchor(_ pose: Pose, from: Pose, target: Pose, tick: Int) {
        let on = sides(of: pose).loose
        guard on.isEmpty else { return }
        let turn = runningMove.turn
        let d = SpecGeometry.wrap(pose.angle - from.angle)
        let u = (d + 360 * ((turn - d) / 360).rounded()) / turn
        checkAnchor(
            pose, from: from, target: target, progress: (u, SpecTolerance.degrees / abs(turn)), on: on, turned: true,
            tick: tick)
    }

    /// A move that may turn the photo (the 90° button, a snap, or an action building on a turn
    /// in flight), kept off the common path: the way round of the button's moves, and the
    /// mask-center anchor of a turn whose target is known.
    private mutating func checkTurnPath(_ pose: Pose, spring: SpringReference, tick: Int) {
        if runningMove.property == .rotate90Target { checkTurnWay(pose, spring: spring, tick: tick) }
        guard runningMove.turn != 0, let target = runningMove.target else { return }
        let from = runningMove.from
        if runningMove.frames == 1 {
            let way = (path.turned, path.lastAngle)
            path = Self.startPath(from: from, to: target, spring: spring)
            (path.turned, path.lastAngle) = way
        }
        guard path.deviation == nil else { return }
        checkTurnAnchor(pose, from: from, target: target, tick: tick)
    }

    /// The 90° button turns "a quarter turn clockwise from where the photo is heading"
    /// (docs/rotation.md, ROT-90): at most three quarter turns ahead of the frame it is tapped
    /// on, so a move it starts turns the photo by less than a whole turn either way, plus the
    /// spring's overshoot (`reach`). Editors differ on whether a heading more than half a turn
    /// ahead is reached clockwise or the short way; a spin past a whole turn is neither.
    private mutating func checkTurnWay(_ pose: Pose, spring: SpringReference, tick: Int) {
        if runningMove.frames == 1 { (path.turned, path.lastAngle) = (0, runningMove.from.angle) }
        let before = path.turned
        path.turned += SpecGeometry.wrap(pose.angle - path.lastAngle)
        path.lastAngle = pose.angle
        let bound = 360 * (1 + Self.overshoot(spring.dampingRatio) + Self.envelopeSlack)
        // Told once, on the frame that passes the bound.
        guard abs(path.turned) > bound, abs(before) <= bound else { return }
        fail(
            .rotate90Target, tick: tick,
            "the 90° button's move has turned the photo \(path.turned)° by frame \(runningMove.frames); "
                + "its heading is at most three quarter turns clockwise ahead, so no more than \(bound)° (a whole turn and the spring's overshoot)"
        )
    }
}
