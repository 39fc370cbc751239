import CropVocabulary

/// What each event owes while editing: where a gesture must put the photo, which discrete move
/// must start and where it must land, what a resize keeps. The events after confirm are
/// judged by `observeFlow` (Oracle+AfterConfirm.swift).
extension Oracle {
    /// One event as the oracle saw it while editing: the editor just before and just after it.
    struct EventContext {
        var before: Pose
        var wasAnimating: Bool
        var pose: Pose
        var animating: Bool
        var tick: Int
        /// A twist was released within a snap window: the photo settles on the quarter turn.
        var snapDue: Bool
        /// A turn is animating, so an action building on it may turn the photo too and is not
        /// judged for where it lands.
        var turningInFlight: Bool
    }

    /// Judges one event while editing and keeps the oracle's copy of the gesture and the move in
    /// flight. `requested` is set to the pose the event asked for when it may push past a limit
    /// (a pan, pinch, twist, or a zoom step at the end of the range), for the light-impact checks
    /// (`pressed`).
    mutating func editingEvent(_ event: EditorEvent, _ c: EventContext, effects: [EditorEffect], requested: inout Pose?)
    {
        switch event {
        case .panBegan:
            beginGesture()
            pinch = nil
            panStart = nil
        case .panChanged(let delta):
            guard delta.isFinite else { break }
            requested = pan(by: delta, c)
        case .pinchBegan(let focal):
            guard focal.isFinite else { break }
            beginPinch(focal: focal, pose: c.pose)
        case .pinchChanged(let factor, let focal):
            guard factor.isFinite, factor >= 0, focal.isFinite else { break }
            // Without a pinch under way the editor begins one here (a pinch whose began was lost).
            guard let watch = pinch else { beginPinch(focal: focal, pose: c.pose); break }
            requested = checkPinch(watch, factor: factor, focal: focal, before: c.before, pose: c.pose, tick: c.tick)
        case .twistChanged(let factor, let rotation, let focal):
            guard geometry.rotationAllowed else {
                if c.pose != c.before {
                    fail(
                        .rotationOnlyWhenAllowed, tick: c.tick, "a twist moved the photo without allowRotation",
                        size: geometry.deviation(c.pose, from: c.before))
                }
                break
            }
            guard factor.isFinite, factor >= 0, rotation.isFinite, focal.isFinite else { break }
            guard let watch = pinch else { beginPinch(focal: focal, pose: c.pose); break }
            requested = checkTwist(
                watch, factor: factor, rotation: rotation, focal: focal, before: c.before, pose: c.pose,
                effects: effects, tick: c.tick)
        case .pinchEnded:
            pinchEnded(c)
        case .panEnded, .gestureCancelled:
            editorGesture = false
            endPinch()
            panStart = nil
        case .rotate90:
            rotate90(c)
        case .doubleTap(let point):
            guard point.isFinite, !editorGesture else { break }
            doubleTap(at: point, c)
        case .setZoomSlider(let percent, let animated):
            guard percent.isFinite, !editorGesture else { break }
            setZoomSlider(to: percent, animated: animated, c)
        case .incrementZoom, .decrementZoom:
            guard !editorGesture else { break }
            requested = stepZoom(up: event == .incrementZoom, c)
        case .recenter:
            guard !editorGesture else { break }
            recenter(c)
        case .resize(let size):
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { break }
            resized(to: size, c)
        case .setReduceMotion(let on):
            reduceMotionSwitched(on: on, c)
        case .memoryWarning:
            memoryWarning(effects: effects, tick: c.tick)
        case .confirm:
            confirm(c, effects: effects)
        case .cancel:
            dropMove()
            if editing { cancelled = true }
            stopEditing()
        case .cropFinished, .uploadFinished, .profileUpdated, .retry:
            // The flow after confirm: judged by `observeFlow` in every phase.
            break
        }
    }

    /// The editor begins a pinch: the image point under the fingers is the one it must keep there.
    private mutating func beginPinch(focal: Point, pose: Pose) {
        beginGesture()
        pinch = PinchWatch(
            startScale: pose.scale, baseFactor: 1,
            imagePoint: SpecGeometry.imagePoint(pose, under: focal - geometry.center),
            lastFactor: 1, lastFocal: focal, angle: pose.angle)
    }

