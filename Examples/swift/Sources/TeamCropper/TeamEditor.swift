import CropVocabulary

/// The team's avatar editor state model: a value, no I/O, no clock.
///
/// cropsim drives it through `EditorModel`: `open` starts a session on a photo (or refuses it),
/// `apply` and `tick` change it and append the effects the host must perform, and the
/// observation, slider reading and readout say how it stands.
public struct TeamEditor: Sendable {
    // The photo, the view and the configuration.
    let config: AvatarCropperConfig
    let storedSize: (width: Int, height: Int)
    let orientation: Orientation
    var geometry: CropGeometry
    var reduceMotion: Bool
    var user: UserContext?

    // What the user sees.
    public internal(set) var pose: Pose
    var move: Transition?
    public internal(set) var session = SessionPhase.editing
    var gesture = GestureKind.idle
    var pinch: Pinch?
    /// Hides "Pinch to zoom, drag to move" for the rest of the session (R6.4).
    var gestureSeen = false
    /// Tips and notices show once per session.
    var shown: Set<Message> = []
    var memoryWarned = false
    /// Limits whose light impact fired and that the pose has not left since. A pan axis is one
    /// limit (policy limitHaptics perAxis), so it is always held as both of its sides.
    var engaged = LimitSet()
    /// The sides the last clamp cut off the request.
    var cut = LimitSet()
    /// Opening is frame 0; a tick ends a frame.
    var frame = 1

    // The flow after confirm (R10–R12).
    var upload = UploadPhase.none
    var failure: Failure?
    var attempt = 0
    var retryDue = 0
    var confirmedAt = 0
    var fromThumbnail = false

    enum Failure { case crop, upload, profile }

    /// A pinch computed from its start: zoom = start zoom × span ratio ÷ base ratio, with the
    /// image point that was under the starting centroid kept under the current one.
    struct Pinch: Sendable {
        var startScale: Double
        var baseFactor: Double
        var imagePoint: Point
        var lastFactor: Double
        var lastFocal: Point
    }

    init(_ request: OpenRequest) throws(OpenRefusal) {
        let source = request.source, view = request.viewport, c = request.config
        let σ = view.screenScale
        guard σ.isFinite, view.size.isFinite, min(σ, view.size.width, view.size.height) > 0 else {
            throw OpenRefusal(message: "the view needs a positive, finite size and scale")
        }
        let numbers = [c.qualityMultiplier, c.maxZoomMultiplier, c.maskDiameterFraction, c.minPixelPerPoint]
        guard numbers.allSatisfy(\.isFinite), c.outputSize > 0, numbers.min()! > 0 else {
            throw OpenRefusal(message: "config numbers must be positive and finite")
        }
        config = c
        storedSize = (source.storedWidth, source.storedHeight)
        orientation = source.orientation
        reduceMotion = request.reduceMotion
        user = request.user
        geometry = Self.geometry(source: source, screenScale: σ, view: view.size, config: c)
        pose = Pose(scale: min(geometry.sMin * Tuning.initialZoom, geometry.sMax), translation: .zero)
    }

    static func geometry(source: SourceImage, screenScale: Double, view: Size, config: AvatarCropperConfig)
        -> CropGeometry
    {
        let (w, h) = (Double(source.storedWidth), Double(source.storedHeight))
        let upright = source.orientation.swapsAxes ? (h, w) : (w, h)
        return CropGeometry(width: upright.0, height: upright.1, screenScale: screenScale, view: view, config: config)
    }

    var editing: Bool { session == .editing }
}

// MARK: - EditorModel

extension TeamEditor: EditorModel {
    public static func identity(in context: Void) -> ModelIdentity {
        var policies = Policies()
        policies.limitHaptics = .perAxis
        policies.sliderMapping = .linear
        policies.incrementStep = .fivePercent
        policies.transitionSpring = .zeta07
        policies.resizeKeeps = .scaledPose
        // Everything but rotation: twists and the 90° button are not implemented.
        let capabilities: Capabilities = [
            .doubleTap, .slider, .voiceOverSteps, .recenter, .haptics, .animations, .tips, .grid, .confirm, .upload,
            .memoryFallback, .exifOrientations, .resize, .reduceMotion, .cropRect, .readout
        ]
        return ModelIdentity(name: "team-cropper", version: "0.1", capabilities: capabilities, policies: policies)
    }

    /// R1.3, R11.1: a photo under 320 px on its short side is refused with the friendly text.
    public static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> TeamEditor
    {
        guard request.source.shortSide >= Tuning.minimumShortSide else {
            throw OpenRefusal(message: Message.photoTooSmall.text)
        }
        var editor = try TeamEditor(request)
        effects.append(.announce(.voiceOverIntro))  // R4.1
        editor.showRangeTips(into: &effects)
        return editor
    }

    public var observation: Observation {
        let crop = geometry.cropRect(pose)
        return Observation(
            pose: pose, cropRect: crop,
            storedCropRect: orientation.storedRect(crop, uprightWidth: geometry.width, height: geometry.height),
            gridVisible: config.showGrid && gesture == .idle && editing,  // R6.1–6.2
            instructionsVisible: !gestureSeen, session: session, animating: isAnimating)
    }

    public var isAnimating: Bool { move != nil }

    public var sliderPercent: Double { geometry.sliderPercent(pose.scale) }

    public var readout: Readout {
        let g = geometry
        return Readout(
            sMin: g.sMin, sMax: g.sMax, maskDiameter: g.mask, panLimit: g.panLimit(pose.scale), view: g.view,
            gesture: gesture, cut: cut, engaged: engaged, upload: upload, zoomLimited: g.zoomLimited,
            lowDensity: g.lowDensity, dimmingOpacity: Tuning.dimming)
    }

    public mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        switch event {
        case .panBegan: panBegan()
        case .panChanged(let delta): panChanged(by: delta, into: &effects)
        case .pinchBegan(let focal): pinchBegan(at: focal)
        case .pinchChanged(let factor, let focal): pinchChanged(factor, at: focal, into: &effects)
        case .panEnded, .pinchEnded, .gestureCancelled: endGesture()
        case .doubleTap(let point): doubleTap(at: point)
        case .setZoomSlider(let percent, let animated): setZoomSlider(percent, animated: animated)
        case .incrementZoom: stepZoom(up: true, into: &effects)
        case .decrementZoom: stepZoom(up: false, into: &effects)
        case .recenter: recenter()
        case .resize(let size): resize(to: size, into: &effects)
        case .setReduceMotion(let on): setReduceMotion(on)
        case .memoryWarning: if editing { memoryWarned = true }  // the crop will use the thumbnail (R7.4)
        case .confirm: if editing { requestCrop(into: &effects) }
        case .cancel: cancel()
        case .cropFinished(let succeeded): cropFinished(succeeded, into: &effects)
        case .uploadFinished(let attempt, let outcome): uploadFinished(attempt, outcome, into: &effects)
        case .profileUpdated(let succeeded): profileUpdated(succeeded, into: &effects)
        case .retry: retry(into: &effects)
        case .twistChanged, .rotate90: return  // no `rotation` capability: never sent
        }
        rearm()
    }

    /// One 60 Hz frame: the running move steps, and an upload retry falls due.
    public mutating func tick(into effects: inout [EditorEffect]) {
        if var running = move {
            if running.advance() {
                land()
            } else {
                move = running
                pose = running.pose(in: geometry)
            }
        }
        if upload == .waiting && frame >= retryDue { startUpload(attempt: attempt + 1, into: &effects) }
        frame += 1
        rearm()
    }
}
