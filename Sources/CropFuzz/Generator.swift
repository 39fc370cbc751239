import CropModel
import CropScenario
import CropSim
import CropVocabulary
import RealModule

/// Turns a choice sequence into a trace. Every decision is one `ChoiceReader` draw whose 0 is
/// the simplest outcome — no more steps, the default device and photo, the default config, the
/// view center, the first (most ordinary) duration — so the shrinker simplifies traces by
/// lowering and deleting choices without knowing what they mean.
///
/// The distributions aim where clamp bugs live: pinches past both limits with zero and huge
/// spans, fingers crossing, second fingers landing mid-drag and lifting mid-pinch, double-taps at
/// the image edges and during animations, slider jumps, resizes and memory warnings mid-gesture,
/// Reduce Motion toggled mid-animation, and several events in one tick.
public struct Generator: Sendable {
    public var profile: FuzzProfile
    /// At most this many steps (gestures or system events) per trace.
    public var maxSteps: Int
    /// What the model under test implements: inputs it does not are never drawn (the choices are
    /// still read, masked, so that a model with every capability gets the traces it always got).
    public var capabilities: Capabilities

    public init(profile: FuzzProfile = .default, maxSteps: Int = 20, capabilities: Capabilities = .all) {
        self.profile = profile
        self.maxSteps = maxSteps
        self.capabilities = capabilities
    }

    /// The profile's weights for the kinds the model supports.
    var weights: [Int] {
        zip(InputKind.allCases, profile.orderedWeights).map { capabilities.isSuperset(of: $0.capability) ? $1 : 0 }
    }

    /// Whether the profile draws anything the model supports.
    public var drawsAnything: Bool { weights.contains { $0 > 0 } }

    /// The kinds the profile is for (`FuzzProfile.focus`) that the model does not support; when
    /// that is all of them the profile draws nothing it exists for, and a campaign is refused.
    public var unsupportedFocus: [InputKind] { profile.focusKinds.filter { !capabilities.isSuperset(of: $0.capability) } }

    /// Whether the profile draws at least one kind it exists for.
    public var drawsItsFocus: Bool { unsupportedFocus.count < profile.focusKinds.count }

    public func trace(_ r: inout ChoiceReader) -> Trace {
        let (view, sigma) = device(&r)
        let touchRate = r.chance(25) ? 120 : 60
        let reduceMotion = r.chance(25) && capabilities.contains(.reduceMotion)
        var photo = self.photo(&r)
        if !capabilities.contains(.exifOrientations) { photo.orientation = .up }
        var config = self.config(&r)
        if profile.rotates { config.allowRotation = r.chance(50) && capabilities.contains(.twist) }
        var trace = Trace(view: view, screenScale: sigma, touchRate: touchRate, reduceMotion: reduceMotion,
                          photo: photo, config: config, steps: [])
        var place = Place(view: view, trace: trace)
        let weights = self.weights
        var previous = (start: 100, end: 100)
        var lastLift = 0
        while trace.steps.count < maxSteps {
            // The "another step?" flag belongs to the step's span, so deleting a span keeps the
            // following steps aligned with their choices.
            r.beginSpan()
            guard r.chance(88) else { break }
            let kind = InputKind.allCases[r.weighted(weights)]
            var start = self.start(&r, after: previous)
            // Confirm waits for every finger to lift: touches after it would be ignored by design.
            if kind == .confirm { start = max(start, lastLift + 17) }
            let action = self.action(kind, &r, place: &place)
            let step = TraceStep(start: start, kind: kind, action: action)
            trace.steps.append(step)
            r.endSpan()
            previous = (start, max(start, step.endMilliseconds))
            lastLift = max(lastLift, step.endMilliseconds)
            // The session's gestures are over: the editor ignores later input by design. What
            // follows is the after-confirm flow: a scripted backend and some taps on Retry.
            if kind == .confirm {
                r.beginSpan()
                trace.backend = capabilities.contains(.upload) ? backend(&r) : nil
                var at = start
                for _ in 0..<(trace.backend == nil ? 0 : r.draw(below: 3)) {
                    at += r.pick([600, 2000, 5000, 9000])
                    trace.steps.append(TraceStep(start: at, kind: .retry, action: .retry))
                }
                r.endSpan()
                break
            }
        }
        return trace
    }

