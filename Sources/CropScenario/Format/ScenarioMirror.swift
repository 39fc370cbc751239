import CropModel
import CropVocabulary

/// The metamorphic mirror: a scenario reflected left to right must end in the reflected state —
/// the same scale and ty, the negated tx.
///
/// Every x becomes `W − x` (percentages `100 − p`), pinch and two-finger angles `180° − a`, drifts
/// flip, and the photo's EXIF orientation becomes its mirror image (its upright size, all the zoom
/// math sees, is unchanged). Only for scenarios without resizes: the view grows from its top-left
/// origin, so a resize between touches that belong together is no mirror symmetry (the parser
/// refuses `"metamorphic": ["mirror"]` with resize steps).
extension Scenario {
    public var mirrored: Scenario {
        var m = self
        m.image.source.orientation = image.source.orientation.mirrored
        m.metamorphic = []
        let width = device.view.width
        func x(_ c: Coordinate) -> Coordinate {
            switch c {
            case .points(let v): .points(width - v)
            case .percent(let p): .percent(100 - p)
            }
        }
        func point(_ p: ViewPoint) -> ViewPoint { ViewPoint(x: x(p.x), y: p.y) }
        func angle(_ a: Double) -> Double { 180 - a }
        m.steps = steps.map { step in
            var s = step
            switch step.action {
            case .drag(var d):
                d.points = d.points.map(point)
                s.action = .drag(d)
            case .pinch(var p):
                p.center = point(p.center)
                p.drift = Point(x: -p.drift.x, y: p.drift.y)
                p.angle = angle(p.angle)
                p.rotation = -p.rotation
                s.action = .pinch(p)
            case .twoFingerDrag(var d):
                d.from = point(d.from)
                d.to = point(d.to)
                d.angle = angle(d.angle)
                s.action = .twoFingerDrag(d)
            case .tap(let p): s.action = .tap(point(p))
            case .doubleTap(let p, let interval): s.action = .doubleTap(point(p), interval: interval)
            case .longTouch(let p, let duration): s.action = .longTouch(point(p), duration: duration)
            case .touches(let tracks):
                s.action = .touches(
                    tracks.map { track in
                        var t = track
                        switch track.body {
                        case .samples(let samples):
                            t.body = .samples(
                                samples.map { RawSample(time: $0.time, point: point($0.point), phase: $0.phase) })
                        case .actions(let actions):
                            t.body = .actions(
                                actions.map { a in
                                    switch a {
                                    case .down(let p): .down(point(p))
                                    case .move(let to, let duration): .move(to: point(to), duration: duration)
                                    default: a
                                    }
                                })
                        }
                        return t
                    })
            default:
                break
            }
            return s
        }
        return m
    }
}
