import CropModel

/// Watches a run and records every broken invariant.
///
/// It keeps its own copy of what it needs (the view, Reduce Motion, whether a gesture was seen)
/// from the events it observes, and judges poses with `ReferenceGeometry`, never with the model's
/// own geometry, so a bug in the model cannot also hide itself.
public struct InvariantMonitor: Sendable {
    private let source: SourceImage
    private let config: AvatarCropperConfig
    private var viewport: Viewport
    private var reference: ReferenceGeometry
    private var reduceMotion: Bool
    /// Confirm and cancel end editing (a failed crop resumes it): the editor ignores gestures
    /// meanwhile, so the monitor must not judge them.
    private var editing = true
    private var gestureSeen = false
    /// Limits whose light impact has fired and whose pose has not left them since: another
    /// impact for one of these is a repeat.
    private var disarmed: LimitSet = []
    private var shown: [Message: Int] = [:]
    private var pinch: PinchWatch?
    private var animationTicks = 0

    /// Stored details are capped per invariant; `counts` has every occurrence.
    public static let maxStoredPerInvariant = 20
    public private(set) var violations: [Violation] = []
    public private(set) var counts: [Invariant: Int] = [:]
    public var violationCount: Int { counts.values.reduce(0, +) }

    struct PinchWatch {
        var startScale: Double
        var baseFactor: Double
        var imagePoint: Point
        var lastFactor: Double
        /// In view points: after a resize the fingers are where they were on the glass.
        var lastFocal: Point
    }

    public init(source: SourceImage, viewport: Viewport, config: AvatarCropperConfig, reduceMotion: Bool) {
        self.source = source
        self.config = config
        self.viewport = viewport
        self.reference = ReferenceGeometry(source: source, viewport: viewport, config: config)
        self.reduceMotion = reduceMotion
    }

    /// Records a violation found by another monitor, so all are stored and counted alike.
    public mutating func record(_ invariant: Invariant, tick: Int, _ message: String) {
        fail(invariant, tick: tick, message)
    }

    private mutating func fail(_ invariant: Invariant, tick: Int, _ message: String) {
        let n = counts[invariant, default: 0]
        counts[invariant] = n + 1
        if n < Self.maxStoredPerInvariant {
            violations.append(Violation(invariant: invariant, tick: tick,
                                        time: Double(tick) / Double(Editor.ticksPerSecond), message: message))
        }
    }

    private var center: Point { Point(x: viewport.size.width / 2, y: viewport.size.height / 2) }

    /// The largest |tx|, |ty| at zoom `s`, from the spec's formulas.
    private func panLimit(_ s: Double) -> Point {
        Point(x: max(0, (reference.width / reference.sigma * s - reference.maskDiameter) / 2),
              y: max(0, (reference.height / reference.sigma * s - reference.maskDiameter) / 2))
    }

    /// Whether `pose` is on a limit side, within `slack` (relative for zoom, points for pan). The
    /// monitor is lenient both ways, so rounding never makes it cry wolf: an impact is wrong only
    /// well away from its limit (loose slack), and a pose has left a limit as soon as it is off
    /// it by more than rounding (tight slack).
    private func atSide(_ side: LimitSet, _ pose: Pose, slack: Double = 1e-6) -> Bool {
        switch side {
        case .zoomMin: return pose.scale <= reference.sMin * (1 + slack * 1e-3)
        case .zoomMax: return pose.scale >= reference.sMax * (1 - slack * 1e-3)
        case .panMinX: return pose.translation.x <= -panLimit(pose.scale).x + slack
        case .panMaxX: return pose.translation.x >= panLimit(pose.scale).x - slack
        case .panMinY: return pose.translation.y <= -panLimit(pose.scale).y + slack
        default: return pose.translation.y >= panLimit(pose.scale).y - slack
        }
    }