    // MARK: After confirm

    /// Upload outcomes, simplest first: success, then the retryable failures, then the ones that
    /// must not be retried.
    static let uploadResults = ["ok", "timeout", "dropped", "500", "503", "429", "408", "403", "404"]

    /// Nothing uploaded (0), or a user whose crop, uploads and profile updates end as drawn.
    func backend(_ r: inout ChoiceReader) -> TraceBackend? {
        guard r.draw(below: 4) > 0 else { return nil }
        func replies(_ count: Int, _ results: [String], _ latencies: [Int], _ r: inout ChoiceReader) -> [TraceBackend.Reply] {
            (0..<count).map { _ in TraceBackend.Reply(result: r.pick(results), latencyMs: r.pick(latencies)) }
        }
        return TraceBackend(
            avatarVersion: r.integer(in: 0...3),
            crops: replies(r.draw(below: 3), ["ok", "fail"], [150, 30, 600], &r),
            uploads: replies(r.draw(below: 7), Self.uploadResults, [300, 50, 1000, 2500], &r),
            profileUpdates: replies(r.draw(below: 3), ["ok", "fail"], [100, 20, 400], &r))
    }

    // MARK: Session

    /// iPhone SE (1st gen) to iPad Pro 12.9″, portrait first; then a random size.
    static let devices: [(width: Double, height: Double, sigma: Double)] = [
        (393, 852, 3), (320, 568, 2), (375, 667, 2), (390, 844, 3), (430, 932, 3), (440, 956, 3),
        (744, 1133, 2), (834, 1194, 2), (1024, 1366, 2),
    ]

    func device(_ r: inout ChoiceReader) -> (Size, Double) {
        let index = r.draw(below: Self.devices.count + 1)
        var (w, h, sigma) = index < Self.devices.count
            ? Self.devices[index]
            : (Double(r.integer(in: 320...1024)), Double(r.integer(in: 568...1366)), 2.0)
        if r.chance(20) { sigma = r.pick([1.0, 2, 3]) }
        if r.chance(30) { swap(&w, &h) }
        return (Size(width: w, height: h), sigma)
    }

    /// Short side from 320 px, aspect up to 1:40, all eight EXIF orientations.
    func photo(_ r: inout ChoiceReader) -> SourceImage {
        let width: Int, height: Int
        switch r.draw(below: 3) {
        case 0:
            (width, height) = (4032, 3024)
        case 1:
            (width, height) = r.pick([(4032, 3024), (3024, 4032), (320, 320), (640, 639), (639, 640), (12_800, 320),
                                      (320, 12_800), (1920, 1080), (8000, 6000), (641, 320)])
        default:
            let short = 320 + r.draw(below: 5681)
            let long = short * (10 + r.draw(below: 391)) / 10
            (width, height) = r.chance(50) ? (short, long) : (long, short)
        }
        return SourceImage(storedWidth: width, storedHeight: height, orientation: Orientation(rawValue: 1 + r.draw(below: 8))!)
    }