    /// Confirm lands a running move where it is going, ends editing, and owes its feedback.
    private mutating func confirm(_ c: EventContext, effects: [EditorEffect]) {
        if c.wasAnimating, let running = move {
            if policies.confirmDuringMove == .landsTarget {
                finish(running, pose: c.pose, tick: c.tick, "confirm")
            } else {
                stayed(running, c, "confirm (policy confirmDuringMove: cropsFrame)")
            }
        }
        move = nil
        stopEditing()
        confirmed(pose: c.pose, effects: effects, tick: c.tick)
    }

    /// Reduce Motion switched on lands a running move at once, or (policy `reduceMotionMidMove:
    /// stops`) stops it where it is.
    private mutating func reduceMotionSwitched(on: Bool, _ c: EventContext) {
        reduceMotion = on
        guard on, c.wasAnimating, let running = move else { return }
        move = nil
        if policies.reduceMotionMidMove == .landsTarget {
            finish(running, pose: c.pose, tick: c.tick, "Reduce Motion switched on")
        } else {
            stayed(running, c, "Reduce Motion switched on (policy reduceMotionMidMove: stops)")
        }
    }

    /// The crop will fall back to the thumbnail; under policy `memoryNoticeAt: warning` the
    /// one-time notice comes with the first warning.
    private mutating func memoryWarning(effects: [EditorEffect], tick: Int) {
        memoryWarned = true
        if policies.memoryNoticeAt == .warning, !effects.contains(.show(.memoryFallback)),
            shown[.memoryFallback, default: 0] == 0
        {
            fail(
                .memoryFallbackNoticeShown, tick: tick,
                "a memory warning without \"\(Message.memoryFallback.text)\" (policy memoryNoticeAt: warning)")
        }
    }

    /// A running move that an event must leave where it is on screen.
    private mutating func stayed(_ running: Move, _ c: EventContext, _ why: String) {
        if !SpecTolerance.same(c.pose, c.before) {
            fail(
                running.property, tick: c.tick,
                "\(why) moved the photo from \(c.before.specDescription) to \(c.pose.specDescription)")
        }
    }

    /// Confirm or cancel: no gesture, pinch or snap window survives the end of editing.
    private mutating func stopEditing() {
        editing = false
        editorGesture = false
        endPinch()
    }

    /// A pan follows the finger from the pose before (or, under policy `panReference:
    /// fromStart`, from where the pan began plus every move since), clamped.
    private mutating func pan(by delta: Point, _ c: EventContext) -> Pose? {
        beginGesture()
        pinch = nil
        var from = c.before.translation
        if policies.panReference == .fromStart {
            let start = panStart ?? (translation: c.before.translation, moved: .zero)
            panStart = (start.translation, start.moved + delta)
            from = start.translation + start.moved
        }
        let asked = Pose(scale: c.before.scale, translation: from + delta, angle: c.before.angle)
        let expected = geometry.clamp(asked)
        let requested = Self.insideLimits(asked, clamped: expected) ? nil : asked
        if !SpecTolerance.same(c.pose, expected) {
            fail(
                .panFollowsFinger, tick: c.tick,
                "a pan by (\(delta.x), \(delta.y)) from \(c.before.specDescription) should end at \(expected.specDescription), got \(c.pose.specDescription)",
                size: geometry.deviation(c.pose, from: expected))
        }
        return requested
    }

    /// The fingers lift: a twist released within a snap window settles on its quarter turn.
    private mutating func pinchEnded(_ c: EventContext) {
        editorGesture = false
        if c.snapDue {
            let quarter = SpecGeometry.wrap(c.before.angle - SpecGeometry.tilt(c.before.angle))
            start(
                Move(
                    property: .snapOnRelease, from: c.before,
                    target: geometry.turnedTarget(from: c.before, to: quarter), anchor: .zero,
                    turn: -SpecGeometry.tilt(c.before.angle), turns: true), pose: c.pose, animating: c.animating,
                tick: c.tick)
        }
        endPinch()
    }

