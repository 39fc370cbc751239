@testable import CropScenario
import CropVocabulary

/// Random actions and expectations for `ScenarioGen`.
extension ScenarioGen {
    mutating func point() -> ViewPoint {
        if int(0...4) == 0 { return .center }
        func coordinate(_ g: inout ScenarioGen) -> Coordinate {
            g.bool() ? .points(g.number(-500...2000)) : .percent(g.number(-100...200, step: 0.5))
        }
        return ViewPoint(x: coordinate(&self), y: coordinate(&self))
    }

    mutating func time() -> Double { number(0...2) }
    mutating func easing() -> Easing { pick(Easing.allCases) }

    mutating func action(path: String) -> Action {
        switch pick(ActionKind.allCases) {
        case .drag:
            return .drag(
                Drag(points: (0..<int(2...4)).map { _ in point() }, duration: time(), easing: easing(), hold: time()))
        case .pinch, .rotate:
            return .pinch(
                Pinch(
                    center: point(), fromSpan: number(0...600), toSpan: number(0...600), duration: time(),
                    easing: easing(),
                    drift: bool() ? .zero : Point(x: number(-50...50), y: number(-50...50)), angle: number(-360...360),
                    rotation: number(-720...720), hold: time()))
        case .twoFingerDrag:
            return .twoFingerDrag(
                TwoFingerDrag(
                    from: point(), to: point(), span: number(0...400), duration: time(), easing: easing(),
                    angle: number(-360...360), hold: time()))
        case .tap: return .tap(point())
        case .doubleTap: return .doubleTap(point(), interval: bool() ? Gesture.doubleTapInterval : time())
        case .longTouch: return .longTouch(point(), duration: time())
        case .touches:
            return .touches((0..<int(1...3)).map { i in track(finger: "F\(i)", path: "\(path).touches[\(i)]") })
        case .slider: return .slider(percent: number(0...100), animated: bool())
        case .increment: return .increment(int(1...100))
        case .decrement: return .decrement(int(1...100))
        case .resize: return .resize(Size(width: number(100...4000, step: 1), height: number(100...4000, step: 1)))
        case .reduceMotion: return .reduceMotion(bool())
        case .recenter: return .recenter
        case .rotate90: return .rotate90
        case .memoryWarning: return .memoryWarning
        case .cancelTouches: return .cancelTouches
        case .confirm: return .confirm
        case .cancel: return .cancel
        case .retry: return .retry
        }
    }

    mutating func track(finger: String, path: String) -> TouchTrack {
        if bool() {
            var actions: [PointerAction] = [.down(point())]
            for _ in 0..<int(0...3) { actions.append(bool() ? .move(to: point(), duration: time()) : .pause(time())) }
            actions.append(bool() ? .up : .cancel)
            return TouchTrack(finger: finger, body: .actions(actions), path: path)
        }
        var t = 0.0
        var samples = [RawSample(time: 0, point: point(), phase: .down)]
        for _ in 0..<int(0...4) {
            t += number(0...0.1, step: 0.001)
            samples.append(RawSample(time: t, point: point(), phase: .move))
        }
        samples.append(RawSample(time: t + 0.01, point: point(), phase: pick([.up, .cancel])))
        return TouchTrack(finger: finger, body: .samples(samples), path: path)
    }

    mutating func expression(path: String) -> NumberExpectation {
        let symbol: NumberExpression.Symbol? = bool() ? nil : pick(NumberExpression.Symbol.allCases)
        let factor = symbol == nil ? number(-1000...1000) : pick([1, -1, 1.5, -0.25, 2])
        return NumberExpectation(
            target: NumberExpression(factor: factor, symbol: symbol),
            tolerance: bool() ? NumberExpectation.defaultTolerance : number(0...1, step: 0.001), path: path)
    }

    /// Some of every key; `end` adds what only an `expect` block may say.
    mutating func expectations(at path: String, end: Bool) -> Expectations {
        var e = Expectations()
        func maybe(_ g: inout ScenarioGen) -> Bool { g.int(0...2) == 0 }
        if maybe(&self) { e.scale = expression(path: "\(path).scale") }
        if maybe(&self) { e.tx = expression(path: "\(path).tx") }
        if maybe(&self) { e.ty = expression(path: "\(path).ty") }
        if maybe(&self) { e.sliderPercent = expression(path: "\(path).sliderPercent") }
        if maybe(&self) { e.cropSide = expression(path: "\(path).cropSide") }
        if maybe(&self) { e.angle = expression(path: "\(path).angle") }
        if maybe(&self) { e.dimmingOpacity = expression(path: "\(path).dimmingOpacity") }
        if maybe(&self) { e.angleGuideVisible = bool() }
        if maybe(&self) { e.haptics = [pick(Array(HapticName.allCases.dropLast(3))): int(0...5), .success: int(0...2)] }
        if maybe(&self) { e.hapticSequence = (0..<int(0...3)).map { _ in pick(HapticName.allCases) } }
        if maybe(&self) { e.shown = (0..<int(0...2)).map { _ in pick(Message.allCases) } }
        if maybe(&self) { e.announced = (0..<int(0...2)).map { _ in pick(Message.allCases) } }
        if maybe(&self) { e.telemetry = ["scale": number(0...10), "cropSucceeded": bool() ? 1 : 0] }
        if maybe(&self) { e.gridVisible = bool() }
        if maybe(&self) { e.instructionsVisible = bool() }
        if maybe(&self) { e.animating = bool() }
        if maybe(&self) { e.phase = pick(GestureKind.allCases) }
        if maybe(&self) { e.session = pick(SessionPhase.allCases) }
        if maybe(&self) { e.zoomLimited = bool() }
        if maybe(&self) { e.lowDensity = bool() }
        if maybe(&self) { e.fromThumbnail = bool() }
        if end && maybe(&self) { e.rejected = pick(Message.allCases).text }
        if maybe(&self) { e.uploadState = pick(UploadPhase.allCases) }
        if maybe(&self) { e.uploadAttempts = int(0...100) }
        if maybe(&self) { e.retryDelays = (0..<int(0...3)).map { _ in time() } }
        if maybe(&self) { e.profilePath = "users/u/p.png" }
        if maybe(&self) { e.profileVersion = int(0...100) }
        if maybe(&self) { e.avatarURL = "https://x.invalid/a.png?v=1" }
        if maybe(&self) { e.alerts = (0..<int(0...2)).map { _ in pick(Message.allCases) } }
        if maybe(&self) { e.retryOffered = bool() }
        return e
    }
}