    /// The spec's defaults, or every field from a short list of edge values (maxZoomMultiplier 1
    /// and large quality multipliers collapse s_max onto s_min), the grid off, and JPEG output
    /// (whose upload must say image/jpeg and .jpg).
    func config(_ r: inout ChoiceReader) -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        guard r.chance(40) else { return c }
        c.outputSize = r.pick([512, 256, 1024, 2048, 128, 16, 8192])
        c.qualityMultiplier = r.pick([1.25, 1, 2, 4, 10, 100, 0.5, 0.01])
        c.maxZoomMultiplier = r.pick([4, 1, 2, 1.5, 10, 100])
        c.maskDiameterFraction = r.pick([0.82, 1, 0.5, 0.25, 0.05])
        c.minPixelPerPoint = r.pick([1, 0.5, 2, 3, 4, 0.01, 100])
        c.showGrid = r.pick([true, false])
        c.encoding = r.pick([.pngSRGB, .jpegSRGB(quality: 0.9), .jpegSRGB(quality: 0.5)])
        return c
    }

    /// Milliseconds: just after the previous step (during the animation it may have started),
    /// in the middle of it, in the same tick, or after a pause long enough to settle.
    func start(_ r: inout ChoiceReader, after previous: (start: Int, end: Int)) -> Int {
        switch r.draw(below: 4) {
        case 0: previous.end + 50 * r.draw(below: 5)
        case 1: previous.start + (previous.end - previous.start) * (1 + r.draw(below: 7)) / 8
        case 2: previous.start
        default: previous.end + 300 + 100 * r.draw(below: 20)
        }
    }

    /// What the generator knows about the screen when a step starts: the view (after resizes),
    /// the mask and where the image's edges are at the initial pose.
    struct Place {
        var view: Size
        var mask: Double
        var image: Size
        var reduceMotion: Bool
        let photo: SourceImage
        let screenScale: Double
        let config: AvatarCropperConfig

        init(view: Size, trace: Trace) {
            self.view = view
            reduceMotion = trace.reduceMotion
            photo = trace.photo
            screenScale = trace.screenScale
            config = trace.config
            mask = 0
            image = view
            update()
        }

        mutating func update() {
            let g = ZoomGeometry(source: photo, viewport: Viewport(size: view, screenScale: screenScale), config: config)
            mask = g.maskDiameter
            image = g.displayedSize(scale: g.initialPose.scale)
        }
    }

    // MARK: Steps

    func action(_ kind: InputKind, _ r: inout ChoiceReader, place: inout Place) -> TraceAction {
        switch kind {
        case .drag: return .touches(drag(&r, place))
        case .pinch: return .touches(pinch(&r, place, turn: 0, thirdFinger: false))
        case .doubleTap: return .touches(doubleTap(&r, place))
        case .handOver: return .touches(handOver(&r, place))
        case .crossing: return .touches(crossing(&r, place))
        case .thirdFinger: return .touches(pinch(&r, place, turn: 0, thirdFinger: true))
        case .slider:
            let jump = r.draw(below: 4)
            let percent = jump < 3 ? [0, 100, 50][jump] : r.integer(in: 0...100)
            return .slider(percent: percent, animated: !r.chance(30))
        case .increment: return .increment(1 + r.draw(below: 12))
        case .decrement: return .decrement(1 + r.draw(below: 12))
        case .recenter: return .recenter
        case .twist: return .touches(pinch(&r, place, turn: r.pick(Self.turns), thirdFinger: false))
        case .rotate90: return .rotate90
        case .resize:
            let w = place.view.width, h = place.view.height
            let size: Size = switch r.draw(below: 3) {
            case 0: Size(width: h, height: w)
            case 1: Size(width: Double(r.integer(in: 320...1366)), height: Double(r.integer(in: 320...1366)))
            default: r.pick([Size(width: 100, height: 100), Size(width: 4000, height: 4000), Size(width: 100, height: 4000)])
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
            p = switch r.draw(below: 4) {
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
            p = Point(x: -200 + (w + 400) * Double(r.draw(below: 101)) / 100, y: -200 + (h + 400) * Double(r.draw(below: 101)) / 100)
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
            for i in (down + 1)...up { samples.append(TouchSample(time: i * dt, point: Self.snap(at(i)), phase: .move)) }
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
        return [track(down: 0, up: n, dt: dt, hold: hold, end: end) { i in
            let f = Double(i) / Double(n)
            guard let via else { return lerp(from, to, f) }
            return f < 0.5 ? lerp(from, via, f * 2) : lerp(via, to, f * 2 - 1)
        }]
    }

    /// Spans from 0 (both fingers on one point) to far beyond the screen: the ratios go past
    /// both zoom limits.
    static let spans: [Double] = [100, 400, 50, 0, 1, 10, 200, 800, 2000, 6000]

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
        let fromSpan = r.pick(Self.spans)
        let toSpan = turn != 0 && r.chance(50) ? fromSpan : r.pick(Self.spans)
        let drift = r.chance(30) ? Point(x: 10 * Double(r.integer(in: -20...20)), y: 10 * Double(r.integer(in: -20...20))) : .zero
        let (dt, n, hold) = timing(&r)
        let lift = r.draw(below: 3)
        let early = 1 + r.draw(below: n)
        func at(_ i: Int, _ side: Double) -> Point {
            let e = Double(i) / Double(n)
            return center + drift * e + direction(start + turn * e) * (side * (fromSpan + (toSpan - fromSpan) * e) / 2)
        }
        var tracks = [
            track(down: 0, up: lift == 2 ? early : n, dt: dt, hold: lift == 2 ? 0 : hold) { at($0, -1) },
            track(down: 0, up: lift == 1 ? early : n, dt: dt, hold: lift == 1 ? 0 : hold) { at($0, 1) },
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
            track(down: land, up: lift, dt: dt, hold: 0) { lerp(b0, b1, Double($0 - land) / Double(lift - land)) },
        ]
    }

    /// Two fingers passing through each other: the span shrinks to about 0 and the fingers end
    /// on each other's side.
    func crossing(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let center = point(&r, place)
        let dir = direction(15 * Double(r.draw(below: 24)))
        let half = r.pick([100.0, 200, 20, 400, 2]) / 2
        let (dt, n, hold) = timing(&r)
        func at(_ i: Int, _ side: Double) -> Point { center + dir * (side * half * (1 - 2 * Double(i) / Double(n))) }
        return [track(down: 0, up: n, dt: dt, hold: hold) { at($0, -1) },
                track(down: 0, up: n, dt: dt, hold: hold) { at($0, 1) }]
    }

    /// Two taps at and around the recognizer's limits (0.3 s apart, 40 pt apart, 0.5 s long).
    func doubleTap(_ r: inout ChoiceReader, _ place: Place) -> [FingerTrack] {
        let p = point(&r, place)
        let interval = r.pick([150, 0, 300, 50, 17, 301, 500])
        let offset = direction(r.pick([0.0, 90, 45])) * r.pick([0.0, 40, 10, 41, 20])
        let duration = r.pick([50, 17, 0, 500, 501])
        return [track(down: 0, up: 0, dt: 0, hold: duration) { _ in p },
                track(down: 0, up: 0, dt: 0, hold: duration) { _ in p + offset }.delayed(by: interval)]
    }
}

extension FingerTrack {
    func delayed(by ms: Int) -> FingerTrack {
        FingerTrack(samples: samples.map { TouchSample(time: $0.time + ms, point: $0.point, phase: $0.phase) })
    }
}

extension InputKind {
    /// The capability the model needs for this kind of step (docs/model-protocol.md#capabilities).
    public var capability: Capabilities {
        switch self {
        case .drag, .pinch, .handOver, .crossing, .thirdFinger, .cancelTouches: []
        case .doubleTap: .doubleTap
        case .slider: .slider
        case .increment, .decrement: .voiceOverSteps
        case .recenter: .recenter
        case .resize: .resize
        case .reduceMotion: .reduceMotion
        case .memoryWarning: .memoryFallback
        case .confirm: .confirm
        case .retry: .upload
        case .twist: .twist
        case .rotate90: .rotate90
        }
    }
}
