import CropScenario
import CropSim
import CropVocabulary
import RealModule

extension Generator {
    // MARK: Steps

    func action(_ kind: InputKind, _ r: inout ChoiceReader, place: inout Place) -> TraceAction {
        switch kind {
        case .drag:
            if place.fresh && r.chance(15), let exact = exactDrag(&r, place) { return .touches(exact) }
            return .touches(drag(&r, place))
        case .pinch:
            if place.fresh && r.chance(25), let exact = exactPinch(&r, place) { return .touches(exact) }
            return .touches(pinch(&r, place, turn: 0, thirdFinger: false))
        case .doubleTap: return .touches(ladderTaps(&r, place) ?? doubleTap(&r, place))
        case .handOver: return .touches(handOver(&r, place))
        case .crossing: return .touches(crossing(&r, place))
        case .thirdFinger: return .touches(pinch(&r, place, turn: 0, thirdFinger: true))
        case .slider: return .slider(percent: sliderPercent(&r, place), animated: !r.chance(30))
        case .increment: return .increment(1 + r.draw(below: 12))
        case .decrement: return .decrement(1 + r.draw(below: 12))
        case .recenter: return .recenter
        case .twist:
            let turn = r.chance(20) ? boundaryTurn(&r, place) : r.pick(Self.turns)
            return .touches(pinch(&r, place, turn: turn, thirdFinger: false))
        case .rotate90: return .rotate90
        case .resize:
            let w = place.view.width, h = place.view.height
            let size: Size =
                switch r.draw(below: 4) {
                case 0: Size(width: h, height: w)
                case 1: Size(width: Double(r.integer(in: 320...1366)), height: Double(r.integer(in: 320...1366)))
                case 2:
                    r.pick([
                        Size(width: 100, height: 100), Size(width: 4000, height: 4000), Size(width: 100, height: 4000)
                    ])
                default: boundaryResize(&r, place)
                }
            place.view = size
            place.update()
            return .resize(size)
        case .reduceMotion:
            place.reduceMotion.toggle()
            return .reduceMotion(place.reduceMotion)
        case .memoryWarning: return .memoryWarning
        case .cancelTouches: return .cancelTouches
        case .confirm: return .confirm
        case .cancel: return .cancel
        case .retry: return .retry
        }
    }

    /// A point where things happen: the mask center, the mask's edge, the image's edge at the
    /// initial pose, the view's edges and corners, anywhere in the view, or off it.
    func point(_ r: inout ChoiceReader, _ place: Place) -> Point {
        let w = place.view.width, h = place.view.height, c = place.view.center
        let p: Point
        switch r.draw(below: 6) {
        case 0:
            p = c
        case 1:
            p = c + direction(45 * Double(r.draw(below: 8))) * (place.mask / 2)
        case 2:
            let along = Double(r.integer(in: -4...4)) / 10
            p =
                switch r.draw(below: 4) {
                case 0: Point(x: c.x - place.image.width / 2, y: c.y + along * min(h, place.image.height))
                case 1: Point(x: c.x + place.image.width / 2, y: c.y + along * min(h, place.image.height))
                case 2: Point(x: c.x + along * min(w, place.image.width), y: c.y - place.image.height / 2)
                default: Point(x: c.x + along * min(w, place.image.width), y: c.y + place.image.height / 2)
                }
        case 3:
            p = Point(x: r.pick([0, w, c.x, 1, w - 1]), y: r.pick([c.y, 0, h, 1, h - 1]))
        case 4:
            p = Point(x: w * Double(r.draw(below: 101)) / 100, y: h * Double(r.draw(below: 101)) / 100)
        default:
            p = Point(
                x: -200 + (w + 400) * Double(r.draw(below: 101)) / 100,
                y: -200 + (h + 400) * Double(r.draw(below: 101)) / 100)
        }
        return Self.snap(p)
    }

    /// Quarter points: exact in binary, short in JSON. Clamped to ±5000 so that the mirror
    /// image (W − x, W ≤ 4000) is still a coordinate a scenario accepts.
    static func snap(_ p: Point) -> Point {
        func q(_ v: Double) -> Double { (min(max(v, -5000), 5000) * 4).rounded() / 4 + 0 }
        return Point(x: q(p.x), y: q(p.y))
    }

    func direction(_ degrees: Double) -> Point {
        let radians = degrees * .pi / 180
        return Point(x: Double.cos(radians), y: Double.sin(radians))
    }

    /// Sample spacing in ms (a 60 Hz finger first; 0 puts several samples in one tick), the
    /// number of moves, and the rest before lifting.
    func timing(_ r: inout ChoiceReader) -> (dt: Int, moves: Int, hold: Int) {
        (r.pick([17, 8, 33, 1, 0, 50]), 1 + r.draw(below: 24), r.pick([0, 100, 300, 700]))
    }

    /// One finger's samples: down at index `down`, a move per index up to `up`, then the end
    /// phase after `hold` ms, positions from `at(index)`.
    func track(down: Int, up: Int, dt: Int, hold: Int, end: TouchPhase = .up, _ at: (Int) -> Point) -> FingerTrack {
        var samples = [TouchSample(time: down * dt, point: Self.snap(at(down)), phase: .down)]
        if up > down {
            for i in (down + 1)...up {
                samples.append(TouchSample(time: i * dt, point: Self.snap(at(i)), phase: .move))
            }
        }
        samples.append(TouchSample(time: up * dt + hold, point: Self.snap(at(up)), phase: end))
        return FingerTrack(samples: samples)
    }

    func lerp(_ a: Point, _ b: Point, _ f: Double) -> Point { a + (b - a) * f }