    /// The sides a light impact for `reason` can be about: those of its axis the pose is on
    /// (both, where the axis has no range).
    private func sides(of reason: LimitReason, _ pose: Pose) -> LimitSet {
        var on: LimitSet = []
        for side in Self.sides where !side.isDisjoint(with: reason.limit) && atSide(side, pose) { on.insert(side) }
        return on
    }

    private static let sides: [LimitSet] = [.zoomMin, .zoomMax, .panMinX, .panMaxX, .panMinY, .panMaxY]

    /// The crop square under the mask in upright source pixels, from the spec's math.
    private func referenceCrop(_ pose: Pose) -> Rect {
        let side = reference.maskDiameter * reference.sigma / pose.scale
        let k = reference.sigma / pose.scale
        return Rect(x: reference.width / 2 - pose.translation.x * k - side / 2,
                    y: reference.height / 2 - pose.translation.y * k - side / 2, width: side, height: side)
    }

    // MARK: After the editor opens

    public mutating func opened(_ editor: Observation, effects: [EditorEffect]) {
        count(effects, pose: editor.pose, tick: 0)
        endOfTick(editor, recognizerActive: false, tick: 0)
    }

    // MARK: After every event

    /// After each event: `pose` is the editor's pose once the event was applied.
    public mutating func observe(_ event: EditorEvent, before: Pose, pose: Pose, effects: [EditorEffect], tick: Int) {
        switch event {
        case .panBegan, .pinchBegan, .panEnded, .pinchEnded, .gestureCancelled:
            if pose != before {
                fail(.handOverWithoutJump, tick: tick,
                     "\(event.name) moved the image from scale \(before.scale), t (\(before.translation.x), \(before.translation.y)) to scale \(pose.scale), t (\(pose.translation.x), \(pose.translation.y))")
            }
        default: break
        }
        switch event {
        case .confirm, .cancel:
            editing = false
            pinch = nil
        case .cropFinished(false):
            editing = true
        case .panBegan, .doubleTap:
            if editing { gestureSeen = true }
            pinch = nil
        case .pinchBegan(let focal):
            guard editing else { break }
            gestureSeen = true
            pinch = PinchWatch(startScale: pose.scale, baseFactor: 1, imagePoint: pose.imagePoint(under: focal - center),
                               lastFactor: 1, lastFocal: focal)
        case .pinchChanged(let factor, let focal):
            checkFocal(factor: factor, focal: focal, pose: pose, tick: tick)
        case .pinchEnded, .gestureCancelled:
            pinch = nil
        case .resize(let size):
            viewport = Viewport(size: size, screenScale: viewport.screenScale)
            reference = ReferenceGeometry(source: source, viewport: viewport, config: config)
            // A pinch re-anchors at its current span ratio; at ratio 0 (fingers on one spot)
            // there is nothing to divide by, and it keeps its start.
            if var watch = pinch, watch.lastFactor > 0 {
                watch.startScale = pose.scale
                watch.baseFactor = watch.lastFactor
                watch.imagePoint = pose.imagePoint(under: watch.lastFocal - center)
                pinch = watch
            }
        case .setReduceMotion(let on):
            reduceMotion = on
        default: break
        }
        if !effects.isEmpty { count(effects, pose: pose, tick: tick) }
        rearm(pose)
    }

    private mutating func checkFocal(factor: Double, focal: Point, pose: Pose, tick: Int) {
        guard var watch = pinch, factor.isFinite, factor >= 0 else { return }
        let p = focal - center
        watch.lastFactor = factor
        watch.lastFocal = focal
        pinch = watch
        let wanted = min(max(watch.startScale * factor / watch.baseFactor, reference.sMin), reference.sMax)
        let s = pose.scale
        if abs(s - wanted) > 1e-9 * wanted {
            fail(.focalPointKept, tick: tick, "pinch factor \(factor) should give scale \(wanted), got \(s)")
            return
        }
        let expected = Pose.translation(placing: watch.imagePoint, under: p, scale: s)
        let limit = panLimit(s)
        // Only where the clamp leaves the anchored translation alone.
        guard abs(expected.x) < limit.x - 1e-6, abs(expected.y) < limit.y - 1e-6 else { return }
        let t = pose.translation
        let tolerance = 1e-6 * max(1, abs(expected.x), abs(expected.y))
        if abs(t.x - expected.x) > tolerance || abs(t.y - expected.y) > tolerance {
            fail(.focalPointKept, tick: tick,
                 "image point (\(watch.imagePoint.x), \(watch.imagePoint.y)) drifted from under the centroid: translation (\(t.x), \(t.y)), expected (\(expected.x), \(expected.y)) at scale \(s)")
        }
    }

