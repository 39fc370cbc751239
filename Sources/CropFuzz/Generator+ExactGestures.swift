import CropSim
import CropSpec
import CropVocabulary

/// Gestures from the initial pose that request a limit exactly, or one ulp or one tolerance
/// past or short of it. Quarter points miss a limit by about 1e-3 of it, so these fingers move
/// along one axis, off the quarter grid: the request is then the difference of two coordinates,
/// within an ulp of the drawn value. Such traces get no mirror check (`Trace.hasMirrorImage`):
/// W − x is not exact off the grid.
extension Generator {
    /// One finger stays put and the other moves along a horizontal line until the span ratio
    /// requests s_max, s_min or a ladder rung from the initial zoom. Nil when the ratio needs
    /// more room than the view has for fingers a fingertip apart. With rotation allowed, some
    /// are an `exactTwist` instead (the twist is a pinch whose fingers turn).
    func exactPinch(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack]? {
        if r.chance(40) && place.config.allowRotation { return exactTwist(&r, place) }
        let spec = place.spec
        return exactPinch(
            to: r.near(r.pick([spec.sMax, spec.sMin] + spec.rungs), relative: SpecTolerance.zoom), &r, place)
    }

    /// The fingers of an `exactPinch` that requests zoom `goal` from the initial pose.
    func exactPinch(to goal: Double, _ r: inout ChoiceReader, _ place: Place) -> [FingerTrack]? {
        let ratio = goal / place.spec.initialScale
        let room = place.view.width - 2
        let from = min(200, (room / max(1, ratio)).rounded(.down))
        let to = from * ratio
        guard ratio.isFinite, min(from, to) > TouchBounds.fingertip + 1, max(from, to) <= room else { return nil }
        let left = ((place.view.width - max(from, to)) / 2).rounded(.down)
        let y = Generator.snap(place.view.center).y
        let dt = 17
        let n = max(
            1 + r.draw(below: 12), Int((abs(to - from) / (TouchBounds.maxSpeed * Double(dt) * 0.9)).rounded(.up)))
        let hold = r.pick([100, 0, 300])
        func track(_ x: (Int) -> Double) -> FingerTrack {
            var samples = [TouchSample(time: 0, point: Point(x: x(0), y: y), phase: .down)]
            for i in 1...n { samples.append(TouchSample(time: i * dt, point: Point(x: x(i), y: y), phase: .move)) }
            samples.append(TouchSample(time: n * dt + hold, point: Point(x: x(n), y: y), phase: .up))
            return FingerTrack(samples: samples)
        }
        return [track { _ in left }, track { i in left + (i == n ? to : from + (to - from) * Double(i) / Double(n)) }]
    }

    /// A drag that pans from the initial pose exactly to a pan limit (either side, either axis),
    /// or an ulp or a tolerance past or short of it. The pan counts from the sample that passed
    /// the 10 pt drag threshold (docs/simulator.md), so the finger first moves 12 pt.
    func exactDrag(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack]? {
        let limits = place.spec.panLimit(place.spec.initialScale)
        let horizontal = !r.chance(50)
        let sign = r.chance(50) ? -1.0 : 1
        let goal = sign * r.near(horizontal ? limits.x : limits.y, tolerance: SpecTolerance.points)
        let slop = 12.0 * sign
        let side = horizontal ? place.view.width : place.view.height
        let travel = abs(goal + slop)
        guard travel <= side - 2 else { return nil }
        // Start where the whole path stays on the view.
        let from = sign > 0 ? ((side - travel) / 2).rounded(.down) : ((side + travel) / 2).rounded(.up)
        let dt = 17
        let n = 1 + Int((travel / (TouchBounds.maxSpeed * Double(dt) * 0.9)).rounded(.up))
        let across = Generator.snap(place.view.center)
        func at(_ d: Double) -> Point {
            horizontal ? Point(x: from + d, y: across.y) : Point(x: across.x, y: from + d)
        }
        var samples = [
            TouchSample(time: 0, point: at(0), phase: .down),
            TouchSample(time: dt, point: at(slop), phase: .move)
        ]
        for i in 1...n {
            let d = i == n ? goal : goal * Double(i) / Double(n)
            samples.append(TouchSample(time: (i + 1) * dt, point: at(slop + d), phase: .move))
        }
        samples.append(TouchSample(time: (n + 1) * dt + 100, point: samples[samples.count - 1].point, phase: .up))
        return [FingerTrack(samples: samples)]
    }
}