    func drag(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let from = point(&r, place), to = point(&r, place)
        let via = r.chance(30) ? point(&r, place) : nil
        let (dt, n, hold) = timing(&r)
        let end: TouchPhase = r.chance(10) ? .cancel : .up
        return [
            track(down: 0, up: n, dt: dt, hold: hold, end: end) { i in
                let f = Double(i) / Double(n)
                guard let via else { return lerp(from, to, f) }
                return f < 0.5 ? lerp(from, via, f * 2) : lerp(via, to, f * 2 - 1)
            }
        ]
    }

    /// Spans from 0 (both fingers on one point) to far beyond the screen: the ratios go past
    /// both zoom limits.
    static let spans: [Double] = [100, 400, 50, 0, 1, 10, 200, 800, 2000, 6000]

    /// One of `spans`; a plausible profile's fingers stay a fingertip apart.
    func span(_ r: inout ChoiceReader, _ place: Place) -> Double {
        let span = r.pick(Self.spans)
        return place.plausible ? max(span, TouchBounds.fingertip + 1) : span
    }

    /// Turns that matter: under the 10° threshold, into a snap window from either side (85°, 95°,
    /// −95°), through one and out, half and full turns, past any tilt limit.
    static let turns: [Double] = [40, -40, 95, 9, 12, 100, -185, 360, 87, 14, 50, -95, 190, 730, 1, -12]

    /// Two fingers symmetric about a (drifting) center, their span going from one of `spans` to
    /// another and their direction turning by `turn` degrees: a pinch (0), or a twist whose span
    /// may stay put (half the time), change (twist-pinch) and whose center may drift (twist-pan).
    /// One finger may lift early and the other go on as a drag; with `thirdFinger`, a third lands
    /// and lifts in between.
    func pinch(_ r: inout ChoiceReader, _ place: Place, turn: Double, thirdFinger: Bool) -> [FingerTrack] {
        let center = point(&r, place)
        let start = 15 * Double(r.draw(below: 24))
        let fromSpan = self.span(&r, place)
        let toSpan = turn != 0 && r.chance(50) ? fromSpan : self.span(&r, place)
        let drift =
            r.chance(30)
            ? Point(x: 10 * Double(r.integer(in: -20...20)), y: 10 * Double(r.integer(in: -20...20))) : .zero
        let (dt, n, hold) = timing(&r)
        let lift = r.draw(below: 3)
        let early = 1 + r.draw(below: n)
        func at(_ i: Int, _ side: Double) -> Point {
            let e = Double(i) / Double(n)
            return center + drift * e + direction(start + turn * e) * (side * (fromSpan + (toSpan - fromSpan) * e) / 2)
        }
        var tracks = [
            track(down: 0, up: lift == 2 ? early : n, dt: dt, hold: lift == 2 ? 0 : hold) { at($0, -1) },
            track(down: 0, up: lift == 1 ? early : n, dt: dt, hold: lift == 1 ? 0 : hold) { at($0, 1) }
        ]
        if thirdFinger {
            let third = point(&r, place)
            let down = r.draw(below: n + 1)
            tracks.append(track(down: down, up: down + r.draw(below: n + 2 - down), dt: dt, hold: 0) { _ in third })
        }
        return tracks
    }

    /// A drag whose second finger lands mid-drag, pinches, and lifts before or after the first.
    func handOver(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let a0 = point(&r, place), a1 = point(&r, place)
        let b0 = point(&r, place), b1 = point(&r, place)
        let (dt, n, hold) = timing(&r)
        let land = r.draw(below: n)
        let lift = land + 1 + r.draw(below: n + 4 - land)
        return [
            track(down: 0, up: n, dt: dt, hold: hold) { lerp(a0, a1, Double($0) / Double(n)) },
            track(down: land, up: lift, dt: dt, hold: 0) { lerp(b0, b1, Double($0 - land) / Double(lift - land)) }
        ]
    }

    /// Two fingers passing through each other: the span shrinks to about 0 and the fingers end
    /// on each other's side.
    func crossing(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let center = point(&r, place)
        let turnStart = r.draw(below: 24)
        let dir = direction(15 * Double(turnStart))
        let half = r.pick([100.0, 200, 20, 400, 2]) / 2
        let (dt, n, hold) = timing(&r)
        // Fingers cannot pass through each other: a plausible profile's swap sides by turning
        // half a turn about each other, a fingertip apart at the closest.
        let closest = place.plausible ? TouchBounds.fingertip / 2 + 1 : 0
        func at(_ i: Int, _ side: Double) -> Point {
            let e = Double(i) / Double(n)
            guard closest > 0 else { return center + dir * (side * half * (1 - 2 * e)) }
            let angle = 15 * Double(turnStart) + 180 * e
            return center + direction(angle) * (side * max(half * abs(1 - 2 * e), closest))
        }
        return [
            track(down: 0, up: n, dt: dt, hold: hold) { at($0, -1) },
            track(down: 0, up: n, dt: dt, hold: hold) { at($0, 1) }
        ]
    }

    /// Two taps at and around the recognizer's limits (0.3 s apart, 40 pt apart, 0.5 s long).
    func doubleTap(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let p = point(&r, place)
        let interval = r.pick([150, 0, 300, 50, 17, 301, 500])
        let offset = direction(r.pick([0.0, 90, 45])) * r.pick([0.0, 40, 10, 41, 20])
        let duration = r.pick([50, 17, 0, 500, 501])
        return [
            track(down: 0, up: 0, dt: 0, hold: duration) { _ in p },
            track(down: 0, up: 0, dt: 0, hold: duration) { _ in p + offset }.delayed(by: interval)
        ]
    }
}
