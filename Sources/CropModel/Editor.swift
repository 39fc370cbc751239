import CropVocabulary

/// The avatar editor's state and its reducer: `apply(event)` and `tick()` change the state and
/// return the effects the host must perform. Pure: no I/O, no clock, no randomness.
public struct Editor: Hashable, Sendable, Codable {
    public private(set) var geometry: ZoomGeometry
    public private(set) var pose: Pose
    public private(set) var gesture: GesturePhase = .idle
    /// The move in flight. Set only through `start(_:)` and `stopTransition()`, which keep
    /// `isAnimating` in step: no observer, so a tick advances the spring in place instead of
    /// copying the transition out and back.
    public private(set) var transition: Transition?
    /// Whether a transition runs: stored, because reading it is on every event and tick, and
    /// testing the optional there would copy the whole transition.
    public private(set) var isAnimating = false
    public private(set) var session: SessionPhase = .editing
    public private(set) var reduceMotion: Bool
    /// After a memory warning the final crop uses the display thumbnail (R7.4).
    public private(set) var memoryPressure = false
    /// R6.4: hidden by the first gesture, for the rest of the session.
    public private(set) var instructionsVisible = true
    /// Tips and notices already shown, in order; each shows at most once.
    public private(set) var shownMessages: [Message] = []
    /// Limits a light haptic has fired for and that the pose has not left since.
    public private(set) var engaged: LimitSet = []
    /// What the last pose update's clamp cut off the request.
    public private(set) var lastCut: LimitSet = []
    /// The thin angle guide line: shown while a twist holds the photo within `Turn.snapWindow`
    /// of a quarter turn.
    public private(set) var angleGuideVisible = false
    /// Who is editing; without one, a confirmed crop is not uploaded.
    public private(set) var user: UserContext?
    /// After confirm: crop, upload and profile update (R11, R12).
    public private(set) var upload: UploadState = .none
    /// Ticks since the editor opened: the clock backoff and latency are measured on.
    public private(set) var ticks = 0
    /// The frame an event belongs to: events between two ticks show in the coming frame, so a
    /// failure delivered during frame T waits 30 ticks from T, not from T − 1.
    private var frame: Int { ticks + 1 }
    private var confirmedAtTick = 0

    /// R6.1–6.2: the grid shows while editing and no finger is moving the photo.
    public var gridVisible: Bool { geometry.config.showGrid && !gesture.isActive && session == .editing }
    public var sliderPercent: Double { ZoomSlider.percent(for: pose.scale, in: zoomGeometry) }
    /// s_min, s_max and the pan limits at the photo's current turn (`geometry` is the upright one).
    public var zoomGeometry: ZoomGeometry { geometry.turned(to: pose.angle) }
    /// The turn the photo is at or animating to: zoom moves keep it.
    private var targetAngle: Double { transition?.to.angle ?? pose.angle }
    @inlinable public var cropRect: Rect { geometry.cropRect(for: pose) }
    @inlinable public var storedCropRect: Rect { geometry.storedCropRect(for: pose) }

    /// Opens the editor on a photo, or refuses it (R1.3, R11.1). The effects announce the editor
    /// to VoiceOver and show the tips the photo calls for.
    public static func open(
        source: SourceImage, viewport: Viewport, config: AvatarCropperConfig = .init(), reduceMotion: Bool = false,
        user: UserContext? = nil
    ) throws(OpenError) -> (editor: Editor, effects: [EditorEffect]) {
        do throws(InvalidInput) {
            try config.validate()
            try viewport.validate()
        } catch {
            throw .invalid(error)
        }
        do throws(SourceRejection) { try source.validate() } catch { throw .rejected(error) }
        var editor = Editor(
            geometry: ZoomGeometry(source: source, viewport: viewport, config: config),
            reduceMotion: reduceMotion)
        editor.user = user
        var effects: [EditorEffect] = [.announce(.voiceOverIntro)]
        editor.showLimitTips(&effects)
        return (editor, effects)
    }

