import CropVocabulary

/// The spec oracle: watches one editing session event by event and tick by tick and records every
/// broken `Property`.
///
/// It restates the spec instead of asking the model: geometry from `SpecGeometry`, where discrete
/// actions must land, which limits a request pushed past, what must follow confirm and failures.
/// It keeps its own copy of everything it needs (the view, Reduce Motion, the session, the gesture,
/// the engaged limits, the running move) from the events it sees, so a bug in the model cannot
/// also hide itself. The simulator, the fuzzer and the property tests all judge with it.
@usableFromInline struct Oracle: Sendable {
    let source: SourceImage
    let config: AvatarCropperConfig
    var viewport: Viewport
    @usableFromInline private(set) var geometry: SpecGeometry
    var reduceMotion: Bool
    /// Confirm and cancel end editing (a failed crop resumes it): the editor ignores gestures and
    /// system events meanwhile, so the oracle must not judge them.
    var editing = true
    /// Cancel ends the session for good (`sessionFollowsFlow`).
    var cancelled = false
    var gestureSeen = false
    var memoryWarned = false
    /// The gesture the recognizer's event stream has open (for `gesturesWellFormed`).
    var stream: StreamGesture = .none
    /// Whether the editor has a pan or pinch going (it ignores double-taps and accessibility
    /// actions meanwhile).
    var editorGesture = false
    /// Limits whose light impact has fired and whose pose has not left them since: another impact
    /// for one of these is a repeat (judged leniently: left as soon as off by rounding).
    var disarmed: LimitSet = []
    /// The same, but left only when clearly off the limit: a push into one of these owes no impact.
    var engaged: LimitSet = []
    var shown: [Message: Int] = [:]
    /// Whether the zoom-limited tip and the low-resolution notice have shown: every frame of a
    /// photo that owes one asks, and a lookup in `shown` hashes the message's name: two stored
    /// flags answer without it.
    var zoomLimitedTipShown = false
    var lowDensityNoticeShown = false
    var pinch: PinchWatch?
    /// Under policy `panReference: fromStart`, where the pan began and how far the finger has
    /// moved since (nil: from the next update's pose).
    var panStart: (translation: Point, moved: Point)?
    /// The discrete action in flight: where it must land, and the spring it rides.
    var move: Move? {
        get { moving ? runningMove : nil }
        set {
            if let newValue { runningMove = newValue }
            moving = newValue != nil
        }
    }
    /// `move`, kept as a flag and a value: every event and frame asks whether a move runs, and
    /// testing an optional this large copies it.
    var moving = false
    var runningMove = Move(property: .doubleTapRung, from: Pose(scale: 1, translation: .zero), target: nil, anchor: .zero)
    var animationTicks = 0
    var lastSliderPose: Pose?
    var flow: Flow
    /// Whether the flow after confirm has begun (it never returns to editing; until then
    /// `endOfFlowTick` has nothing to judge): stored, because the simulator asks every tick.
    @usableFromInline var flowActive = false
    /// The turn at the last event or tick: it may change only by rotation (`angleChangesOnlyByRotation`).
    var angle = 0.0
    /// Whether the twist in progress holds the photo in a snap window (entering one is a haptic).
    var inSnapWindow = false
    /// The sides the last pose asked about sits on: an event's checks and the tick's re-arming ask
    /// about the same pose up to five times a tick. Cleared whenever the geometry changes.
    var sidesMemo: (pose: Pose, tight: LimitSet, loose: LimitSet)?

    /// What the model implements and the choices it declared where the spec is silent.
    let capabilities: Capabilities
    let policies: Policies
    /// The spring moves are held to, and whether their zoom follows the progress linearly
    /// (policies `transitionSpring`, `zoomInterpolation`).
    let timing: Timing
    /// Policies read on the per-event and per-tick paths, kept as flags (a computed property or
    /// a method reading `policies`, called from a mutating method, copies the whole oracle
    /// first).
    let zoomLinear: Bool
    let perAxisLimits: Bool
    /// Policies `pinchReference` and `pinchAnchor`: the zoom, and the image point the fingers
    /// keep, re-based on the update before.
    let zoomIncremental: Bool
    let anchorIncremental: Bool
    /// Policy `gridHidden: alsoDuringMoves`: the grid may hide while a move animates.
    let gridHiddenDuringMoves: Bool
    /// Frames after the first gesture's that the instructions may still show (policy
    /// `instructionsHide: fade`: 30, half a second; 0 otherwise).
    let instructionsFadeTicks: Int
    /// The tick at whose end the first gesture had been seen.
    var firstGestureTick: Int?
    /// Policy `zeroWidthRange: twoSides`: on an axis with no range each side is a limit of its own.
    let zeroWidthTwoSides: Bool
    /// The model snaps a released twist onto its quarter turn (`Capabilities.snap`).
    let snaps: Bool
    /// Policy `baseDuringMove: moveTarget`: a double-tap or slider move during another builds on
    /// that move's target.
    let baseOnMoveTarget: Bool
    let settleBound: Int
    /// Per-run properties the model's capabilities leave unjudged: reported as such, never as
    /// passed, and their checks' findings dropped.
    @usableFromInline let notJudged: [Property]
    let unjudged: Set<Property>

    /// Stored details are capped per property; `counts` has every occurrence.
    static let maxStoredPerProperty = 20
    @usableFromInline private(set) var violations: [Violation] = []
    @usableFromInline private(set) var counts: [Property: Int] = [:]

    enum StreamGesture { case none, pan, pinch }

    struct PinchWatch {
        var startScale: Double
        var baseFactor: Double
        var imagePoint: Point
        var lastFactor: Double
        /// In view points: after a resize the fingers are where they were on the glass.
        var lastFocal: Point
        /// The turn when the fingers' rotation was `baseRotation`, and the quarter turn the tilt
        /// limit is measured from (the one nearest where the pinch began).
        var startAngle: Double
        var baseRotation = 0.0
        var lastRotation = 0.0
        var home: Double
        /// The fingers' turn was recognized as a twist (its first `twistChanged` arrived).
        var twisted = false