    private mutating func count(_ effects: [EditorEffect], pose: Pose, tick: Int) {
        for effect in effects {
            switch effect {
            case .haptic(.lightImpact(let reason)):
                // An impact is due on arriving at a side of its axis not yet disarmed; it then
                // disarms every side of the axis the pose is on (docs/editor-model.md).
                let on = sides(of: reason, pose)
                if on.isEmpty {
                    fail(.hapticsEdgeTriggered, tick: tick, "light impact \(reason.rawValue) while not at that limit (scale \(pose.scale), t (\(pose.translation.x), \(pose.translation.y)))")
                } else if disarmed.isSuperset(of: on) {
                    fail(.hapticsEdgeTriggered, tick: tick, "repeated light impact \(reason.rawValue) without leaving the limit")
                }
                disarmed.formUnion(on)
            case .show(let message):
                shown[message, default: 0] += 1
                if shown[message]! > 1 {
                    fail(.tipsAtMostOnce, tick: tick, "\"\(message.text)\" shown \(shown[message]!) times")
                }
            case .crop(let request):
                checkCrop(request, pose: pose, tick: tick)
            default: break
            }
        }
    }

    private mutating func rearm(_ pose: Pose) {
        guard !disarmed.isEmpty else { return }
        for side in Self.sides where disarmed.contains(side) && !atSide(side, pose, slack: 1e-9) {
            disarmed.remove(side)
        }
    }

    private mutating func checkCrop(_ request: CropRequest, pose: Pose, tick: Int) {
        let crop = referenceCrop(pose)
        if crop.width < reference.requiredCropSide * (1 - 1e-9) {
            fail(.confirmable, tick: tick, "confirmed a crop of \(crop.width) px per side; at least \(reference.requiredCropSide) required")
        }
        let tolerance = 1e-6 * max(reference.width, reference.height)
        let r = request.rect
        if abs(r.x - crop.x) > tolerance || abs(r.y - crop.y) > tolerance || abs(r.width - crop.width) > tolerance {
            fail(.confirmable, tick: tick, "crop request (\(r.x), \(r.y), \(r.width)) differs from the mask's square (\(crop.x), \(crop.y), \(crop.width))")
        }
        if !request.storedRect.isInside(width: Double(source.storedWidth), height: Double(source.storedHeight), tolerance: tolerance) {
            fail(.cropRectInSource, tick: tick, "stored crop rect \(request.storedRect) outside \(source.storedWidth)x\(source.storedHeight)")
        }
    }

    // MARK: After every tick