    /// The 90° button: a quarter turn clockwise about the mask center, animated only where every
    /// angle on the way is allowed; nothing at all without `allowRotation`.
    private mutating func rotate90(_ c: EventContext) {
        let g = geometry
        guard g.rotationAllowed else {
            if c.pose != c.before || (c.animating && !c.wasAnimating) {
                fail(
                    .rotationOnlyWhenAllowed, tick: c.tick, "the 90° button turned the photo without allowRotation",
                    size: c.pose != c.before ? geometry.deviation(c.pose, from: c.before) : nil)
            }
            return
        }
        guard !editorGesture else { return }
        adjusted()
        if c.wasAnimating {
            // Builds on the move in flight: not judged for where it lands, but it may turn.
            start(
                Move(property: .rotate90Target, from: c.before, target: nil, anchor: .zero, turns: true), pose: c.pose,
                animating: c.animating, tick: c.tick)
            return
        }
        let to = SpecGeometry.wrap(c.before.angle - SpecGeometry.tilt(c.before.angle) + 90)
        var turn = SpecGeometry.wrap(to - c.before.angle)
        if turn < -90 { turn += 360 }
        if c.animating && g.maxTilt < 45 {
            fail(
                .rotate90Target, tick: c.tick,
                "the quarter turn animates through angles past the photo's \(g.maxTilt)° tilt limit")
        } else if !c.animating && !reduceMotion && capabilities.contains(.animations)
            && g.sMax(0) > g.sMin(0) * 2.squareRoot() * (1 + SpecTolerance.zoom)
        {
            // ROT-90: animated wherever every angle on the way is allowed (a zoom range of at
            // least √2, clear of rounding); only Reduce Motion (or an editor that declares no
            // animations) makes it discrete then.
            fail(
                .rotate90Target, tick: c.tick,
                "the quarter turn lands at once; the zoom range \(g.sMax(0) / g.sMin(0)) ≥ √2 allows every angle on the way, so it animates with the transition spring"
            )
        }
        start(
            Move(
                property: .rotate90Target, from: c.before, target: g.turnedTarget(from: c.before, to: to),
                anchor: .zero,
                turn: turn, turns: true), pose: c.pose, animating: c.animating, tick: c.tick)
    }

    /// A double-tap moves to the next rung of the zoom ladder, keeping the tapped point in place.
    private mutating func doubleTap(at point: Point, _ c: EventContext) {
        let g = geometry
        if policies.instructionsHiddenBy != .panPinch { gestureSeen = true }
        let anchor = point - g.center
        // The ladder steps from the zoom of the frame, or (policy `baseDuringMove`) of the running
        // move's target; the tapped point is the one under the finger on the frame shown.
        let base = c.turningInFlight ? nil : moveBase(c)
        let target = base.flatMap { b in
            g.nextRung(after: b.scale, angle: b.angle).map {
                g.anchoredTarget(from: c.before, scale: $0, anchor: anchor)
            }
        }
        start(
            Move(property: .doubleTapRung, from: c.before, target: target, anchor: anchor, turns: c.turningInFlight),
            pose: c.pose, animating: c.animating, tick: c.tick)
    }

    /// The pose a double-tap's rung or an animated slider move builds on (policy
    /// `baseDuringMove`): the frame before it, or the target of the move in flight — nil when the
    /// oracle cannot tell that target (a rung boundary within rounding, an action that built on
    /// another move).
    private func moveBase(_ c: EventContext) -> Pose? {
        guard c.wasAnimating, baseOnMoveTarget else { return c.before }
        return moving ? runningMove.settledTarget : nil
    }

    /// The slider: animated to its scale about the mask center, or a dragged thumb that first
    /// lands any running move, then jumps.
    private mutating func setZoomSlider(to percent: Double, animated: Bool, _ c: EventContext) {
        let g = geometry
        adjusted()
        let scale = g.sliderScale(min(max(percent, 0), 100), angle: c.before.angle)
        if animated {
            start(
                Move(
                    property: .sliderTarget, from: c.before,
                    target: c.turningInFlight
                        ? nil : moveBase(c).map { g.anchoredTarget(from: $0, scale: scale, anchor: .zero) },
                    anchor: .zero, turns: c.turningInFlight), pose: c.pose, animating: c.animating, tick: c.tick)
        } else {
            let base = c.wasAnimating ? nil : c.before
            let midMove = sliderDragMidMove(scale: scale, c)
            dropMove()
            if let base {
                let target = g.anchoredTarget(from: base, scale: scale, anchor: .zero)
                land(.sliderTarget, target: target, pose: c.pose, tick: c.tick, "slider at \(percent) %")
            } else if let midMove, !SpecTolerance.same(c.pose, midMove.stopped) {
                land(
                    .sliderTarget, target: midMove.landed, pose: c.pose, tick: c.tick,
                    "slider at \(percent) % mid-move, from the move landed or the frame shown")
            }
        }
    }

