import CropVocabulary

/// The limits a request pushes past and the light impacts they owe (R3.2, the notes' haptics):
/// which sides a pan, pinch or step pushed, which impacts are owed and which are repeats, and the
/// oracle's own engaged and disarmed sides (policies `limitHaptics`, `zeroWidthRange`).
extension Oracle {
    /// The sides a user request passes: `clearly` by more than `SpecTolerance.push` (its impact
    /// is owed), `at all` by more than rounding (it engages its axis).
    /// Zoom and pan are judged at the turn the clamp lets through; pan along the photo's axes.
    /// Static, with the geometry passed in: a method called from the oracle's mutating checks
    /// would copy the whole oracle per request.
    @inline(__always) static func pushedSides(_ requested: Pose, home: Double? = nil, in g: SpecGeometry) -> (
        clearly: LimitSet, atAll: LimitSet
    ) {
        var clearly = LimitSet(), atAll = LimitSet()
        func add(_ side: LimitSet, _ excess: Double, _ scale: Double, owedFrom owed: Double? = nil) {
            if excess > SpecTolerance.zoom * scale { atAll.insert(side) }
            if excess > owed ?? SpecTolerance.push * scale { clearly.insert(side) }
        }
        let a = g.clampAngle(requested.angle, home: home)
        if let home, g.maxTilt < 45 {
            let off = SpecGeometry.wrap(requested.angle - home)
            add(.tiltMin, -g.maxTilt - off, 1e-3)
            add(.tiltMax, off - g.maxTilt, 1e-3)
        }
        // A zoom impact is owed past a millionth of the limit: at 1e-9 (`push` × 1e-3) it was
        // owed exactly where an editor's own rounding may still call the request uncut (a
        // boundary-drawn pinch asking for s_max × (1 + 1e-9) was a false alarm).
        add(.zoomMin, g.sMin(a) - requested.scale, g.sMin(a) * 1e-3, owedFrom: SpecTolerance.push * g.sMin(a))
        add(.zoomMax, requested.scale - g.sMax(a), g.sMax(a) * 1e-3, owedFrom: SpecTolerance.push * g.sMax(a))
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
    mutating func pressed(
        _ pushed: (clearly: LimitSet, atAll: LimitSet), engagedBefore: LimitSet, effects: [EditorEffect],
        pose: Pose, tick: Int
    ) {
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
                fail(
                    .limitHapticOnEntry, tick: tick,
                    "a request past the \(reason.rawValue) limit (now \(pose.specDescription)) got no light impact")
            }
        }
    }

    /// Effects any event or tick may carry: light impacts, tips, the crop request.
    mutating func count(_ effects: [EditorEffect], pose: Pose, tick: Int, pushed: LimitSet? = nil) {
        for effect in effects {
            switch effect {
            case .haptic(.lightImpact(let reason)):
                // The sides of the reason's axis the pose is on: one, or both where the axis has no
                // range. The impact is a repeat only if every one of them is still disarmed.
                var on = geometry.sides(pose, tight: SpecTolerance.points, loose: SpecTolerance.points).tight
                    .intersection(Self.sides(named: reason))
                if zeroWidthTwoSides, let pushed, !on.intersection(pushed).isEmpty {
                    // Policy `zeroWidthRange: twoSides`: the impact is the pushed side's own.
                    on.formIntersection(pushed)
                }
                if on.isEmpty {
                    fail(
                        .hapticsEdgeTriggered, tick: tick,
                        "light impact \(reason.rawValue) while not at that limit (\(pose.specDescription))")
                } else if !perAxisLimits
                    ? disarmed.isSuperset(of: on) : !disarmed.isDisjoint(with: Self.unit(on, perAxis: true))
                {
                    fail(
                        .hapticsEdgeTriggered, tick: tick,
                        "repeated light impact \(reason.rawValue) without leaving the limit")
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
    @inline(__always) mutating func rearm(_ pose: Pose) {
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
}
