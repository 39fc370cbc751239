import CropSim
import CropVocabulary
import Foundation

/// How interesting a simulated trace is to targeted search (`TargetSearch`): bugs at a limit
/// show only when a request lands on it or within rounding of it, and bugs of rare combinations
/// only when the events meet. Read from the frames the judge already simulated and the spec's
/// points (`SpecPoints`), never from `CropModel`, so a wrong model is still steered toward the
/// spec's limits, not its own.
///
/// The utility is the closest any request came to a limit, as decimal digits of agreement
/// (`closeness`: 0 at 100 % away or more, 1 at 10 %, 9 at 1e-9 relative, 17 exactly on it), plus 2 for
/// each rare combination, at most four: a tick in which two or more steps start, and a resize or
/// Reduce Motion switch while an animation or a gesture is in flight.
public enum TargetUtility {
    /// Bonus per rare combination, and how many count.
    static let combinationBonus = 2.0
    static let maxCombinations = 4

    public static func of(_ trace: Trace, frames: [FrameRecord]) -> Double {
        requestCloseness(trace, frames: frames) + combinationBonus * Double(min(combinations(trace, frames: frames), maxCombinations))
    }

    /// Digits of agreement of a relative distance: −log10, within 0…17.
    static func closeness(_ distance: Double) -> Double {
        guard distance.isFinite else { return 0 }
        return min(17, max(0, -log10(max(distance, 1e-17))))
    }

    /// The closest a gesture's request came to a limit: a one-finger drag's pan to the pan limit,
    /// a two-finger gesture's zoom to s_min or s_max and (with rotation) its turn to the tilt
    /// limit or the snap window's edge. A request is restated as the spec does (the pose when the
    /// fingers settled, moved by the fingers since), with the limits of the view in that frame.
    static func requestCloseness(_ trace: Trace, frames: [FrameRecord]) -> Double {
        var best = 0.0
        var points: (view: Size, spec: SpecPoints)?
        var start: FrameRecord?
        for frame in frames {
            guard !frame.touches.isEmpty else { start = nil; continue }
            guard let from = start, from.touches.count == frame.touches.count else { start = frame; continue }
            if points?.view != frame.view {
                points = (frame.view, SpecPoints(view: frame.view, sigma: trace.screenScale, photo: trace.photo, config: trace.config))
            }
            let spec = points!.spec
            if frame.touches.count == 1 {
                best = max(best, panCloseness(from: from, to: frame, spec: spec))
            } else if frame.touches.count == 2 {
                best = max(best, pinchCloseness(from: from, to: frame, spec: spec, turns: trace.config.allowRotation))
            }
        }
        return best
    }

    /// t₀ + (p − p₀) against ±(W/σ·s − D)/2 on each axis the finger moved along (a request it
    /// did not move is the pose itself, on the limit whenever the clamp put it there).
    static func panCloseness(from: FrameRecord, to frame: FrameRecord, spec: SpecPoints) -> Double {
        let limit = spec.panLimit(frame.pose.scale)
        let dx = frame.touches[0].x - from.touches[0].x, dy = frame.touches[0].y - from.touches[0].y
        let x = dx == 0 ? 0 : closeness(abs(abs(from.pose.translation.x + dx) - limit.x) / max(limit.x, 1))
        let y = dy == 0 ? 0 : closeness(abs(abs(from.pose.translation.y + dy) - limit.y) / max(limit.y, 1))
        return max(x, y)
    }

    /// s₀ · span / span₀ against s_min and s_max; with rotation, φ₀ + Δangle against the tilt
    /// limit and the 5° snap window's edge; each only when the fingers changed it.
    static func pinchCloseness(from: FrameRecord, to frame: FrameRecord, spec: SpecPoints, turns: Bool) -> Double {
        func span(_ t: [Point]) -> Double { ((t[1].x - t[0].x) * (t[1].x - t[0].x) + (t[1].y - t[0].y) * (t[1].y - t[0].y)).squareRoot() }
        func angle(_ t: [Point]) -> Double { atan2(t[1].y - t[0].y, t[1].x - t[0].x) * 180 / .pi }
        let ratio = span(frame.touches) / max(span(from.touches), 1e-9)
        let s = from.pose.scale * ratio
        var best = ratio == 1 ? 0 : max(closeness(abs(s / spec.sMin - 1)), closeness(abs(s / spec.sMax - 1)))
        let turn = angle(frame.touches) - angle(from.touches)
        guard turns, turn != 0 else { return best }
        let requested = from.pose.angle + turn
        let tilt = abs(requested - 90 * (requested / 90).rounded())
        best = max(best, closeness(abs(tilt - spec.tiltLimit) / max(spec.tiltLimit, 1)), closeness(abs(tilt - 5) / 5))
        return best
    }

    /// Steps that start in a tick another step started in, plus resizes and Reduce Motion
    /// switches that start while the frame before shows an animation or a finger down.
    static func combinations(_ trace: Trace, frames: [FrameRecord]) -> Int {
        let ticks = trace.steps.map { Trace.tick($0.start) }
        var count = zip(ticks, ticks.dropFirst()).filter { $0 == $1 }.count
        for (step, tick) in zip(trace.steps, ticks) {
            switch step.action {
            case .resize, .reduceMotion:
                if let before = frame(at: tick - 1, in: frames), before.animating || !before.touches.isEmpty { count += 1 }
            default: continue
            }
        }
        return count
    }

    /// The frame of `tick` (frames are in tick order), if simulated.
    static func frame(at tick: Int, in frames: [FrameRecord]) -> FrameRecord? {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].tick < tick { lo = mid + 1 } else { hi = mid }
        }
        return lo < frames.count && frames[lo].tick == tick ? frames[lo] : nil
    }
}