        init(startScale: Double, baseFactor: Double, imagePoint: Point, lastFactor: Double, lastFocal: Point, angle: Double) {
            self.startScale = startScale
            self.baseFactor = baseFactor
            self.imagePoint = imagePoint
            self.lastFactor = lastFactor
            self.lastFocal = lastFocal
            startAngle = angle
            home = SpecGeometry.wrap(angle - SpecGeometry.tilt(angle))
        }
    }

    /// An animated (or, under Reduce Motion, instant) discrete action.
    ///
    /// An action that starts from a move still in flight (an increment, recenter, slider drag or
    /// resize builds on where that move was going) is not judged for where it lands: its base is
    /// a target the oracle predicted but never saw reached, so a wrong earlier target would be
    /// blamed on the later action. Every such action is judged whenever nothing is in flight.
    struct Move {
        var property: Property
        var from: Pose
        /// Where it must land; nil when the oracle cannot tell (a rung boundary within rounding).
        var target: Pose?
        /// Offset from the mask center whose image point the move keeps in place.
        var anchor: Point
        /// Degrees the move turns the photo (the 90° button, a snap): its spring is read from the angle.
        var turn = 0.0
        /// It may turn the photo: a snap, the 90° button, or an action building on one in flight.
        var turns = false
        /// Frames advanced so far.
        var frames = 0
        /// The first frame off the reference spring, reported when the move ends: if it also ends
        /// in the wrong place, that is the bug to name (the frames were measured against the
        /// oracle's target, so a wrong target makes them look off too).
        var springDeviation: SpringDeviation?
    }

    /// A frame off the reference spring, in numbers: the message is written only if it is
    /// reported, so a move copied every frame carries no string.
    struct SpringDeviation {
        var tick: Int
        var frame: Int
        var progress: Double
        var reference: Double
    }

    /// An oracle for one editing session of a model with `identity`'s capabilities and policies.
    init(request: OpenRequest, identity: ModelIdentity) {
        source = request.source
        config = request.config
        viewport = request.viewport
        capabilities = identity.capabilities
        policies = identity.policies
        geometry = SpecGeometry(source: source, viewport: viewport, config: config, policies: identity.policies)
        reduceMotion = request.reduceMotion
        flow = Flow(user: request.user, config: config, policies: identity.policies)
        timing = Self.timing(identity.policies.transitionSpring)
        zoomLinear = identity.policies.zoomInterpolation == .linear
        perAxisLimits = identity.policies.limitHaptics == .perAxis
        zoomIncremental = identity.policies.pinchReference == .incremental
        baseOnMoveTarget = identity.policies.baseDuringMove == .moveTarget
        snaps = identity.capabilities.contains(.snap)
        zeroWidthTwoSides = identity.policies.zeroWidthRange == .twoSides
        gridHiddenDuringMoves = identity.policies.gridHidden == .alsoDuringMoves
        instructionsFadeTicks = identity.policies.instructionsHide == .fade ? 30 : 0
        anchorIncremental = identity.policies.pinchAnchor == .likeZoom ? zoomIncremental : identity.policies.pinchAnchor == .incremental
        settleBound = timing.settleBound
        notJudged = Property.allCases.filter { $0.kind != .static && !$0.isJudged(given: identity.capabilities) }
        unjudged = Set(notJudged)
    }

    /// Records a violation found outside the oracle's own checks, so all are stored and counted alike.
    @usableFromInline mutating func record(_ property: Property, tick: Int, _ message: String) {
        fail(property, tick: tick, message)
    }

    mutating func fail(_ property: Property, tick: Int, _ message: String) {
        if !unjudged.isEmpty, unjudged.contains(property) { return }
        let n = counts[property, default: 0]
        counts[property] = n + 1
        if n < Self.maxStoredPerProperty {
            violations.append(Violation(property: property, tick: tick, time: Double(tick) / 60, message: message))
        }
    }

    // MARK: Opening

