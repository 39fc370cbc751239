import CropSim
import CropVocabulary
import RealModule

/// Twists from the initial pose (angle 0) that ask for an angle exactly: a snap window's edge
/// (±5°, docs/rotation.md), a half turn (±180°, where angles are normalized into (−180, 180]) or
/// a turn and a half (±540°: the scenario format lets one twist turn two whole turns, and the
/// normalization must fold the extra turn onto 180°, not −180°).
///
/// The recognizer reads the fingers' direction as atan2 in degrees and adds up the changes; a
/// twist's rotation is that sum minus the 10° recognition threshold. Few directions come out of
/// atan2 as whole degrees, and 15° (the threshold plus a window) is not one of them, so the
/// moving finger starts straight below or above the still one (exactly ±90°) and steps through
/// whole-degree directions that are reachable (±105° is): every change is then a whole number
/// and the sum is exact. Off the quarter grid, so these traces get no mirror check, like the
/// other exact gestures.
extension Generator {
    /// The finger's distance from the still one: far above a fingertip, and a turn of 80° in one
    /// 17 ms sample moves it 129 pt, within `TouchBounds.maxSpeed` (136 pt).
    static let twistRadius = 100.0

    /// The largest change of direction in one sample; the recognizer ignores 90° or more.
    static let twistStep = 80.0

    func exactTwist(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack]? {
        let sign = r.chance(50) ? -1.0 : 1
        let goal = r.pick([5.0, 180, 540])
        let total = sign * (RecognizerSettings.standard.rotationThreshold + goal)
        let radius = Self.twistRadius
        guard min(place.view.width, place.view.height) >= 2 * radius + 2 else { return nil }
        let still = Generator.snap(place.view.center)
        let start = 90 * sign
        var points = [still + Point(x: 0, y: radius * sign)]
        let steps = Int((abs(total) / Self.twistStep).rounded(.up))
        for k in 1...steps {
            // Whole degrees on the way (a neighbour when one is not reachable); the last exact.
            let way = k == steps ? total : (total * Double(k) / Double(steps)).rounded()
            let tries = k == steps ? [0.0] : [0, 1, -1, 2, -2]
            guard
                let p = tries.lazy.compactMap({
                    Self.exactDirection(from: still, radius: radius, degrees: Self.wrap(start + way + $0))
                }).first
            else { return nil }
            points.append(p)
        }
        let dt = 17, hold = r.pick([100, 0, 300])
        let end = steps * dt + hold
        let moving = points.enumerated().map { i, p in
            TouchSample(time: i * dt, point: p, phase: i == 0 ? .down : .move)
        }
        return [
            FingerTrack(samples: [
                TouchSample(time: 0, point: still, phase: .down), TouchSample(time: end, point: still, phase: .up)
            ]),
            FingerTrack(samples: moving + [TouchSample(time: end, point: points[points.count - 1], phase: .up)])
        ]
    }

    /// How far from the exact point `exactDirection` looks, in ulps of each coordinate: ±105° at
    /// 100 pt from 600 random centres was always found within the first 31 points it tries.
    static let ulpSearch = 24

    /// A point `radius` from `center` whose direction, read as the recognizer reads the second
    /// finger's from the first (`atan2` of the difference, × 180 / π), is exactly `degrees`:
    /// the nearest points first, each coordinate nudged by ulps. Nil when none nearby is.
    static func exactDirection(from center: Point, radius: Double, degrees: Double) -> Point? {
        let radians = degrees * .pi / 180
        let x0 = center.x + radius * Double.cos(radians), y0 = center.y + radius * Double.sin(radians)
        func nudged(_ v: Double, _ k: Int) -> Double {
            var v = v
            for _ in 0..<abs(k) { v = k > 0 ? v.nextUp : v.nextDown }
            return v
        }
        for reach in 0...(2 * ulpSearch) {
            for i in -min(reach, ulpSearch)...min(reach, ulpSearch) where reach - abs(i) <= ulpSearch {
                let rest = reach - abs(i)
                for j in rest == 0 ? [0] : [rest, -rest] {
                    let p = Point(x: nudged(x0, i), y: nudged(y0, j))
                    let d = p - center
                    if Double.atan2(y: d.y, x: d.x) * 180 / .pi == degrees { return p }
                }
            }
        }
        return nil
    }

    /// The same direction in (−180, 180], as the recognizer's atan2 reads it; a turn and a half
    /// is more than one period away. The remainder is exact, so whole degrees stay whole.
    static func wrap(_ degrees: Double) -> Double {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d > 180 ? d - 360 : d <= -180 ? d + 360 : d
    }
}