    public mutating func endOfTick(_ editor: Observation, recognizerActive: Bool, tick: Int) {
        let pose = editor.pose
        rearm(pose)
        guard pose.isFinite else {
            fail(.finiteState, tick: tick, "scale \(pose.scale), translation (\(pose.translation.x), \(pose.translation.y))")
            return
        }
        let s = pose.scale
        if s < reference.sMin * (1 - 1e-9) || s > reference.sMax * (1 + 1e-9) {
            fail(.zoomInRange, tick: tick, "scale \(s) outside [\(reference.sMin), \(reference.sMax)]")
        }
        if !reference.lowDensity && reference.sigma / s < reference.minPixelPerPoint * (1 - 1e-9) {
            fail(.density, tick: tick, "\(reference.sigma / s) px/pt at scale \(s), minimum \(reference.minPixelPerPoint)")
        }
        let halfW = reference.width / reference.sigma * s / 2, halfH = reference.height / reference.sigma * s / 2
        let r = reference.maskDiameter / 2
        if abs(pose.translation.x) + r > halfW + 1e-6 || abs(pose.translation.y) + r > halfH + 1e-6 {
            fail(.maskCovered, tick: tick, "mask radius \(r) at (\(pose.translation.x), \(pose.translation.y)) leaves the image's half-size (\(halfW), \(halfH)) at scale \(s)")
        }
        let crop = referenceCrop(pose)
        let tolerance = 1e-6 * max(reference.width, reference.height)
        if !crop.isInside(width: reference.width, height: reference.height, tolerance: tolerance) {
            fail(.outputSquareCovered, tick: tick, "crop (\(crop.x), \(crop.y), side \(crop.width)) outside \(reference.width)x\(reference.height)")
        }
        let modelCrop = editor.cropRect
        if abs(modelCrop.x - crop.x) > tolerance || abs(modelCrop.y - crop.y) > tolerance
            || abs(modelCrop.width - crop.width) > tolerance || abs(modelCrop.height - crop.height) > tolerance {
            fail(.cropRectInSource, tick: tick, "model crop (\(modelCrop.x), \(modelCrop.y), \(modelCrop.width)x\(modelCrop.height)) differs from the spec's (\(crop.x), \(crop.y), \(crop.width))")
        }
        let stored = editor.storedCropRect
        if !stored.isInside(width: Double(source.storedWidth), height: Double(source.storedHeight), tolerance: tolerance) {
            fail(.cropRectInSource, tick: tick, "stored crop (\(stored.x), \(stored.y), \(stored.width)x\(stored.height)) outside \(source.storedWidth)x\(source.storedHeight)")
        }
        if editor.session == .editing {
            if recognizerActive && editor.gridVisible {
                fail(.gridHiddenDuringGestures, tick: tick, "grid visible during an active gesture")
            } else if !recognizerActive && config.showGrid && !editor.gridVisible {
                fail(.gridHiddenDuringGestures, tick: tick, "grid still hidden with no gesture active")
            }
        }
        if editor.instructionsVisible == gestureSeen {
            fail(.instructionsHiddenAfterFirstGesture, tick: tick,
                 gestureSeen ? "instructions still visible after the first gesture" : "instructions hidden before any gesture")
        }
        if reference.sMax <= reference.sMin, shown[.zoomLimitedByQuality, default: 0] == 0 {
            fail(.zoomLimitedTipShown, tick: tick, "s_max = s_min = \(reference.sMin) but the tip was never shown")
        }
        if editor.animating {
            animationTicks += 1
            if reduceMotion {
                fail(.animatedFramesValid, tick: tick, "animating with Reduce Motion on")
            } else if animationTicks > Transition.maxTicks {
                fail(.animatedFramesValid, tick: tick, "animation still running after \(animationTicks) ticks")
            }
        } else {
            animationTicks = 0
        }
    }
}

extension EditorEvent {
    var name: String {
        switch self {
        case .panBegan: "panBegan"
        case .panChanged: "panChanged"
        case .panEnded: "panEnded"
        case .pinchBegan: "pinchBegan"
        case .pinchChanged: "pinchChanged"
        case .pinchEnded: "pinchEnded"
        case .gestureCancelled: "gestureCancelled"
        case .doubleTap: "doubleTap"
        case .setZoomSlider: "setZoomSlider"
        case .incrementZoom: "incrementZoom"
        case .decrementZoom: "decrementZoom"
        case .recenter: "recenter"
        case .resize: "resize"
        case .setReduceMotion: "setReduceMotion"
        case .memoryWarning: "memoryWarning"
        case .confirm: "confirm"
        case .cancel: "cancel"
        case .cropFinished: "cropFinished"
        case .uploadFinished: "uploadFinished"
        case .profileUpdated: "profileUpdated"
        case .retry: "retry"
        }
    }
}
