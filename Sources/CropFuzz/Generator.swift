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
    public var unsupportedFocus: [InputKind] {
        profile.focusKinds.filter { !capabilities.isSuperset(of: $0.capability) }
    }

    /// Whether the profile draws at least one kind it exists for.
    public var drawsItsFocus: Bool { unsupportedFocus.count < profile.focusKinds.count }

    public func trace(_ r: inout ChoiceReader) -> Trace {
        let (view, sigma) = device(&r)
        let touchRate = r.chance(25) ? 120 : 60
        let reduceMotion = r.chance(25) && capabilities.contains(.reduceMotion)
        var photo = self.photo(&r)
        if !capabilities.contains(.exifOrientations) { photo.orientation = .up }
        var config = self.config(&r, view: view, sigma: sigma, photo: photo)
        if profile.rotates { config.allowRotation = r.chance(50) && capabilities.contains(.twist) }
        // Drawn from the profile's weights, not the model's: the same choices whatever it supports.
        let swarm = Swarm(&r, weights: profile.orderedWeights)
        var trace = Trace(
            view: view, screenScale: sigma, touchRate: touchRate, reduceMotion: reduceMotion,
            photo: photo, config: config, steps: [])
        var place = Place(view: view, trace: trace, plausible: profile.plausible)
        let weights = swarm.weights(self.weights)
        var previous = (start: 100, end: 100)
        var lastLift = 0
        while trace.steps.count < maxSteps {
            // The "another step?" flag belongs to the step's span, so deleting a span keeps the
            // following steps aligned with their choices.
            r.beginSpan()
            guard r.chance(88) else { break }
            var kind: InputKind, start: Int
            if let follow = followUp(&r, after: trace.steps.last, weights: weights) {
                kind = follow.kind
                start = follow.start
            } else {
                kind = InputKind.allCases[r.weighted(weights)]
                // One session in four that ends ends with Cancel: what follows it must be ignored too.
                if kind == .confirm && r.chance(25) { kind = .cancel }
                start = self.start(&r, after: previous, burst: swarm.burst)
            }
            // Confirm waits for every finger to lift: touches after it would be ignored by design.
            if kind == .confirm || kind == .cancel { start = max(start, lastLift + 17) }
            let action = self.action(kind, &r, place: &place)
            place.fresh = false
            let step = TraceStep(start: start, kind: kind, action: action)
            trace.steps.append(step)
            r.endSpan()
            previous = (start, max(start, step.endMilliseconds))
            lastLift = max(lastLift, step.endMilliseconds)
            // The session's gestures are over: the editor ignores later input by design, and
            // sometimes gets some. After confirm comes its flow: a scripted backend and some taps
            // on Retry.
            if kind == .confirm || kind == .cancel {
                let last = afterSession(
                    &r, &trace, place: &place, weights: weights, from: start, touches: kind == .cancel)
                if kind == .confirm { afterConfirm(&r, &trace, at: last) }
                break
            }
        }
        if profile.plausible { PlausibleTouches.apply(to: &trace) }
        return trace
    }

    /// One session in three goes on after Confirm or Cancel with a few gestures or accessibility
    /// actions: the editor must ignore them (until a failed crop resumes editing, which judges
    /// them as editing again). System events are left out: an editor may still take a resize
    /// or a memory warning after the session, which the oracle does not follow. After Confirm
    /// no finger lands either (`touches` false): a crop that fails under a finger that landed
    /// while it ran would resume editing mid-touch, which the editor ignores by design
    /// (docs/upload.md) and the recognizer does not. Returns the last step's start, where the
    /// after-confirm flow's Retry taps count from.
    func afterSession(
        _ r: inout ChoiceReader, _ trace: inout Trace, place: inout Place, weights: [Int], from start: Int,
        touches: Bool
    ) -> Int {
        r.beginSpan()
        defer { r.endSpan() }
        let kept = touches ? Self.touchKinds.union(Self.actionKinds) : Self.actionKinds
        let weights = zip(InputKind.allCases, weights).map { kept.contains($0) ? $1 : 0 }
        guard r.chance(33), weights.contains(where: { $0 > 0 }) else { return start }
        var previous = (start: start, end: start)
        for _ in 0...r.draw(below: 3) {
            let kind = InputKind.allCases[r.weighted(weights)]
            let at = self.start(&r, after: previous, burst: false) + 17
            let step = TraceStep(start: at, kind: kind, action: action(kind, &r, place: &place))
            trace.steps.append(step)
            previous = (at, max(at, step.endMilliseconds))
        }
        return previous.start
    }

    /// The kinds whose steps put fingers on the screen.
    static let touchKinds: Set<InputKind> = [.drag, .pinch, .doubleTap, .handOver, .crossing, .thirdFinger, .twist]
    /// The accessibility actions and the 90° button: no finger, no system event.
    static let actionKinds: Set<InputKind> = [.slider, .increment, .decrement, .recenter, .rotate90]

    /// A scripted backend and some taps on Retry.
    func afterConfirm(_ r: inout ChoiceReader, _ trace: inout Trace, at start: Int) {
        r.beginSpan()
        trace.backend = capabilities.contains(.upload) ? backend(&r) : nil
        var at = start
        for _ in 0..<(trace.backend == nil ? 0 : r.draw(below: 3)) {
            at += r.pick([600, 2000, 5000, 9000])
            trace.steps.append(TraceStep(start: at, kind: .retry, action: .retry))
        }
        r.endSpan()
    }

    // MARK: After confirm

    /// Upload outcomes, simplest first: success, then the retryable failures, then the ones that
    /// must not be retried. The retry rule's edges (docs/upload.md) are drawn exactly: 399 (under
    /// 400, retried), 400 (the first client error) and 499 (the last, not retried), so a rule that
    /// is off by one at either end of the 4xx range meets the status that shows it.
    static let uploadResults = [
        "ok", "timeout", "dropped", "500", "503", "429", "408", "399", "403", "404", "400", "499"
    ]

    /// Nothing uploaded (0), or a user whose crop, uploads and profile updates end as drawn.
    func backend(_ r: inout ChoiceReader) -> TraceBackend? {
        guard r.draw(below: 4) > 0 else { return nil }
        func replies(_ count: Int, _ results: [String], _ latencies: [Int], _ r: inout ChoiceReader) -> [TraceBackend
            .Reply]
        {
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
        (744, 1133, 2), (834, 1194, 2), (1024, 1366, 2)
    ]

    func device(_ r: inout ChoiceReader) -> (Size, Double) {
        let index = r.draw(below: Self.devices.count + 1)
        var (w, h, sigma) =
            index < Self.devices.count
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
            (width, height) = r.pick([
                (4032, 3024), (3024, 4032), (320, 320), (640, 639), (639, 640), (12_800, 320),
                (320, 12_800), (1920, 1080), (8000, 6000), (641, 320)
            ])
        default:
            let short = 320 + r.draw(below: 5681)
            let long = short * (10 + r.draw(below: 391)) / 10
            (width, height) = r.chance(50) ? (short, long) : (long, short)
        }
        return SourceImage(
            storedWidth: width, storedHeight: height, orientation: Orientation(rawValue: 1 + r.draw(below: 8))!)
    }

    /// The spec's defaults, or every field from a short list of edge values (maxZoomMultiplier 1
    /// and large quality multipliers collapse s_max onto s_min), the grid off, and JPEG output
    /// (whose upload must say image/jpeg and .jpg); then, sometimes, one field at its exact bound
    /// or where two of the spec's caps meet (`boundaryConfig`).
    func config(_ r: inout ChoiceReader, view: Size, sigma: Double, photo: SourceImage) -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        if r.chance(40) { listedConfig(&r, &c) }
        if r.chance(20) { boundaryConfig(&r, &c, spec: SpecPoints(view: view, sigma: sigma, photo: photo, config: c)) }
        return c
    }

    /// Every field from its short list of edge values, the spec's default first.
    func listedConfig(_ r: inout ChoiceReader, _ c: inout AvatarCropperConfig) {
        c.outputSize = r.pick([512, 256, 1024, 2048, 128, 16, 8192])
        c.qualityMultiplier = r.pick([1.25, 1, 2, 4, 10, 100, 0.5, 0.01])
        c.maxZoomMultiplier = r.pick([4, 1, 2, 1.5, 10, 100])
        c.maskDiameterFraction = r.pick([0.82, 1, 0.5, 0.25, 0.05])
        c.minPixelPerPoint = r.pick([1, 0.5, 2, 3, 4, 0.01, 100])
        c.showGrid = r.pick([true, false])
        c.encoding = r.pick([.pngSRGB, .jpegSRGB(quality: 0.9), .jpegSRGB(quality: 0.5)])
    }

    /// Milliseconds: just after the previous step (during the animation it may have started),
    /// in the middle of it, in the same tick, or after a pause long enough to settle. In a
    /// `burst` trace half the steps start in the previous step's tick.
    func start(_ r: inout ChoiceReader, after previous: (start: Int, end: Int), burst: Bool) -> Int {
        if burst && r.chance(50) { return previous.start }
        return switch r.draw(below: 4) {
        case 0: previous.end + 50 * r.draw(below: 5)
        case 1: previous.start + (previous.end - previous.start) * (1 + r.draw(below: 7)) / 8
        case 2: previous.start
        default: previous.end + 300 + 100 * r.draw(below: 20)
        }
    }

    /// What the generator knows about the screen when a step starts: the view (after resizes),
    /// the spec's special points for it, the mask and where the image's edges are at the initial
    /// pose, and whether the editor is still at that pose (no step yet).
    struct Place {
        var view: Size
        var mask: Double
        var image: Size
        var reduceMotion: Bool
        var spec: SpecPoints
        /// No step drawn yet: the pose is the initial one, so a gesture can aim at a limit exactly.
        var fresh = true
        let plausible: Bool
        let photo: SourceImage
        let screenScale: Double
        let config: AvatarCropperConfig

        init(view: Size, trace: Trace, plausible: Bool) {
            self.view = view
            self.plausible = plausible
            reduceMotion = trace.reduceMotion
            photo = trace.photo
            screenScale = trace.screenScale
            config = trace.config
            spec = SpecPoints(view: view, sigma: screenScale, photo: photo, config: config)
            mask = spec.mask
            image = spec.displayed(spec.initialScale)
        }

        mutating func update() {
            spec = SpecPoints(view: view, sigma: screenScale, photo: photo, config: config)
            mask = spec.mask
            image = spec.displayed(spec.initialScale)
        }
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
        case .confirm, .cancel: .confirm
        case .retry: .upload
        case .twist: .twist
        case .rotate90: .rotate90
        }
    }
}
