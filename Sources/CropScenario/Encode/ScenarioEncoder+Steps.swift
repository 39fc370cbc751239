import CropText
import CropVocabulary

/// Steps: each action in its shortest form (defaults left out; a pinch whose span stays and
/// that turns is written as `pinch`, which reads back to the same value as `rotate`).
extension ScenarioEncoder {
    static func step(_ s: Step, note: String?) -> String {
        object([("at", number(s.time))] + (note.map { [("note", jsonString($0))] } ?? []) + [(s.action.name, action(s.action))])
    }

    static func action(_ a: Action) -> String {
        switch a {
        case .drag(let d): drag(d)
        case .pinch(let p): pinch(p)
        case .twoFingerDrag(let d): twoFingerDrag(d)
        case .tap(let p): point(p)
        case .doubleTap(let p, let interval):
            interval == Gesture.doubleTapInterval ? point(p) : object([("at", point(p)), ("interval", number(interval))])
        case .longTouch(let p, let duration):
            object([("at", point(p))] + optional("duration", duration, Gesture.longTouchDuration))
        case .touches(let tracks): array(tracks.map(track))
        case .slider(let percent, let animated): animated ? number(percent) : object([("to", number(percent)), ("animated", "false")])
        case .increment(let n), .decrement(let n): "\(n)"
        case .resize(let size): self.size(size)
        case .reduceMotion(let on): "\(on)"
        case .recenter, .rotate90, .memoryWarning, .cancelTouches, .confirm, .cancel, .retry: "true"
        }
    }

    static func drag(_ d: Drag) -> String {
        let points: [(String, String)] = d.points.count == 2
            ? [("from", point(d.points[0])), ("to", point(d.points[1]))] : [("path", array(d.points.map(point)))]
        return object(points + optional("duration", d.duration, 0.3) + easing(d.easing) + optional("hold", d.hold, 0))
    }

    static func pinch(_ p: Pinch) -> String {
        var members = p.center == .center ? [] : [("center", point(p.center))]
        members += [("from", number(p.fromSpan)), ("to", number(p.toSpan))]
        members += optional("duration", p.duration, 0.4) + easing(p.easing)
        if p.drift != .zero { members.append(("drift", array([number(p.drift.x), number(p.drift.y)]))) }
        members += optional("angle", p.angle, 0) + optional("rotate", p.rotation, 0) + optional("hold", p.hold, 0)
        return object(members)
    }

    static func twoFingerDrag(_ d: TwoFingerDrag) -> String {
        object([("from", point(d.from)), ("to", point(d.to))] + optional("span", d.span, 120) + optional("duration", d.duration, 0.3)
            + easing(d.easing) + optional("angle", d.angle, 0))
    }

    static func track(_ t: TouchTrack) -> String {
        switch t.body {
        case .actions(let actions): object([("finger", jsonString(t.finger)), ("actions", array(actions.map(pointerAction)))])
        case .samples(let samples): object([("finger", jsonString(t.finger)), ("samples", sampleLines(samples))])
        }
    }

    /// Raw samples one per line under their step: a recorded finger holds hundreds, which a
    /// reader scans (and trims) line by line.
    static func sampleLines(_ samples: [RawSample]) -> String {
        samples.isEmpty ? "[]" : "[\n        " + samples.map(sample).joined(separator: ",\n        ") + "\n      ]"
    }

    static func pointerAction(_ a: PointerAction) -> String {
        switch a {
        case .down(let p): object([("type", "\"down\""), ("at", point(p))])
        case .move(let p, let duration): object([("type", "\"move\""), ("to", point(p))] + optional("duration", duration, 0))
        case .pause(let duration): object([("type", "\"pause\""), ("duration", number(duration))])
        case .up: object([("type", "\"up\"")])
        case .cancel: object([("type", "\"cancel\"")])
        }
    }

    static func sample(_ s: RawSample) -> String {
        object([("t", number(s.time)), ("at", point(s.point)), ("phase", jsonString(s.phase.rawValue))])
    }

    /// `[x, y]` in points or `"NN%"`; `"center"` for the view's center.
    static func point(_ p: ViewPoint) -> String {
        func coordinate(_ c: Coordinate) -> String {
            switch c {
            case .points(let v): number(v)
            case .percent(let v): jsonString(number(v) + "%")
            }
        }
        return p == .center ? "\"center\"" : array([coordinate(p.x), coordinate(p.y)])
    }

    static func easing(_ e: Easing) -> [(String, String)] { e == .easeInOut ? [] : [("easing", jsonString(e.rawValue))] }

    static func optional(_ key: String, _ value: Double, _ standard: Double) -> [(String, String)] {
        value == standard ? [] : [(key, number(value))]
    }
}
