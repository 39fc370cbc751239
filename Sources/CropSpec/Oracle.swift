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
    var runningMove = Move(
        property: .doubleTapRung, from: Pose(scale: 1, translation: .zero), target: nil, anchor: .zero)
    var animationTicks = 0
    var lastSliderPose: Pose?
    var flow: Flow
    /// When the crop and the upload attempt in flight started (`Oracle+Telemetry`).
    var telemetryClock = TelemetryClock()
    /// The running move's path so far (`Oracle+AnimationPath`).
    var path = PathWatch()
    /// Whether the flow after confirm has begun (it never returns to editing; until then
    /// `endOfFlowTick` has nothing to judge): stored, because the simulator asks every tick.
    @usableFromInline var flowActive = false
    /// The turn at the last event or tick: it may change only by rotation (`angleChangesOnlyByRotation`).
    var angle = 0.0
    /// Whether the twist in progress holds the photo in a snap window (entering one is a haptic).
    var inSnapWindow = false
    /// The twist began within rounding of a window's edge and has not left it: "within 5°" read
    /// inclusively or not, the editor may count the start in or out, so its first move inward may
    /// owe a snap or not (`Oracle.snapEntry`).
    var snapEntryUndecided = false
    /// The sides the last pose asked about sits on: an event's checks and the tick's re-arming ask
    /// about the same pose up to five times a tick. Cleared whenever the geometry changes.
    var sidesMemo: (pose: Pose, tight: LimitSet, loose: LimitSet)?
    /// The running move's zoom ratio and its logarithm (`checkSpring`); log 1 is 0 exactly.
    var springLog = (ratio: 1.0, log: 0.0)
    /// How the editor read a density gate on the knife edge (`SpecGeometry.densityOnKnifeEdge`),
    /// settled at open and kept across resizes.
    var lowDensityReading: Bool?
    /// The open was right under both readings of a knife-edge density gate (a range collapsed for
    /// quality shows R8.4's tip either way): nothing the editor showed chose one, so what it
    /// reports later (the crop telemetry's `lowDensity`) may take either.
    var densityReadingOpen = false

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
    /// The model reports its crop rectangle (`Capabilities.cropRect`), which every frame checks:
    /// a flag, because `Capabilities.cropRect` is a global read through an accessor call.
    let checksModelCrop: Bool
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
    /// Target deviations below `SpecTolerance.subPixel` (`Violation.isSubPixel`), kept apart:
    /// stored and counted like the others, failing only when the run asks.
    @usableFromInline private(set) var subPixel: [Violation] = []
    @usableFromInline private(set) var subPixelCounts: [Property: Int] = [:]

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

        init(
            startScale: Double, baseFactor: Double, imagePoint: Point, lastFactor: Double, lastFocal: Point,
            angle: Double
        ) {
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
        /// A second place it may rightly land (a recenter mid-move: the zoom on screen or the
        /// one the move was heading to; `Oracle+InFlight`).
        var otherTarget: Pose?
        /// Carried on across a resize: its frames follow a spring started in another layout, so
        /// only where it lands is judged.
        var carried = false

        /// The target when it is the only right one: what an action building on this move may
        /// take as its base.
        var settledTarget: Pose? { otherTarget == nil ? target : nil }

        /// Whether `pose` is where it may land.
        func lands(_ pose: Pose) -> Bool {
            target.map { SpecTolerance.same(pose, $0) } ?? true
                || otherTarget.map { SpecTolerance.same(pose, $0) } ?? false
        }
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
        checksModelCrop = identity.capabilities.contains(.cropRect)
        zeroWidthTwoSides = identity.policies.zeroWidthRange == .twoSides
        gridHiddenDuringMoves = identity.policies.gridHidden == .alsoDuringMoves
        instructionsFadeTicks = identity.policies.instructionsHide == .fade ? 30 : 0
        anchorIncremental =
            identity.policies.pinchAnchor == .likeZoom ? zoomIncremental : identity.policies.pinchAnchor == .incremental
        settleBound = timing.settleBound
        notJudged = Property.allCases.filter { $0.kind != .static && !$0.isJudged(given: identity.capabilities) }
        unjudged = Set(notJudged)
    }

    /// Records a violation found outside the oracle's own checks, so all are stored and counted alike.
    @usableFromInline mutating func record(_ property: Property, tick: Int, _ message: String) {
        fail(property, tick: tick, message)
    }

    /// Records a broken property; `size` is how big it is on the glass (a geometric property),
    /// which the message then says too.
    mutating func fail(_ property: Property, tick: Int, _ message: String, size: Magnitude? = nil) {
        if !unjudged.isEmpty, unjudged.contains(property) { return }
        let text = size.map { "\(message); \(property.magnitudeVerb) \($0.text)" } ?? message
        let v = Violation(property: property, tick: tick, time: Double(tick) / 60, message: text, magnitude: size)
        if v.isSubPixel {
            let n = subPixelCounts[property, default: 0]
            subPixelCounts[property] = n + 1
            if n < Self.maxStoredPerProperty { subPixel.append(v) }
            return
        }
        let n = counts[property, default: 0]
        counts[property] = n + 1
        if n < Self.maxStoredPerProperty { violations.append(v) }
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
            return
                "a photo with a \(short) px short side must be refused with \"\(tooSmall)\"; got \(rejection.map { "\"\($0)\"" } ?? "the editor")"
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
        if geometry.densityOnKnifeEdge { settleDensityReading(editor.pose, effects) }
        let initial = Pose(scale: min(geometry.sMin * 1.05, geometry.sMax), translation: .zero)
        if !SpecTolerance.same(editor.pose, initial) {
            fail(
                .initialPose, tick: 0, "opened at \(editor.pose.specDescription); want \(initial.specDescription)",
                size: geometry.deviation(editor.pose, from: initial))
        }
        count(effects, pose: editor.pose, tick: 0)
        endOfTick(editor, recognizerActive: false, tick: 0)
        judgeSlider(sliderPercent, pose: editor.pose, tick: 0)
    }

    // MARK: After every event

    /// After each event. `before`/`wasAnimating` describe the editor just before it, `pose` and
    /// `animating` just after; `effects` is what it returned.
    @usableFromInline mutating func observe(
        _ event: EditorEvent, before: Pose, wasAnimating: Bool, pose: Pose, animating: Bool,
        effects: [EditorEffect], tick: Int
    ) {
        checkStream(event, tick: tick)
        let pinchEnded = if case .pinchEnded = event { true } else { false }
        let snapDue =
            pinchEnded && editing && snaps && pinch?.twisted == true && Self.inWindow(before.angle)
            && SpecGeometry.tilt(before.angle) != 0
        let turningInFlight = wasAnimating && moving && runningMove.turns
        switch event {
        case .panBegan, .pinchBegan, .panEnded, .pinchEnded, .gestureCancelled:
            if pose != before && !snapDue {
                fail(
                    .handOverWithoutJump, tick: tick,
                    "\(event.specName) moved the image from \(before.specDescription) to \(pose.specDescription)",
                    size: geometry.deviation(pose, from: before))
            }
        default: break
        }
        let wasEditing = editing
        var requested: Pose?
        if wasEditing {
            let context = EventContext(
                before: before, wasAnimating: wasAnimating, pose: pose, animating: animating, tick: tick,
                snapDue: snapDue, turningInFlight: turningInFlight)
            editingEvent(event, context, effects: effects, requested: &requested)
        } else if pose != before {
            ignoredAfterSession(event, before: before, pose: pose, tick: tick)
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
                fail(
                    .angleChangesOnlyByRotation, tick: tick,
                    "\(event.specName) turned the photo from \(before.angle)° to \(pose.angle)°",
                    size: geometry.turnDeviation(pose.angle, from: before.angle))
            }
        }
        angle = pose.angle
        if case .twistChanged = event {
            // The angle is kept in (−180°, 180°] (docs/rotation.md), as the angle label shows it:
            // a twist carried past a half turn reads −170°, not 190°.
            if !(pose.angle > -180 && pose.angle <= 180) {
                fail(
                    .angleInRange, tick: tick,
                    "the twist left the angle at \(pose.angle)°; angles are kept in (−180°, 180°]")
            }
        } else if effects.contains(where: { if case .haptic(.snap) = $0 { true } else { false } }) {
            fail(.snapHapticOnEntry, tick: tick, "a snap haptic on \(event.specName), outside a twist")
        }
        let engagedBefore = engaged
        // Judged about the pinch's home quarter while a twist turns the photo.
        let twisted = pinch?.twisted == true
        // Not `requested.map { … }`: reading the geometry inside the closure copied it per event.
        var pushed: (clearly: LimitSet, atAll: LimitSet)?
        if let requested {
            pushed = Self.pushedSides(
                requested, home: requested.angle == 0 && !twisted ? nil : pinch?.home, in: geometry)
        }
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
        if !ok {
            fail(.gesturesWellFormed, tick: tick, "\(event.specName) arrived while the open gesture is \(stream)")
        }
    }

    /// A density gate on the knife edge (σ / s_min equal to minPixelPerPoint within rounding): the
    /// spec's "below the minimum" is then the last bit of two formulas, and either reading is right
    /// (a boundary-drawn config made an independent editor read "not low" where the oracle's `<`
    /// read "low"). The oracle takes the reading under which the editor's open is right — its
    /// initial pose, and the low-resolution notice or R8.4's tip where that reading owes one — the
    /// spec's `<` when both are, and holds the editor to it from then on; when both are, the
    /// telemetry's own `lowDensity` flag is not held to it (`densityReadingOpen`).
    mutating func settleDensityReading(_ pose: Pose, _ effects: [EditorEffect]) {
        let strict = geometry.sigma / geometry.sMin < config.minPixelPerPoint
        let notice = effects.contains(.show(.lowDensity)), tip = effects.contains(.show(.zoomLimitedByQuality))
        func opensRight(_ g: SpecGeometry) -> Bool {
            let warned = g.densityCollapsed ? notice || tip : notice == g.lowDensityNoticeOwed
            return warned && SpecTolerance.same(pose, Pose(scale: min(g.sMin * 1.05, g.sMax), translation: .zero))
        }
        let other = SpecGeometry(
            source: source, viewport: viewport, config: config, policies: policies,
            lowDensityReading: !strict)
        let right = (spec: opensRight(geometry), other: opensRight(other))
        densityReadingOpen = right.spec && right.other
        guard !right.spec, right.other else { return }
        lowDensityReading = !strict
        geometry = other
        sidesMemo = nil
    }

    /// The view changed size: the geometry follows, and the sides remembered for the last pose
    /// asked about no longer hold.
    mutating func viewResized(to size: Size) {
        viewport = Viewport(size: size, screenScale: viewport.screenScale)
        geometry = SpecGeometry(
            source: source, viewport: viewport, config: config, policies: policies,
            lowDensityReading: lowDensityReading)
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
        let atRest = !moving && animationTicks == 0
        dropMove()
        // A new move starts its spring from rest: the settle bound counts from here.
        animationTicks = 0
        if animating {
            // Under Reduce Motion a move lands in its event, or (policy `reduceMotion:
            // landOnNextTick`) by the end of the next tick, whose frame must not animate.
            if reduceMotion && policies.reduceMotion == .landInEvent {
                fail(.reduceMotionDiscrete, tick: tick, "\(m.property.rawValue) animates with Reduce Motion on")
            } else if atRest && !reduceMotion && m.property == .recenterTarget && m.target == m.from {
                // A transition goes between two poses: a recenter of a photo at rest and centered
                // has none to run. Only recenter: its target (translation 0 at the zoom on
                // screen) is exact in every editor; another action's target computed by the
                // editor may differ from the oracle's by an ulp, and then it may animate.
                fail(
                    .animatedFramesValid, tick: tick,
                    "\(m.property.rawValue) animates a move to \(m.from.specDescription), where the photo already is at rest"
                )
            }
            move = m
        } else {
            if let target = m.target, !m.lands(pose) {
                land(m.property, target: target, pose: pose, tick: tick, "at once")
            }
        }
    }

    /// A running move ends where it should: first its target, then its spring.
    mutating func finish(_ running: Move, pose: Pose, tick: Int, _ when: String) {
        if let target = running.target, !running.lands(pose) {
            land(running.property, target: target, pose: pose, tick: tick, when)
        } else if running.carried || !(running.target.map { SpecTolerance.same(pose, $0) } ?? true) {
            // Its frames were read against its other target, or a layout it left: not judged.
        } else if let d = running.springDeviation {
            fail(
                .springTiming, tick: d.tick,
                "\(running.property.rawValue) frame \(d.frame) is at progress \(d.progress); the spring (\(timing.name)) is at \(d.reference)"
            )
        } else {
            reportPath(of: running)
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
            fail(
                property, tick: tick, "ended at \(pose.specDescription); want \(target.specDescription) (\(when))",
                size: geometry.deviation(pose, from: target))
        }
    }
}