    private init(geometry: ZoomGeometry, reduceMotion: Bool) {
        self.geometry = geometry
        self.pose = geometry.initialPose
        self.reduceMotion = reduceMotion
    }

    // MARK: Events

    public mutating func apply(_ event: EditorEvent) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        apply(event, into: &effects)
        return effects
    }

    /// `apply(_:)`, appending the effects to a buffer the caller owns: a simulator that applies an
    /// event every tick reuses one buffer instead of receiving (and releasing) an array per event.
    public mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        guard session == .editing || event.isAfterConfirm else { return }
        // The sides the final pose sits on, when the event's last clamp has said (a pan, pinch or twist).
        var on: LimitSet?
        switch event {
        case .cropFinished, .uploadFinished, .profileUpdated, .retry:
            afterConfirm(event, &effects)
            return
        case .panBegan:
            beginGesture(.panning)
        case .panChanged(let delta):
            guard delta.isFinite else { break }
            if case .panning = gesture {} else { beginGesture(.panning) }
            on = update(
                to: Pose(scale: pose.scale, translation: pose.translation + delta, angle: pose.angle), userDriven: true,
                &effects)
        case .pinchBegan(let focal):
            guard focal.isFinite else { break }
            beginPinch(focal: focal)
        case .pinchChanged(let factor, let focal):
            guard factor.isFinite, factor >= 0, focal.isFinite else { break }
            on = pinch(factor: factor, focal: focal, &effects)
        case .twistChanged(let factor, let rotation, let focal):
            guard geometry.config.allowRotation, factor.isFinite, factor >= 0, rotation.isFinite, focal.isFinite else {
                break
            }
            on = twist(factor: factor, rotation: rotation, focal: focal, &effects)
        case .pinchEnded:
            if case .pinching(let anchor) = gesture, anchor.twisted {
                gesture = .idle
                angleGuideVisible = false
                snapToQuarter(&effects)
            }
            gesture = .idle
        case .panEnded, .gestureCancelled:
            gesture = .idle
            angleGuideVisible = false
        case .doubleTap(let point):
            guard point.isFinite, !gesture.isActive else { break }
            instructionsVisible = false
            let target = DoubleTapLadder.next(after: pose.scale, in: geometry.turned(to: targetAngle))
            move(toScale: target, anchor: offset(point), &effects)
        case .setZoomSlider(let percent, let animated):
            guard percent.isFinite, !gesture.isActive else { break }
            setZoomSlider(to: percent, animated: animated, &effects)
        case .incrementZoom, .decrementZoom:
            guard !gesture.isActive else { break }
            stepZoom(by: event == .incrementZoom ? ZoomSlider.step : -ZoomSlider.step, &effects)
        case .recenter:
            guard !gesture.isActive else { break }
            animate(
                to: Pose(scale: transition?.to.scale ?? pose.scale, translation: .zero, angle: targetAngle),
                anchor: .zero, &effects)
        case .rotate90:
            guard geometry.config.allowRotation, !gesture.isActive else { break }
            rotateQuarter(&effects)
        case .resize(let size):
            resize(to: size, &effects)
        case .setReduceMotion(let enabled):
            reduceMotion = enabled
            if enabled { finishTransition() }
        case .memoryWarning:
            memoryPressure = true
        case .confirm:
            confirm(&effects)
        case .cancel:
            stopTransition()
            gesture = .idle
            angleGuideVisible = false
            session = .cancelled
        }
        settleEngagedLimits(knowing: on)
    }

    // MARK: Time

    /// Advances one 60 Hz frame: only a running transition changes anything.
    public mutating func tick() -> [EditorEffect] {
        var effects: [EditorEffect] = []
        tick(into: &effects)
        return effects
    }

    /// `tick()`, appending the effects to a buffer the caller owns (as `apply(_:into:)`).
    public mutating func tick(into effects: inout [EditorEffect]) {
        ticks += 1
        if case .waiting(let attempt, let retryAt) = upload, ticks >= retryAt {
            startUpload(attempt: attempt + 1, &effects)
            return
        }
        // Test the flag first (most ticks have no transition), then advance the spring in place.
        guard isAnimating else { return }
        let on: LimitSet
        if transition!.advance(spring: .transition, dt: TickClock.tickDuration) {
            let end = transition!.to
            stopTransition()
            on = update(to: end, userDriven: false, &effects)
        } else {
            on = update(to: transition!.currentPose, userDriven: false, &effects)
        }
        settleEngagedLimits(knowing: on)
    }

    // MARK: Helpers

    /// View point → offset from the mask center.
    private func offset(_ p: Point) -> Point { p - geometry.viewport.center }

    private mutating func beginGesture(_ phase: GesturePhase) {
        finishTransitionWhereItIs()
        instructionsVisible = false
        gesture = phase
    }

    private mutating func beginPinch(focal: Point) {
        beginGesture(
            .pinching(
                PinchAnchor(
                    startScale: pose.scale, baseFactor: 1, imagePoint: pose.imagePoint(under: offset(focal)),
                    lastFactor: 1, lastFocal: focal,
                    startAngle: pose.angle, home: Turn.nearestQuarter(pose.angle))))
    }

    // MARK: Zoom

    /// Two fingers zoom about their centroid: the image point under it when the pinch began stays
    /// under it unless a clamp moves it. Returns the sides the new pose sits on (as `update`), or
    /// nil when no pinch was under way and this change begins one.
    private mutating func pinch(factor: Double, focal: Point, _ effects: inout [EditorEffect]) -> LimitSet? {
        guard case .pinching(var anchor) = gesture else {
            beginPinch(focal: focal)
            return nil
        }
        let requested = anchor.startScale * factor / anchor.baseFactor
        let range = geometry.zoomRange(at: Turn(degrees: pose.angle))
        let anchoredScale = min(max(requested, range.sMin), range.sMax)
        let t = Pose.translation(
            placing: anchor.imagePoint, under: offset(focal), scale: anchoredScale, angle: pose.angle)
        let on = update(to: Pose(scale: requested, translation: t, angle: pose.angle), userDriven: true, &effects)
        anchor.lastFactor = factor
        anchor.lastFocal = focal
        gesture = .pinching(anchor)
        return on
    }

    /// The slider at `percent` of its track, about the mask center: animated, or in one frame
    /// after landing any move in flight.
    private mutating func setZoomSlider(to percent: Double, animated: Bool, _ effects: inout [EditorEffect]) {
        let target = ZoomSlider.scale(for: min(max(percent, 0), 100), in: geometry.turned(to: targetAngle))
        if animated {
            move(toScale: target, anchor: .zero, &effects)
        } else {
            finishTransition()
            update(to: scaled(to: target, anchor: .zero), userDriven: false, &effects)
        }
    }

    /// One slider step (the zoom buttons, VoiceOver's adjustable actions) from the zoom the photo
    /// is at or heading to.
    private mutating func stepZoom(by step: Double, _ effects: inout [EditorEffect]) {
        let base =
            transition.map { ZoomSlider.percent(for: $0.to.scale, in: geometry.turned(to: $0.to.angle)) }
            ?? sliderPercent
        let target = ZoomSlider.scale(for: base + step, in: geometry.turned(to: targetAngle))
        let limit: LimitSet = step > 0 ? .zoomMax : .zoomMin
        if geometry.limits(at: pose).contains(limit), !isAnimating {
            // Already at the end: the request presses against the limit, which is a haptic.
            update(
                to: Pose(scale: target, translation: pose.translation, angle: pose.angle), userDriven: true, &effects)
        } else {
            move(toScale: target, anchor: .zero, &effects)
        }
    }

    // MARK: Rotation

    /// A pinch that turns: zoom as in a pinch, the turn follows the fingers within the tilt
    /// window around the pinch's home quarter, and the image point under the centroid stays
    /// under it unless a clamp moves it. Entering a snap window is a light haptic. Returns the
    /// sides the new pose sits on (as `update`), or nil when no pinch was under way and this
    /// change begins one.
    private mutating func twist(factor: Double, rotation: Double, focal: Point, _ effects: inout [EditorEffect])
        -> LimitSet?
    {
        guard case .pinching(var anchor) = gesture else {
            beginPinch(focal: focal)
            return nil
        }
        if !anchor.twisted {
            anchor.twisted = true
            angleGuideVisible = Self.inSnapWindow(pose.angle)
        }
        let requested = anchor.startScale * factor / anchor.baseFactor
        let requestedAngle = anchor.startAngle + (rotation - anchor.baseRotation)
        let angle = geometry.clamp(
            Pose(scale: pose.scale, translation: .zero, angle: requestedAngle), home: anchor.home
        ).pose.angle
        let range = geometry.zoomRange(at: Turn(degrees: angle))
        let anchoredScale = min(max(requested, range.sMin), range.sMax)
        let t = Pose.translation(placing: anchor.imagePoint, under: offset(focal), scale: anchoredScale, angle: angle)
        let on = update(
            to: Pose(scale: requested, translation: t, angle: requestedAngle), home: anchor.home, userDriven: true,
            &effects)
        let inWindow = Self.inSnapWindow(pose.angle)
        if inWindow && !angleGuideVisible { effects.append(.haptic(.snap)) }
        angleGuideVisible = inWindow
        anchor.lastFactor = factor
        anchor.lastFocal = focal
        anchor.lastRotation = rotation
        gesture = .pinching(anchor)
        return on
    }

    private static func inSnapWindow(_ angle: Double) -> Bool { abs(Turn.tilt(angle)) <= Turn.snapWindow }

    /// Released within a snap window: the photo settles on the quarter turn, keeping the image
    /// point under the mask center (docs/rotation.md: a tilt this small is almost never meant).
    private mutating func snapToQuarter(_ effects: inout [EditorEffect]) {
        let tilt = Turn.tilt(pose.angle)
        guard abs(tilt) <= Turn.snapWindow, tilt != 0 else { return }
        animate(to: turnedPose(pose, to: Turn.nearestQuarter(pose.angle)), anchor: .zero, &effects)
    }

    /// The 90° button: a quarter turn clockwise from where the photo is heading, about the mask
    /// center. Animated only where every angle on the way is allowed; a photo whose tilt is
    /// limited turns in one frame.
    private mutating func rotateQuarter(_ effects: inout [EditorEffect]) {
        let base = transition?.to ?? pose
        let target = turnedPose(base, to: Turn.normalized(Turn.nearestQuarter(base.angle) + 90))
        if geometry.maxTilt < 45 || reduceMotion {
            finishTransitionWhereItIs()
            update(to: target, userDriven: false, &effects)
            return
        }
        finishTransitionWhereItIs()
        var turn = Turn.normalized(target.angle - pose.angle)
        if turn < -90 { turn += 360 }
        if target.isClose(to: pose) { return }
        start(Transition(from: pose, to: target, anchor: .zero, turn: turn))
    }

    /// `base` turned to `angle` about the mask center, its zoom kept within the new limits, clamped.
    private func turnedPose(_ base: Pose, to angle: Double) -> Pose {
        let center = base.imagePoint(under: .zero)
        let range = geometry.zoomRange(at: Turn(degrees: angle))
        let s = min(max(base.scale, range.sMin), range.sMax)
        return geometry.clamp(
            Pose(
                scale: s, translation: Pose.translation(placing: center, under: .zero, scale: s, angle: angle),
                angle: angle)
        ).pose
    }

    /// The single place a pose changes: clamp, then fire a light haptic for each side the request
    /// pressed into that was not already engaged (edge-triggered, R3.2). A cut engages every side
    /// of its axis the clamped pose sits on, so an axis with no range (both sides in one place)
    /// buzzes once, not at every change of the finger's direction.
    ///
    /// Returns the sides the new pose sits on (`limits(at: pose)`, from the clamp), so that
    /// `settleEngagedLimits` need not work them out again.
    @discardableResult
    private mutating func update(
        to requested: Pose, home: Double? = nil, userDriven: Bool, _ effects: inout [EditorEffect]
    ) -> LimitSet {
        let (clamped, cut, on) = geometry.clamp(requested, home: home)
        pose = clamped
        lastCut = cut
        if userDriven, !cut.isEmpty {
            let newlyCut = cut.subtracting(engaged)
            // One impact per newly cut axis, in `LimitReason`'s fixed order (stable logs).
            LimitReason.forEach(meeting: newlyCut) { effects.append(.haptic(.lightImpact($0))) }
            engaged.formUnion(cut.union(on.intersection(cut.wholeAxes)))
        }
        return on
    }

    /// A limit stays engaged while the pose sits on it. Judged by the pose an event or a tick
    /// ends with, never by a pose passed through on the way (a resize that first lands a running
    /// animation and then clamps): no frame shows those, so leaving the limit there would let the
    /// next push fire a second impact for a limit the user never saw it leave.
    ///
    /// `on`: the sides the pose sits on, when the caller has them from the clamp that made it.
    private mutating func settleEngagedLimits(knowing on: LimitSet?) {
        guard !engaged.isEmpty else { return }
        if let on {
            engaged.formIntersection(on)
        } else {
            engaged.formIntersection(geometry.limits(at: pose))
        }
    }

    /// The pose at zoom `scale` keeping the image point under `anchor`, clamped.
    private func scaled(to scale: Double, anchor: Point) -> Pose {
        let angle = targetAngle
        let range = geometry.zoomRange(at: Turn(degrees: angle))
        let s = min(max(scale, range.sMin), range.sMax)
        let t = Pose.translation(placing: pose.imagePoint(under: anchor), under: anchor, scale: s, angle: angle)
        return geometry.clamp(Pose(scale: s, translation: t, angle: angle)).pose
    }

    private mutating func move(toScale scale: Double, anchor: Point, _ effects: inout [EditorEffect]) {
        animate(to: scaled(to: scale, anchor: anchor), anchor: anchor, &effects)
    }

    /// Starts a spring from the current pose, or jumps when Reduce Motion is on (one frame).
    private mutating func animate(to target: Pose, anchor: Point, _ effects: inout [EditorEffect]) {
        finishTransitionWhereItIs()
        if reduceMotion || target.isClose(to: pose) {
            update(to: target, userDriven: false, &effects)
        } else {
            start(Transition(from: pose, to: target, anchor: anchor))
        }
    }

    private mutating func start(_ move: Transition) {
        transition = move
        isAnimating = true
    }

    private mutating func stopTransition() {
        transition = nil
        isAnimating = false
    }

    /// Stops a transition where it is (a finger grabbed the photo).
    private mutating func finishTransitionWhereItIs() {
        if isAnimating { stopTransition() }
    }

    /// Jumps a transition to its end (Reduce Motion switched on, a resize, confirm).
    private mutating func finishTransition() {
        guard isAnimating else { return }
        let end = transition!.to
        stopTransition()
        var ignored: [EditorEffect] = []
        update(to: end, userDriven: false, &ignored)
    }

    private mutating func show(_ message: Message, _ effects: inout [EditorEffect]) {
        guard !shownMessages.contains(message) else { return }
        shownMessages.append(message)
        effects.append(.show(message))
    }

    private mutating func showLimitTips(_ effects: inout [EditorEffect]) {
        if geometry.zoomLimited { show(.zoomLimitedByQuality, &effects) }
        if geometry.lowDensity { show(.lowDensity, &effects) }
    }

    /// Keeps the image point under the mask center and the zoom relative to s_min (clamped into
    /// the new range), then clamps the translation.
    /// A pinch in progress is re-anchored at the new pose, so it goes on without a jump.
    private mutating func resize(to size: Size, _ effects: inout [EditorEffect]) {
        let viewport = Viewport(size: size, screenScale: geometry.viewport.screenScale)
        do throws(InvalidInput) { try viewport.validate() } catch { return }
        finishTransition()
        let relativeZoom = pose.scale / zoomGeometry.sMin
        let centerPoint = pose.imagePoint(under: .zero)
        geometry = ZoomGeometry(source: geometry.source, viewport: viewport, config: geometry.config)
        // Clamped into the new range before the point is placed, so the point stays centered.
        let range = zoomGeometry
        let s = min(max(relativeZoom * range.sMin, range.sMin), range.sMax)
        update(
            to: Pose(
                scale: s,
                translation: Pose.translation(placing: centerPoint, under: .zero, scale: s, angle: pose.angle),
                angle: pose.angle),
            userDriven: false, &effects)
        if case .pinching(let anchor) = gesture, anchor.lastFactor > 0 {
            gesture = .pinching(
                PinchAnchor(
                    startScale: pose.scale, baseFactor: anchor.lastFactor,
                    imagePoint: pose.imagePoint(under: offset(anchor.lastFocal)),
                    lastFactor: anchor.lastFactor, lastFocal: anchor.lastFocal,
                    startAngle: pose.angle, baseRotation: anchor.lastRotation, lastRotation: anchor.lastRotation,
                    home: anchor.home, twisted: anchor.twisted))
            // A resize may pull a twisted photo into (or out of) a snap window: the guide line
            // says where it is now; only a twist entering a window buzzes.
            if anchor.twisted { angleGuideVisible = Self.inSnapWindow(pose.angle) }
        }
        showLimitTips(&effects)
    }

    private mutating func confirm(_ effects: inout [EditorEffect]) {
        finishTransition()
        gesture = .idle
        angleGuideVisible = false
        session = .confirmed
        upload = .cropping
        confirmedAtTick = frame
        effects.append(.haptic(.success))
        if memoryPressure { show(.memoryFallback, &effects) }
        let g = geometry
        effects.append(
            .crop(
                CropRequest(
                    rect: g.cropRect(for: pose), angle: pose.angle, storedRect: g.storedCropRect(for: pose),
                    orientation: g.source.orientation,
                    outputSize: g.config.outputSize, encoding: g.config.encoding, fromThumbnail: memoryPressure)))
    }

    // MARK: After confirm (R10–R12)

    private mutating func afterConfirm(_ event: EditorEvent, _ effects: inout [EditorEffect]) {
        switch (event, upload) {
        case (.cropFinished(let succeeded), .cropping):
            effects.append(.telemetry(confirmTelemetry(cropSucceeded: succeeded)))
            if !succeeded {
                // R11.2: back to editing with every adjustment kept, and a way to try again.
                session = .editing
                fail(.processing, &effects)
            } else if user != nil {
                startUpload(attempt: 1, &effects)
            } else {
                upload = .done
            }
        case (.uploadFinished(let attempt, let outcome), .uploading(let current)) where attempt == current:
            let retry = outcome.isRetryable && attempt < UploadPolicy.maxAttempts
            let backoff = retry ? UploadPolicy.backoffTicks[attempt - 1] : 0
            effects.append(
                .uploadTelemetry(
                    UploadTelemetry(
                        attempt: attempt, succeeded: outcome == .success, outcomeCode: outcome.code,
                        retryable: outcome.isRetryable,
                        backoffMs: backoff * 1000 / TickClock.ticksPerSecond, elapsedTicks: frame - confirmedAtTick,
                        finalAttempt: outcome == .success || !retry)))
            if outcome == .success, let user {
                upload = .updatingProfile
                effects.append(
                    .updateProfile(ProfileUpdate(avatarPath: uploadKey(user), avatarVersion: user.avatarVersion + 1)))
            } else if retry {
                upload = .waiting(attempt: attempt, retryAt: frame + backoff)
            } else {
                fail(.upload, &effects)
            }
        case (.profileUpdated(let succeeded), .updatingProfile):
            if succeeded, var user {
                user.avatarPath = uploadKey(user)
                user.avatarVersion += 1
                self.user = user
                upload = .done
            } else {
                fail(.profileUpdate, &effects)
            }
        case (.retry, .failed(.processing)):
            confirm(&effects)
        case (.retry, .failed):
            startUpload(attempt: 1, &effects)
        default:
            // Late or duplicate results (a second confirm, a stale attempt) change nothing.
            break
        }
    }

    private func uploadKey(_ user: UserContext) -> String {
        UploadPolicy.key(uid: user.uid, outputSize: geometry.config.outputSize, encoding: geometry.config.encoding)
    }

    private mutating func startUpload(attempt: Int, _ effects: inout [EditorEffect]) {
        guard let user else { return }
        upload = .uploading(attempt: attempt)
        effects.append(
            .upload(
                UploadRequest(
                    bucket: UploadPolicy.bucket, key: uploadKey(user),
                    contentType: UploadPolicy.contentType(geometry.config.encoding),
                    upsert: true, attempt: attempt)))
    }

    /// R11.2–11.5, R12.5: the pose is untouched, the previous avatar too; say what failed,
    /// buzz, and offer Retry.
    private mutating func fail(_ failure: UploadFailure, _ effects: inout [EditorEffect]) {
        upload = .failed(failure)
        effects.append(.haptic(.error))
        effects.append(.alert(failure.message))
        effects.append(.offerRetry)
    }

    private func confirmTelemetry(cropSucceeded: Bool) -> ConfirmTelemetry {
        let g = geometry
        let thumb = ThumbnailPolicy.size(width: Int(g.orientedWidth), height: Int(g.orientedHeight))
        var jpegQuality = 0.0
        if case .jpegSRGB(let q) = g.config.encoding { jpegQuality = q }
        return ConfirmTelemetry(
            sourceWidth: g.source.storedWidth, sourceHeight: g.source.storedHeight,
            thumbnailWidth: thumb.width, thumbnailHeight: thumb.height,
            sMin: g.sMin, sMax: g.sMax, scale: pose.scale,
            qualityClampEngaged: g.qualityClampEngaged, zoomLimited: g.zoomLimited, lowDensity: g.lowDensity,
            outputSize: g.config.outputSize, outputIsJPEG: jpegQuality > 0, jpegQuality: jpegQuality,
            memoryFallback: memoryPressure,
            cropLatencyMs: Double(frame - confirmedAtTick) * 1000 / Double(TickClock.ticksPerSecond),
            cropSucceeded: cropSucceeded)
    }
}

private extension EditorEvent {
    /// A backend's answer to confirm, or Retry: these go to `afterConfirm` in every session
    /// phase; every other event only while editing.
    var isAfterConfirm: Bool {
        switch self {
        case .cropFinished, .uploadFinished, .profileUpdated, .retry:
            true
        case .panBegan, .panChanged, .panEnded, .pinchBegan, .pinchChanged, .pinchEnded, .twistChanged, .rotate90,
            .gestureCancelled, .doubleTap, .setZoomSlider, .incrementZoom, .decrementZoom, .recenter, .resize,
            .setReduceMotion, .memoryWarning, .confirm, .cancel:
            false
        }
    }
}

/// Why the editor did not open.
public enum OpenError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalid(InvalidInput)
    case rejected(SourceRejection)

    public var description: String {
        switch self {
        case .invalid(let e): e.description
        case .rejected(let r): r.description
        }
    }
}