    /// Whether the editor was right to open or refuse the photo (R1.2, R1.3, R11.1, R11.4).
    /// `rejection` is the message the user saw, nil when the editor opened.
    static func judgeOpening(source: SourceImage, undecodable: Bool, rejection: String?) -> String? {
        let tooSmall = "This photo is too small for a profile picture"
        if undecodable {
            if rejection == nil { return "an undecodable photo opened the editor" }
            if rejection == tooSmall { return "an undecodable photo was refused as too small" }
            return nil
        }
        guard source.storedWidth > 0, source.storedHeight > 0 else { return nil }
        let short = min(source.storedWidth, source.storedHeight)
        if short < 320 && rejection != tooSmall {
            return "a photo with a \(short) px short side must be refused with \"\(tooSmall)\"; got \(rejection.map { "\"\($0)\"" } ?? "the editor")"
        }
        if short >= 320 && rejection == tooSmall {
            return "a photo with a \(short) px short side was refused as too small"
        }
        return nil
    }

    /// After the editor opened: the announcement and tips of R4.1, R8.4 and the density rule, the
    /// initial pose, and the first frame's invariants.
    @usableFromInline mutating func opened(_ editor: Observation, sliderPercent: Double, effects: [EditorEffect]) {
        if !effects.contains(.announce(.voiceOverIntro)) {
            fail(.voiceOverAnnounced, tick: 0, "no VoiceOver announcement at open")
        }
        let initial = Pose(scale: min(geometry.sMin * 1.05, geometry.sMax), translation: .zero)
        if !SpecTolerance.same(editor.pose, initial) {
            fail(.initialPose, tick: 0, "opened at \(editor.pose.specDescription); want \(initial.specDescription)")
        }
        count(effects, pose: editor.pose, tick: 0)
        endOfTick(editor, recognizerActive: false, tick: 0)
        judgeSlider(sliderPercent, pose: editor.pose, tick: 0)
    }

    // MARK: After every event

    /// After each event. `before`/`wasAnimating` describe the editor just before it, `pose` and
    /// `animating` just after; `effects` is what it returned.
    @usableFromInline mutating func observe(_ event: EditorEvent, before: Pose, wasAnimating: Bool, pose: Pose, animating: Bool,
                                 effects: [EditorEffect], tick: Int) {
        checkStream(event, tick: tick)
        let pinchEnded = if case .pinchEnded = event { true } else { false }
        let snapDue = pinchEnded && editing && snaps && pinch?.twisted == true && Self.inWindow(before.angle)
            && SpecGeometry.tilt(before.angle) != 0
        let turningInFlight = wasAnimating && moving && runningMove.turns
        switch event {
        case .panBegan, .pinchBegan, .panEnded, .pinchEnded, .gestureCancelled:
            if pose != before && !snapDue {
                fail(.handOverWithoutJump, tick: tick,
                     "\(event.specName) moved the image from \(before.specDescription) to \(pose.specDescription)")
            }
        default: break
        }
        let wasEditing = editing
        var requested: Pose?
        if wasEditing {
            let context = EventContext(before: before, wasAnimating: wasAnimating, pose: pose, animating: animating, tick: tick,
                                       snapDue: snapDue, turningInFlight: turningInFlight)
            editingEvent(event, context, effects: effects, requested: &requested)
        }
        observeFlow(event, wasEditing: wasEditing, pose: pose, effects: effects, tick: tick)
        if abs(SpecGeometry.wrap(pose.angle - before.angle)) > SpecTolerance.degrees {
            var turnsHere = turningInFlight || snapDue
            switch event {
            // A resize may shrink the tilt limit (s_max/s_min depends on the view): the clamp
            // brings the angle back within it.
            case .twistChanged, .rotate90, .resize: turnsHere = true
            default: break
            }
            if !turnsHere {
                fail(.angleChangesOnlyByRotation, tick: tick, "\(event.specName) turned the photo from \(before.angle)° to \(pose.angle)°")
            }
        }
        angle = pose.angle
        if case .twistChanged = event {} else if effects.contains(where: { if case .haptic(.snap) = $0 { true } else { false } }) {
            fail(.snapHapticOnEntry, tick: tick, "a snap haptic on \(event.specName), outside a twist")
        }
        let engagedBefore = engaged
        // Judged about the pinch's home quarter while a twist turns the photo.
        let twisted = pinch?.twisted == true
        let pushed = requested.map { Self.pushedSides($0, home: $0.angle == 0 && !twisted ? nil : pinch?.home, in: geometry) }
        if !effects.isEmpty { count(effects, pose: pose, tick: tick, pushed: pushed?.atAll) }
        if let pushed { pressed(pushed, engagedBefore: engagedBefore, effects: effects, pose: pose, tick: tick) }
        rearm(pose)
    }

    /// The recognizer's stream: one gesture at a time, changes inside it, taps outside any.
    @inline(__always) private mutating func checkStream(_ event: EditorEvent, tick: Int) {
        let ok: Bool
        switch event {
        case .panBegan: ok = stream == .none; stream = .pan
        case .pinchBegan: ok = stream == .none; stream = .pinch
        case .panChanged: ok = stream == .pan
        case .pinchChanged, .twistChanged: ok = stream == .pinch
        case .panEnded: ok = stream == .pan; stream = .none
        case .pinchEnded: ok = stream == .pinch; stream = .none
        case .gestureCancelled: ok = stream != .none; stream = .none
        case .doubleTap: ok = stream == .none
        default: ok = true
        }
        if !ok { fail(.gesturesWellFormed, tick: tick, "\(event.specName) arrived while the open gesture is \(stream)") }
    }

    /// The view changed size: the geometry follows, and the sides remembered for the last pose
    /// asked about no longer hold.
    mutating func viewResized(to size: Size) {
        viewport = Viewport(size: size, screenScale: viewport.screenScale)
        geometry = SpecGeometry(source: source, viewport: viewport, config: config, policies: policies)
        sidesMemo = nil
    }

    /// An adjustment other than a gesture (slider, VoiceOver step, recenter, 90°): the first
    /// gesture only under policy `instructionsHiddenBy: anyAdjustment`.
    mutating func adjusted() {
        if policies.instructionsHiddenBy == .anyAdjustment { gestureSeen = true }
    }

    mutating func beginGesture() {
        gestureSeen = true
        editorGesture = true
        dropMove()
    }

    /// A discrete action began: it lands now (Reduce Motion, or nothing to animate) or when its
    /// spring settles.
    mutating func start(_ m: Move, pose: Pose, animating: Bool, tick: Int) {
        dropMove()
        // A new move starts its spring from rest: the settle bound counts from here.
        animationTicks = 0
        if animating {
            // Under Reduce Motion a move lands in its event, or (policy `reduceMotion:
            // landOnNextTick`) by the end of the next tick, whose frame must not animate.
            if reduceMotion && policies.reduceMotion == .landInEvent {
                fail(.reduceMotionDiscrete, tick: tick, "\(m.property.rawValue) animates with Reduce Motion on")
            }
            move = m
        } else {
            if let target = m.target { land(m.property, target: target, pose: pose, tick: tick, "at once") }
        }
    }

    /// A running move ends where it should: first its target, then its spring.
    mutating func finish(_ running: Move, pose: Pose, tick: Int, _ when: String) {
        if let target = running.target, !SpecTolerance.same(pose, target) {
            land(running.property, target: target, pose: pose, tick: tick, when)
        } else if let d = running.springDeviation {
            fail(.springTiming, tick: d.tick,
                 "\(running.property.rawValue) frame \(d.frame) is at progress \(d.progress); the spring (\(timing.name)) is at \(d.reference)")
        }
    }

    /// A running move is cut short (a finger, a resize, another action). Its frames were measured
    /// against the oracle's target, which it never reached, so a deviation there cannot tell a
    /// wrong spring from a wrong target: it is not reported. Timing bugs show on every move that
    /// lands.
    mutating func dropMove() {
        moving = false
    }

    /// Judges where a discrete action ended.
    mutating func land(_ property: Property, target: Pose, pose: Pose, tick: Int, _ when: String) {
        if !SpecTolerance.same(pose, target) {
            fail(property, tick: tick, "ended at \(pose.specDescription); want \(target.specDescription) (\(when))")
        }
    }

    /// The sides a user request passes: `clearly` by more than `SpecTolerance.push` (its impact
    /// is owed), `at all` by more than rounding (it engages its axis).
    /// Zoom and pan are judged at the turn the clamp lets through; pan along the photo's axes.
    /// Static, with the geometry passed in: a method called from the oracle's mutating checks
    /// would copy the whole oracle per request.
    @inline(__always) private static func pushedSides(_ requested: Pose, home: Double? = nil, in g: SpecGeometry) -> (clearly: LimitSet, atAll: LimitSet) {
        var clearly = LimitSet(), atAll = LimitSet()
        func add(_ side: LimitSet, _ excess: Double, _ scale: Double) {
            if excess > SpecTolerance.zoom * scale { atAll.insert(side) }
            if excess > SpecTolerance.push * scale { clearly.insert(side) }
        }
        let a = g.clampAngle(requested.angle, home: home)
        if let home, g.maxTilt < 45 {
            let off = SpecGeometry.wrap(requested.angle - home)
            add(.tiltMin, -g.maxTilt - off, 1e-3)
            add(.tiltMax, off - g.maxTilt, 1e-3)
        }
        add(.zoomMin, g.sMin(a) - requested.scale, g.sMin(a) * 1e-3)
        add(.zoomMax, requested.scale - g.sMax(a), g.sMax(a) * 1e-3)
        let l = g.panLimit(g.clampScale(requested.scale, angle: a), angle: a)
        let u = SpecGeometry.turn(requested.translation, by: -a)
        add(.panMinX, -l.x - u.x, 1)
        add(.panMaxX, u.x - l.x, 1)
        add(.panMinY, -l.y - u.y, 1)
        add(.panMaxY, u.y - l.y, 1)
        return (clearly, atAll)
    }

    /// A user request (pan, pinch, an increment at the end) against the limits: every side it
    /// clearly pushed past that was not engaged owes a light impact naming its axis (R3.2, notes),
    /// and a push engages every side of its axis the clamped pose sits on (docs/editor-model.md,
    /// "An axis with no range"), impact or not.
    private mutating func pressed(_ pushed: (clearly: LimitSet, atAll: LimitSet), engagedBefore: LimitSet, effects: [EditorEffect],
                                  pose: Pose, tick: Int) {
        guard !pushed.atAll.isEmpty else { return }
        requireImpacts(pushed.clearly.subtracting(engagedBefore), effects: effects, pose: pose, tick: tick)
        // Under policy `zeroWidthRange: twoSides` a push engages only the sides it pushed: on an
        // axis with no range the other side is still a limit of its own.
        let engages = zeroWidthTwoSides ? pushed.atAll : Self.axes(touching: pushed.atAll)
        engaged.formUnion(Self.unit(sides(of: pose).loose.intersection(engages), perAxis: perAxisLimits))
    }


    /// Both sides of every axis with a side in `sides` (as `axis(of:)`, for a whole set at once).
    @inline(__always) static func axes(touching sides: LimitSet) -> LimitSet {
        var out = LimitSet()
        if !sides.isDisjoint(with: .zoom) { out.formUnion(.zoom) }
        if !sides.isDisjoint(with: .panX) { out.formUnion(.panX) }
        if !sides.isDisjoint(with: .panY) { out.formUnion(.panY) }
        if !sides.isDisjoint(with: .tilt) { out.formUnion(.tilt) }
        return out
    }

    private mutating func requireImpacts(_ sides: LimitSet, effects: [EditorEffect], pose: Pose, tick: Int) {
        guard !sides.isEmpty else { return }
        for reason in Self.reasons where !sides.isDisjoint(with: Self.sides(named: reason)) {
            if !effects.contains(where: { if case .haptic(.lightImpact(reason)) = $0 { true } else { false } }) {
                fail(.limitHapticOnEntry, tick: tick, "a request past the \(reason.rawValue) limit (now \(pose.specDescription)) got no light impact")
            }
        }
    }

    /// The pinch's pose: zoom = start × span ratio, clamped; the start's centroid point under the
    /// current centroid at that zoom; then the translation clamped. Under policies
    /// `pinchReference` / `pinchAnchor: incremental` the zoom / the anchored point are re-based on
    /// the pose the update before left. Returns the request for `pressed`, or nil when it lies
    /// within every limit.
    mutating func checkPinch(_ w: PinchWatch, factor: Double, focal: Point, before: Pose, pose: Pose, tick: Int) -> Pose? {
        if factor == 0 && policies.degeneratePinch == .ignore {
            // Both fingers on one point (policy `degeneratePinch: ignore`): the update is dropped.
            if !SpecTolerance.same(pose, before) {
                fail(.focalPointKept, tick: tick, "a pinch update with span ratio 0 is ignored (policy degeneratePinch), but it moved the photo from \(before.specDescription) to \(pose.specDescription)")
            }
            return nil
        }
        let g = geometry
        var watch = w
        // From the update before: after a span of 0 the change of span is undefined, and the
        // update is not judged.
        guard !(zoomIncremental || anchorIncremental) || watch.lastFactor > 0 else {
            pinch?.lastFactor = factor
            pinch?.lastFocal = focal
            return nil
        }
        if zoomIncremental {
            watch.startScale = before.scale
            watch.baseFactor = watch.lastFactor
        }
        if anchorIncremental { watch.imagePoint = SpecGeometry.imagePoint(before, under: watch.lastFocal - g.center) }
        watch.lastFactor = factor
        watch.lastFocal = focal
        pinch = watch
        let requestedScale = watch.startScale * factor / watch.baseFactor
        let a = watch.startAngle
        let s = g.clampScale(requestedScale, angle: a)
        let anchored = SpecGeometry.translation(showing: watch.imagePoint, at: focal - g.center, scale: s, angle: a)
        let expected = g.clamp(Pose(scale: s, translation: anchored, angle: a))
        if !SpecTolerance.same(pose, expected) {
            fail(.focalPointKept, tick: tick, "pinch factor \(factor) at (\(focal.x), \(focal.y)) should give \(expected.specDescription), got \(pose.specDescription)")
        }
        let asked = Pose(scale: requestedScale, translation: anchored, angle: a)
        return watch.twisted || !Self.insideLimits(asked, clamped: expected) ? asked : nil
    }

    /// Whether an unturned request lies within every limit, so that it pushes none
    /// (`pushedSides` would find nothing): the clamp left it exactly as it was. At 0° the clamp
    /// is a `min`/`max` per coordinate, so "unchanged" is "inside"; a turned request goes
    /// through a rotation and back, which may round, so it is always asked in full. NaN is
    /// never equal, so it is asked in full too.
    @inline(__always) static func insideLimits(_ asked: Pose, clamped: Pose) -> Bool {
        asked.angle == 0 && clamped.scale == asked.scale && clamped.angle == asked.angle
            && clamped.translation.x == asked.translation.x && clamped.translation.y == asked.translation.y
    }

    /// Whether a turn lies within `Turn`'s snap window, restated: 5° of a quarter turn.
    static func inWindow(_ degrees: Double) -> Bool { abs(SpecGeometry.tilt(degrees)) <= snapWindow }
    /// The design's snap-to-angle assist: "within 5°" of 0°, 90°, 180°, 270°.
    static let snapWindow = 5.0
    /// Within rounding (1e-9°) of a snap window's edge, where the editor's trigonometry and the
    /// oracle's may place the photo on either side.
    static func onWindowEdge(_ degrees: Double) -> Bool { abs(abs(SpecGeometry.tilt(degrees)) - snapWindow) < 1e-9 }

    /// A twist: the turn follows the fingers from where the twist was recognized, held within the
    /// tilt limit around the pinch's home quarter; zoom as in a pinch at that turn; the start's
    /// centroid point under the current centroid; then clamped. Entering a snap window owes one
    /// snap haptic; the guide line's state follows (`angleGuideShown`, judged per tick).
    mutating func checkTwist(_ w: PinchWatch, factor: Double, rotation: Double, focal: Point, before: Pose, pose: Pose,
                             effects: [EditorEffect], tick: Int) -> Pose {
        var watch = w
        let g = geometry
        if !watch.twisted {
            watch.twisted = true
            inSnapWindow = Self.inWindow(before.angle)
        }
        watch.lastFactor = factor
        watch.lastFocal = focal
        watch.lastRotation = rotation
        pinch = watch
        let requestedScale = watch.startScale * factor / watch.baseFactor
        let requestedAngle = watch.startAngle + (rotation - watch.baseRotation)
        let a = g.clampAngle(requestedAngle, home: watch.home)
        let s = g.clampScale(requestedScale, angle: a)
        let anchored = SpecGeometry.translation(showing: watch.imagePoint, at: focal - g.center, scale: s, angle: a)
        let expected = g.clamp(Pose(scale: s, translation: anchored, angle: a), home: watch.home)
        if !SpecTolerance.same(pose, expected) {
            fail(.twistFollowsFingers, tick: tick, "twist by \(rotation)° (factor \(factor)) at (\(focal.x), \(focal.y)) should give \(expected.specDescription), got \(pose.specDescription)")
        }
        let snaps = effects.filter { $0 == .haptic(.snap) }.count
        if Self.onWindowEdge(pose.angle) {
            // Within rounding of the window's edge either answer is right; the editor's answer
            // (did it buzz?) decides whether the twist is in.
            if snaps > 1 { fail(.snapHapticOnEntry, tick: tick, "\(snaps) snap haptics at once at \(pose.angle)°") }
            inSnapWindow = inSnapWindow || snaps == 1
        } else {
            let entering = Self.inWindow(pose.angle) && !inSnapWindow
            if snaps != (entering ? 1 : 0) {
                fail(.snapHapticOnEntry, tick: tick, entering ? "the twist entered the snap window at \(pose.angle)° with \(snaps) snap haptics; one is owed" : "\(snaps) snap haptics at \(pose.angle)° without entering a snap window")
            }
            inSnapWindow = Self.inWindow(pose.angle)
        }
        return Pose(scale: requestedScale, translation: anchored, angle: requestedAngle)
    }

    /// Effects any event or tick may carry: light impacts, tips, the crop request.
    mutating func count(_ effects: [EditorEffect], pose: Pose, tick: Int, pushed: LimitSet? = nil) {
        for effect in effects {
            switch effect {
            case .haptic(.lightImpact(let reason)):
                // The sides of the reason's axis the pose is on: one, or both where the axis has no
                // range. The impact is a repeat only if every one of them is still disarmed.
                var on = geometry.sides(pose, tight: SpecTolerance.points, loose: SpecTolerance.points).tight.intersection(Self.sides(named: reason))
                if zeroWidthTwoSides, let pushed, !on.intersection(pushed).isEmpty {
                    // Policy `zeroWidthRange: twoSides`: the impact is the pushed side's own.
                    on.formIntersection(pushed)
                }
                if on.isEmpty {
                    fail(.hapticsEdgeTriggered, tick: tick, "light impact \(reason.rawValue) while not at that limit (\(pose.specDescription))")
                } else if !perAxisLimits ? disarmed.isSuperset(of: on) : !disarmed.isDisjoint(with: Self.unit(on, perAxis: true)) {
                    fail(.hapticsEdgeTriggered, tick: tick, "repeated light impact \(reason.rawValue) without leaving the limit")
                }
                disarmed.formUnion(Self.unit(on, perAxis: perAxisLimits))
                engaged.formUnion(Self.unit(on, perAxis: perAxisLimits))
                // A cut engages every side of its axis the pose sits on (an axis with no range;
                // not under policy `zeroWidthRange: twoSides`). Lenient both ways: a repeat needs
                // the pose on that side within rounding, an owed impact is waived while it is
                // anywhere near it.
                if !zeroWidthTwoSides {
                    let near = sides(of: pose)
                    disarmed.formUnion(near.tight.intersection(Self.axis(of: reason)))
                    engaged.formUnion(near.loose.intersection(Self.axis(of: reason)))
                }
            case .show(let message):
                shown[message, default: 0] += 1
                if message == .zoomLimitedByQuality { zoomLimitedTipShown = true }
                if message == .lowDensity { lowDensityNoticeShown = true }
                if shown[message]! > 1 {
                    fail(.tipsAtMostOnce, tick: tick, "\"\(message.text)\" shown \(shown[message]!) times")
                }
            case .crop(let request):
                checkCrop(request, pose: pose, tick: tick)
            default: break
            }
        }
    }

    /// The sides a light impact's reason stands for, restated from the gesture notes: s_min,
    /// s_max, a pan clamp on either side of its axis, the tilt limit on either side.
    static func sides(named reason: LimitReason) -> LimitSet {
        switch reason {
        case .zoomMin: .zoomMin
        case .zoomMax: .zoomMax
        case .panClampX: .panX
        case .panClampY: .panY
        case .rotationLimit: .tilt
        }
    }

    /// Every reason, in a fixed order, built once (walked without allocating).
    static let reasons: [LimitReason] = LimitReason.allCases

    /// What one limit is (policy `limitHaptics`): each side, or under `perAxis` both sides of a
    /// pan or tilt axis at once (zoom keeps s_min and s_max apart: the notes name them). Static,
    /// with the policy passed in: a method called from the oracle's mutating checks would copy
    /// the whole oracle per call.
    @inline(__always) static func unit(_ sides: LimitSet, perAxis: Bool) -> LimitSet {
        guard perAxis else { return sides }
        return sides.intersection(.zoom).union(axes(touching: sides.subtracting(.zoom)))
    }

    /// Both sides of the axis a reason names.
    static func axis(of reason: LimitReason) -> LimitSet {
        switch reason {
        case .zoomMin, .zoomMax: .zoom
        case .panClampX: .panX
        case .panClampY: .panY
        case .rotationLimit: .tilt
        }
    }

    /// A side stays engaged while the pose sits on it: `disarmed` is left as soon as the pose is
    /// off by rounding, `engaged` only once it is clearly off.
    @inline(__always) private mutating func rearm(_ pose: Pose) {
        guard !engaged.isEmpty || !disarmed.isEmpty else { return }
        let (tight, loose) = sides(of: pose)
        disarmed.formIntersection(Self.unit(tight, perAxis: perAxisLimits))
        engaged.formIntersection(Self.unit(loose, perAxis: perAxisLimits))
    }

    /// The sides `pose` sits on within rounding (`tight`: `SpecTolerance.zoom`) and clearly
    /// (`loose`: `SpecTolerance.push`), from the memo when the pose is the last one asked about.
    mutating func sides(of pose: Pose) -> (tight: LimitSet, loose: LimitSet) {
        if let m = sidesMemo, m.pose == pose { return (m.tight, m.loose) }
        let both = geometry.sides(pose, tight: SpecTolerance.zoom, loose: SpecTolerance.push)
        sidesMemo = (pose, both.tight, both.loose)
        return both
    }

    private mutating func checkCrop(_ request: CropRequest, pose: Pose, tick: Int) {
        let g = geometry
        let crop = g.crop(pose)
        if crop.width < g.requiredCropSide * (1 - SpecTolerance.zoom) {
            fail(.confirmable, tick: tick, "confirmed a crop of \(crop.width) px per side; at least \(g.requiredCropSide) required")
        }
        let tolerance = SpecTolerance.pixels * max(g.width, g.height)
        let r = request.rect
        if abs(r.x - crop.x) > tolerance || abs(r.y - crop.y) > tolerance || abs(r.width - crop.width) > tolerance
            || abs(r.height - crop.height) > tolerance {
            fail(.confirmable, tick: tick, "crop request (\(r.x), \(r.y), \(r.width)x\(r.height)) differs from the mask's square (\(crop.x), \(crop.y), \(crop.width))")
        }
        if !Self.inside(request.storedRect, Double(source.storedWidth), Double(source.storedHeight), tolerance) {
            fail(.cropRectInSource, tick: tick, "stored crop rect \(request.storedRect) outside \(source.storedWidth)x\(source.storedHeight)")
        }
        if request.outputSize != config.outputSize || request.encoding != config.encoding || request.orientation != source.orientation {
            fail(.cropRequestMatchesConfig, tick: tick, "crop request for \(request.outputSize) px \(request.encoding), orientation \(request.orientation.rawValue); want \(config.outputSize) px \(config.encoding), orientation \(source.orientation.rawValue)")
        }
        if request.fromThumbnail != memoryWarned {
            fail(.memoryFallbackUsesThumbnail, tick: tick, memoryWarned ? "a memory warning came before confirm but the crop uses the original" : "the crop uses the thumbnail without a memory warning")
        }
        checkMapping(request, crop: crop, tick: tick)
        if abs(SpecGeometry.wrap(request.angle - pose.angle)) > SpecTolerance.degrees {
            fail(.cropTurnMatchesPose, tick: tick, "the crop request turns the output by \(request.angle)°; the photo is at \(pose.angle)°")
        }
        let outside = g.corners(pose).filter { Self.outside($0, g.width, g.height, tolerance) }
        if !outside.isEmpty {
            fail(.cropTurnMatchesPose, tick: tick, "the turned output square has corners outside \(g.width)x\(g.height): \(outside.map { "(\($0.x), \($0.y))" }.joined(separator: " "))")
        }
    }

    /// Whether point `p` lies outside `w × h` by more than `tolerance`.
    static func outside(_ p: Point, _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        p.x < -tolerance || p.y < -tolerance || p.x > w + tolerance || p.y > h + tolerance
    }

    /// Whether a corner of the turned output square lies outside `w × h` (the per-frame form of
    /// the filter in `checkCrop`, without an array).
    static func anyOutside(_ c: (Point, Point, Point, Point), _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        outside(c.0, w, h, tolerance) || outside(c.1, w, h, tolerance) || outside(c.2, w, h, tolerance)
            || outside(c.3, w, h, tolerance)
    }

    static func inside(_ r: Rect, _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        r.x >= -tolerance && r.y >= -tolerance && r.x + r.width <= w + tolerance && r.y + r.height <= h + tolerance
    }

    /// The confirm's obligations: success haptic (R3.3), the memory-fallback notice (R11.3).
    mutating func confirmed(pose: Pose, effects: [EditorEffect], tick: Int) {
        if !effects.contains(.haptic(.success)) {
            fail(.successHapticOnConfirm, tick: tick, "confirm without the success haptic")
        }
        let notice = effects.contains(.show(.memoryFallback))
        if memoryWarned && !notice && shown[.memoryFallback, default: 0] == 0 {
            fail(.memoryFallbackNoticeShown, tick: tick, "the crop falls back to the thumbnail but \"\(Message.memoryFallback.text)\" was not shown")
        } else if !memoryWarned && notice {
            fail(.memoryFallbackNoticeShown, tick: tick, "the memory-fallback notice shown without a memory warning")
        }
    }

    // MARK: After every tick

    /// After each tick: the frame's invariants, where moves land, the spring's timing, the tips
    /// that must have shown. Returns `wantsSliderReading` for the frame, so that the per-tick
    /// loop need not call back into the oracle for it.
    @discardableResult
    @usableFromInline mutating func endOfTick(_ editor: Observation, recognizerActive: Bool, tick: Int) -> Bool {
        let pose = editor.pose
        rearm(pose)
        guard pose.isFinite else {
            fail(.finiteState, tick: tick, pose.specDescription)
            return Self.sliderReadingDue(editor, recognizerActive: recognizerActive, lastRead: lastSliderPose)
        }
        let g = geometry
        let s = pose.scale
        let a = pose.angle
        if s < g.sMin(a) * (1 - SpecTolerance.zoom) || s > g.sMax(a) * (1 + SpecTolerance.zoom) {
            fail(.zoomInRange, tick: tick, "scale \(s) outside [\(g.sMin(a)), \(g.sMax(a))]" + (a == 0 ? "" : " at \(a)°"))
        }
        if a != 0 { checkTurn(editor, tick: tick) }
        if g.rotationAllowed {
            let guide = editing && pinch?.twisted == true && Self.inWindow(a)
            if editor.angleGuideVisible != guide, !Self.onWindowEdge(a) {
                fail(.angleGuideShown, tick: tick, guide ? "the guide line is hidden while the twist holds \(a)°" : "the guide line shows at \(a)° with no twist in a snap window")
            }
        } else if editor.angleGuideVisible {
            fail(.rotationOnlyWhenAllowed, tick: tick, "the angle guide line shows without allowRotation")
        }
        if g.densityEveryZoom && !g.lowDensity && g.sigma / s < g.minPixelPerPoint * (1 - SpecTolerance.zoom) {
            fail(.density, tick: tick, "\(g.sigma / s) px/pt at scale \(s), minimum \(g.minPixelPerPoint)")
        }
        let halfW = g.width / g.sigma * s / 2, halfH = g.height / g.sigma * s / 2
        let r = g.maskDiameter / 2
        // The circle is round: along the photo's own axes it needs the same room at any turn.
        // R(−θ) is worked out once for the frame: the mask, crop and corner checks all use it.
        let toPhoto = SpecGeometry.Rotation(-a)
        let u = toPhoto.apply(pose.translation)
        if abs(u.x) + r > halfW + SpecTolerance.points || abs(u.y) + r > halfH + SpecTolerance.points {
            fail(.maskCovered, tick: tick, "mask radius \(r) at (\(pose.translation.x), \(pose.translation.y)) leaves the image's half-size (\(halfW), \(halfH)) at scale \(s)")
        }
        let crop = g.crop(pose, toPhoto: toPhoto)
        let tolerance = SpecTolerance.pixels * max(g.width, g.height)
        if a == 0 ? !Self.inside(crop, g.width, g.height, tolerance)
            : Self.anyOutside(g.cornerQuad(of: crop, toPhoto: toPhoto), g.width, g.height, tolerance) {
            fail(.outputSquareCovered, tick: tick, "crop (\(crop.x), \(crop.y), side \(crop.width)) turned by \(-a)° outside \(g.width)x\(g.height)")
        }
        if capabilities.contains(.cropRect) { checkModelCrop(editor, crop: crop, tolerance: tolerance, tick: tick) }
        let session: SessionPhase = editing ? .editing : cancelled ? .cancelled : .confirmed
        if editor.session != session {
            fail(.sessionFollowsFlow, tick: tick, "the session is \(editor.session.rawValue); the flow so far makes it \(session.rawValue)")
        }
        if editor.session == .editing {
            if recognizerActive && editor.gridVisible {
                fail(.gridHiddenDuringGestures, tick: tick, "grid visible during an active gesture")
            } else if !recognizerActive && config.showGrid && !editor.gridVisible && !(gridHiddenDuringMoves && editor.animating) {
                fail(.gridHiddenDuringGestures, tick: tick, "grid still hidden with no gesture active")
            }
        }
        if gestureSeen, firstGestureTick == nil { firstGestureTick = tick }
        if editor.instructionsVisible == gestureSeen, !(editor.instructionsVisible && tick - (firstGestureTick ?? tick) < instructionsFadeTicks) {
            fail(.instructionsHiddenAfterFirstGesture, tick: tick,
                 gestureSeen ? "instructions still visible after the first gesture" : "instructions hidden before any gesture")
        }
        if g.zoomLimited, !zoomLimitedTipShown, !(g.densityCollapsed && lowDensityNoticeShown) {
            fail(.zoomLimitedTipShown, tick: tick, "s_max = s_min = \(g.sMin) but the tip was never shown")
        }
        if g.lowDensityNoticeOwed, !lowDensityNoticeShown {
            fail(.lowDensityNoticeShown, tick: tick, "σ / s_min = \(g.sigma / g.sMin) < \(g.minPixelPerPoint) but the low-resolution notice was never shown")
        }
        frame(editor, tick: tick)
        return Self.sliderReadingDue(editor, recognizerActive: recognizerActive, lastRead: lastSliderPose)
    }

    /// The model's own crop rectangle (`Capabilities.cropRect`) is the spec's, and its stored-grid
    /// version lies inside the stored photo.
    @inline(__always) private mutating func checkModelCrop(_ editor: Observation, crop: Rect, tolerance: Double, tick: Int) {
        let modelCrop = editor.cropRect
        if abs(modelCrop.x - crop.x) > tolerance || abs(modelCrop.y - crop.y) > tolerance
            || abs(modelCrop.width - crop.width) > tolerance || abs(modelCrop.height - crop.height) > tolerance {
            fail(.cropRectInSource, tick: tick, "model crop (\(modelCrop.x), \(modelCrop.y), \(modelCrop.width)x\(modelCrop.height)) differs from the spec's (\(crop.x), \(crop.y), \(crop.width))")
        }
        let stored = editor.storedCropRect
        if !Self.inside(stored, Double(source.storedWidth), Double(source.storedHeight), tolerance) {
            fail(.cropRectInSource, tick: tick, "stored crop (\(stored.x), \(stored.y), \(stored.width)x\(stored.height)) outside \(source.storedWidth)x\(source.storedHeight)")
        }
    }

    /// Whether the slider's reading is worth judging after this tick: the pose has come to rest
    /// (no finger on it, no animation — when VoiceOver reads it) somewhere new. Asking only then
    /// keeps a logarithm off every moving frame.
    func wantsSliderReading(_ editor: Observation, recognizerActive: Bool) -> Bool {
        Self.sliderReadingDue(editor, recognizerActive: recognizerActive, lastRead: lastSliderPose)
    }

    static func sliderReadingDue(_ editor: Observation, recognizerActive: Bool, lastRead: Pose?) -> Bool {
        !recognizerActive && !editor.animating && lastRead != editor.pose
    }

    /// R4.2: the slider reads percent = 100·log(s/s_min)/log(s_max/s_min) at rest.
    @usableFromInline mutating func judgeSlider(_ sliderPercent: Double, pose: Pose, tick: Int) {
        lastSliderPose = pose
        let g = geometry
        // Over a range narrower than a millionth the percent is all rounding: not judged.
        guard g.sMax(pose.angle) > g.sMin(pose.angle) * (1 + 1e-6) else { return }
        let want = g.sliderPercent(pose.scale, angle: pose.angle)
        if abs(sliderPercent - want) > SpecTolerance.percent {
            fail(.sliderReadsZoom, tick: tick, "slider reads \(sliderPercent) % at scale \(pose.scale); want \(want) %")
        }
    }

    /// Animation frames: Reduce Motion, the settle bound, the spring, and where a move lands.
    @inline(__always) private mutating func frame(_ editor: Observation, tick: Int) {
        if abs(SpecGeometry.wrap(editor.pose.angle - angle)) > SpecTolerance.degrees, !(moving && runningMove.turns) {
            fail(.angleChangesOnlyByRotation, tick: tick, "the photo turned from \(angle)° to \(editor.pose.angle)° between frames with no turn running")
        }
        angle = editor.pose.angle
        if editor.animating {
            animationTicks += 1
            if reduceMotion {
                fail(.reduceMotionDiscrete, tick: tick, "animating with Reduce Motion on")
            } else if animationTicks > settleBound {
                fail(.animatedFramesValid, tick: tick, "animation still running after \(animationTicks) ticks; the spring settles within \(settleBound)")
            }
            if moving {
                runningMove.frames += 1
                checkSpring(pose: editor.pose, tick: tick)
            }
        } else {
            animationTicks = 0
            if moving {
                moving = false
                finish(runningMove, pose: editor.pose, tick: tick, "after \(runningMove.frames) frames")
            }
        }
    }
}

extension EditorEvent {
    /// The event's name, for messages.
    public var specName: String {
        switch self {
        case .panBegan: "panBegan"
        case .panChanged: "panChanged"
        case .panEnded: "panEnded"
        case .pinchBegan: "pinchBegan"
        case .pinchChanged: "pinchChanged"
        case .pinchEnded: "pinchEnded"
        case .twistChanged: "twistChanged"
        case .rotate90: "rotate90"
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

extension Oracle {
    /// A turned photo: turning at all needs `allowRotation`, and the turn stays within the tilt the
    /// zoom range allows.
    mutating func checkTurn(_ editor: Observation, tick: Int) {
        let a = editor.pose.angle
        let g = geometry
        if !g.rotationAllowed {
            fail(.rotationOnlyWhenAllowed, tick: tick, "the photo is turned \(a)° without allowRotation")
        } else if abs(SpecGeometry.tilt(a)) > g.maxTilt + 1e-6 {
            fail(.tiltWithinLimit, tick: tick, "turned \(a)°, \(abs(SpecGeometry.tilt(a)))° from a quarter turn; the photo's zoom range allows \(g.maxTilt)°")
        }
    }
}
