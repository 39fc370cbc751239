import CropVocabulary

/// Clamping a user's request and the light impacts at the limits (R3.2; gesture notes: on the
/// transition into a limit, not on every frame there). Policy limitHaptics perAxis: zoomMin and
/// zoomMax are two limits, a pan axis is one.
extension TeamEditor {
    /// The limits as `engaged` holds them: a pan axis is both its sides at once.
    private static let limits: [LimitSet] = [.zoomMin, .zoomMax, .panX, .panY]

    /// Clamps a pan, pinch or increment-at-the-end request and buzzes for each limit it newly
    /// pushes into.
    mutating func press(scale s: Double, tx: Double, ty: Double, into effects: inout [EditorEffect]) {
        let g = geometry
        pose = g.clamp(scale: s, tx: tx, ty: ty)
        let limit = g.panLimit(pose.scale)
        var passed = LimitSet()
        if g.sMin - s > Tuning.cutZoom * g.sMin { passed.insert(.zoomMin) }
        if s - g.sMax > Tuning.cutZoom * g.sMax { passed.insert(.zoomMax) }
        if -limit.x - tx > Tuning.cutPoints { passed.insert(.panMinX) }
        if tx - limit.x > Tuning.cutPoints { passed.insert(.panMaxX) }
        if -limit.y - ty > Tuning.cutPoints { passed.insert(.panMinY) }
        if ty - limit.y > Tuning.cutPoints { passed.insert(.panMaxY) }
        cut = passed
        guard !passed.isEmpty else { return }

        for (side, reason) in [(LimitSet.zoomMin, LimitReason.zoomMin), (.zoomMax, .zoomMax)]
        where passed.contains(side) && !engaged.contains(side) {
            effects.append(.haptic(.lightImpact(reason)))
        }
        if !passed.isDisjoint(with: .zoom) {
            // A zoom push engages every zoom limit the pose sits on: with s_max = s_min, both.
            for side in [LimitSet.zoomMin, .zoomMax] where passed.contains(side) || isOn(side) { engaged.insert(side) }
        }
        for (axis, reason) in [(LimitSet.panX, LimitReason.panClampX), (.panY, .panClampY)]
        where !passed.isDisjoint(with: axis) && !engaged.contains(axis) {
            effects.append(.haptic(.lightImpact(reason)))
            engaged.formUnion(axis)
        }
    }

    /// Whether the pose sits on a limit (within the cut tolerance); a pan axis on either side.
    func isOn(_ limit: LimitSet) -> Bool {
        let g = geometry
        switch limit {
        case .zoomMin: return pose.scale <= g.sMin * (1 + Tuning.cutZoom)
        case .zoomMax: return pose.scale >= g.sMax * (1 - Tuning.cutZoom)
        default:
            let bound = g.panLimit(pose.scale)
            let (t, l) = limit == .panX ? (pose.translation.x, bound.x) : (pose.translation.y, bound.y)
            return t <= -l + Tuning.cutPoints || t >= l - Tuning.cutPoints
        }
    }

    /// A limit disengages once the pose has left it (a pan axis: left both its sides).
    mutating func rearm() {
        guard !engaged.isEmpty else { return }
        for limit in Self.limits where engaged.isSuperset(of: limit) && !isOn(limit) { engaged.subtract(limit) }
    }
}
