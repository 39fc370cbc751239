import CropVocabulary

/// Direct manipulation (R2.1–2.2, R2.4–2.5, R8.3; gesture notes), the discrete actions that
/// animate, and the system's events.
extension TeamEditor {
    // MARK: Pan and pinch

    mutating func panBegan() {
        if editing { beginGesture(.pan) }
    }

    /// The photo follows the finger 1:1, clamped on every update.
    mutating func panChanged(by delta: Point, into effects: inout [EditorEffect]) {
        guard editing, delta.isFinite else { return }
        beginGesture(.pan)
        press(scale: pose.scale, tx: pose.translation.x + delta.x, ty: pose.translation.y + delta.y, into: &effects)
    }

    mutating func pinchBegan(at focal: Point) {
        guard editing, focal.isFinite else { return }
        beginGesture(.pinch)
        pinch = Pinch(
            startScale: pose.scale, baseFactor: 1, imagePoint: imagePoint(under: focal), lastFactor: 1, lastFocal: focal
        )
    }

    /// Computed from the pinch's start, so nothing accumulates: the image point under the starting
    /// centroid goes under the current centroid at the clamped zoom, then the pan is clamped.
    mutating func pinchChanged(_ factor: Double, at focal: Point, into effects: inout [EditorEffect]) {
        guard editing, factor.isFinite, focal.isFinite, factor >= 0 else { return }
        guard var p = pinch else { return pinchBegan(at: focal) }  // its began was lost
        p.lastFactor = factor
        p.lastFocal = focal
        pinch = p
        let requested = p.startScale * factor / p.baseFactor
        let s = geometry.clampScale(requested)
        let offset = focal - geometry.center
        press(scale: requested, tx: offset.x - p.imagePoint.x * s, ty: offset.y - p.imagePoint.y * s, into: &effects)
    }

    /// A finger on the photo stops any move where it is and owns the pose until it lifts.
    mutating func beginGesture(_ kind: GestureKind) {
        move = nil
        gesture = kind
        gestureSeen = true
        if kind == .pan { pinch = nil }
    }

    mutating func endGesture() {
        gesture = .idle
        pinch = nil
    }

    /// The unscaled image point under a view point.
    func imagePoint(under p: Point) -> Point {
        (p - geometry.center - pose.translation) / pose.scale
    }

    // MARK: Discrete actions: they ride the spring unless Reduce Motion is on

    mutating func doubleTap(at point: Point) {
        guard editing, point.isFinite, gesture == .idle else { return }
        gestureSeen = true
        let anchor = point - geometry.center
        move(to: geometry.anchored(pose, to: geometry.nextRung(after: pose.scale), at: anchor), anchor: anchor)
    }

    mutating func setZoomSlider(_ percent: Double, animated: Bool) {
        guard editing, percent.isFinite, gesture == .idle else { return }
        let percent = clamped(percent, 0, 100)
        if !animated {  // a dragged thumb lands any move, then jumps
            land()
            pose = geometry.anchored(pose, to: geometry.sliderScale(percent), at: .zero)
            return
        }
        move(to: geometry.anchored(pose, to: geometry.sliderScale(percent), at: .zero), anchor: .zero)
    }

    /// VoiceOver adjustable: one 5 % step. At the end of the range it presses against the limit:
    /// nothing moves, and it is felt once.
    mutating func stepZoom(up: Bool, into effects: inout [EditorEffect]) {
        guard editing, gesture == .idle else { return }
        let g = geometry
        let step = up ? Tuning.sliderStep : -Tuning.sliderStep
        if let running = move {  // one step on from where the running move is going
            let base = g.sliderPercent(running.target.scale)
            move(to: g.anchored(pose, to: g.sliderScale(base + step), at: .zero), anchor: .zero)
            return
        }
        let requested = g.sliderScale(g.sliderPercent(pose.scale) + step)
        let atEnd = up ? pose.scale >= g.sMax * (1 - Tuning.atEnd) : pose.scale <= g.sMin * (1 + Tuning.atEnd)
        if atEnd {
            press(scale: requested, tx: pose.translation.x, ty: pose.translation.y, into: &effects)
        } else {
            move(to: g.anchored(pose, to: requested, at: .zero), anchor: .zero)
        }
    }

    mutating func recenter() {
        guard editing, gesture == .idle else { return }
        let s = move?.target.scale ?? pose.scale
        move(to: Pose(scale: s, translation: .zero), anchor: .zero)
    }

    /// Starts a move (replacing any running one), or lands it at once under Reduce Motion or
    /// when it would go nowhere.
    mutating func move(to target: Pose, anchor: Point) {
        move = nil
        let still =
            abs(target.scale / pose.scale - 1) <= 1e-12
            && abs(target.translation.x - pose.translation.x) <= 1e-9
            && abs(target.translation.y - pose.translation.y) <= 1e-9
        if reduceMotion || still {
            pose = target
        } else {
            move = Transition(from: pose, to: target, anchor: anchor)
        }
    }

    /// A running move jumps to its end.
    mutating func land() {
        if let running = move {
            pose = running.target
            move = nil
        }
    }

    // MARK: System events

    /// The image point under the mask center stays there and the zoom keeps its ratio to s_min;
    /// a pinch in progress carries on from where the fingers are, without a jump.
    mutating func resize(to size: Size, into effects: inout [EditorEffect]) {
        guard editing, size.isFinite, size.width > 0, size.height > 0 else { return }
        land()
        let old = geometry
        let g = CropGeometry(
            width: old.width, height: old.height, screenScale: old.screenScale, view: size, config: config)
        geometry = g
        let s = pose.scale / old.sMin * g.sMin
        let q = Point(x: -pose.translation.x / pose.scale, y: -pose.translation.y / pose.scale)
        pose = g.clamp(scale: s, tx: -q.x * s, ty: -q.y * s)
        if var p = pinch, p.lastFactor > 0 {
            p.startScale = pose.scale
            p.baseFactor = p.lastFactor
            p.imagePoint = imagePoint(under: p.lastFocal)
            pinch = p
        }
        showRangeTips(into: &effects)
    }

    mutating func setReduceMotion(_ on: Bool) {
        guard editing else { return }
        reduceMotion = on
        if on { land() }
    }

    mutating func cancel() {
        guard editing else { return }
        move = nil
        endGesture()
        session = .cancelled
    }

    // MARK: Tips

    mutating func show(_ message: Message, into effects: inout [EditorEffect]) {
        if shown.insert(message).inserted { effects.append(.show(message)) }
    }

    /// R8.4's one-time tip, and the density notice, when they first apply.
    mutating func showRangeTips(into effects: inout [EditorEffect]) {
        if geometry.zoomLimited { show(.zoomLimitedByQuality, into: &effects) }
        if geometry.lowDensity { show(.lowDensity, into: &effects) }
    }
}