    /// One increment step up or down the slider. At the end of the range nothing moves and the
    /// request presses against the limit: returned for the light-impact checks.
    private mutating func stepZoom(up: Bool, _ c: EventContext) -> Pose? {
        let g = geometry
        adjusted()
        guard !c.wasAnimating else {
            // Builds on the move in flight: a new spring, not judged for where it lands.
            start(
                Move(property: .incrementTarget, from: c.before, target: nil, anchor: .zero, turns: c.turningInFlight),
                pose: c.pose, animating: c.animating, tick: c.tick)
            return nil
        }
        let scale = g.sliderScale(
            g.sliderPercent(c.before.scale, angle: c.before.angle) + (up ? 1 : -1) * policies.incrementStep.percent,
            angle: c.before.angle)
        let atEnd = g.isOn(up ? .zoomMax : .zoomMin, c.before, slack: SpecTolerance.zoom * 1e3)
        guard atEnd else {
            start(
                Move(
                    property: .incrementTarget, from: c.before,
                    target: g.anchoredTarget(from: c.before, scale: scale, anchor: .zero),
                    anchor: .zero), pose: c.pose, animating: c.animating, tick: c.tick)
            return nil
        }
        // Pressing against the end of the range: nothing moves, the limit is felt (notes), or
        // (policy `incrementAtEnd: silent`) owes no impact.
        let asked = Pose(scale: scale, translation: c.before.translation, angle: c.before.angle)
        dropMove()
        land(
            .incrementTarget, target: g.clamp(asked), pose: c.pose, tick: c.tick,
            up ? "increment at the end" : "decrement at the end")
        return policies.incrementAtEnd == .presses ? asked : nil
    }

    /// Where a resize puts `base` (policy `resizeKeeps`). Under `relativeZoom` the kept zoom is
    /// clamped into the new range before the center point is placed: placing it at the unclamped
    /// zoom and clamping after (what `scaledPose` keeps: the same crop square) would move it off
    /// the center.
    static func resizedPose(
        _ base: Pose, from old: SpecGeometry, to new: SpecGeometry, keeping rule: Policies.ResizeKeeps
    ) -> Pose {
        let a = base.angle
        let s =
            switch rule {
            case .relativeZoom: new.clampScale(base.scale / old.sMin(a) * new.sMin(a), angle: a)
            case .scaledPose: base.scale / old.sMin(a) * new.sMin(a)
            case .absoluteZoom: new.clampScale(base.scale, angle: a)
            }
        let q = SpecGeometry.imagePoint(base, under: .zero)
        return new.clamp(
            Pose(scale: s, translation: SpecGeometry.translation(showing: q, at: .zero, scale: s, angle: a), angle: a))
    }

    /// A resize: the mask-center point and the zoom relative to s_min stay (policy
    /// `resizeKeeps`), from the pose at rest or, while a move animates, as policy `resizeMidMove`
    /// says (`Oracle+InFlight`); a pinch in progress re-anchors where its fingers are.
    private mutating func resized(to size: Size, _ c: EventContext) {
        let base = c.wasAnimating ? nil : c.before
        var running = moving ? runningMove : nil
        let settled = running?.settledTarget
        running?.target = settled
        dropMove()
        panStart = nil
        let old = geometry
        viewResized(to: size)
        if let base {
            let expected = Self.resizedPose(base, from: old, to: geometry, keeping: policies.resizeKeeps)
            if !SpecTolerance.same(c.pose, expected) {
                fail(
                    .resizeKeepsCenter, tick: c.tick,
                    "resize to \(size.width)x\(size.height) from \(base.specDescription) should give \(expected.specDescription), got \(c.pose.specDescription)",
                    size: geometry.deviation(c.pose, from: expected))
            }
        } else {
            resizedMidMove(running, c, from: old, size: size)
        }
        // A pinch re-anchors at its current span ratio; at ratio 0 (fingers on one spot) there is
        // nothing to divide by, and it keeps its start.
        if var watch = pinch, watch.lastFactor > 0 || policies.pinchAcrossResize == .scaleStart {
            if policies.pinchAcrossResize == .scaleStart {
                // The start kept, its zoom scaled with s_min: an overshoot stays remembered.
                watch.startScale *= geometry.sMin(watch.startAngle) / old.sMin(watch.startAngle)
            } else {
                watch.startScale = c.pose.scale
                watch.baseFactor = watch.lastFactor
            }
            watch.imagePoint = SpecGeometry.imagePoint(c.pose, under: watch.lastFocal - geometry.center)
            watch.startAngle = c.pose.angle
            watch.baseRotation = watch.lastRotation
            pinch = watch
            if watch.twisted { startSnapWatch(at: c.pose.angle) }
        }
        lastSliderPose = nil
    }
}
