import CropVocabulary

/// Combinations in flight (issue 33): an event that arrives while a discrete move animates.
///
/// Such an event used to be judged for nothing but the invariants: its base was "a target the
/// oracle predicted but never saw reached". Where the running move's target is known, that is no
/// longer a reason: a resize, a recenter or a dragged slider thumb that builds on the move owes a
/// pose the spec (and the declared policies) fix, whichever reading of "the current zoom" or
/// "the pose" the editor takes. A resize that forgot the animation, stopped it where a policy
/// says it lands, or recentered at the zoom the move started from passed every campaign before.
extension Oracle {
    /// A resize while a move animates (policy `resizeMidMove`): the move lands on its target and
    /// the resize keeps that pose (`landsTarget`); it stops on the frame shown, which the resize
    /// keeps (`stops`); or the resize keeps the frame shown and the move carries on to its target
    /// kept the same way (`carriesOn`), where it must land. Each "keeps" is policy `resizeKeeps`.
    /// `running` is the move the oracle had in flight (nil when it had none).
    mutating func resizedMidMove(_ running: Move?, _ c: EventContext, from old: SpecGeometry, size: Size) {
        let rule = policies.resizeKeeps, reading = policies.resizeMidMove
        let carried = running?.target.map { Self.resizedPose($0, from: old, to: geometry, keeping: rule) }
        let expected =
            reading == .landsTarget ? carried : Self.resizedPose(c.before, from: old, to: geometry, keeping: rule)
        if let expected, !SpecTolerance.same(c.pose, expected) {
            let what = running.map { "\($0.property.rawValue) animates" } ?? "a move animates"
            fail(
                .resizeKeepsCenter, tick: c.tick,
                "resize to \(size.width)x\(size.height) while \(what) from \(c.before.specDescription) (policy resizeMidMove: \(reading.rawValue)) should give \(expected.specDescription), got \(c.pose.specDescription)",
                size: geometry.deviation(c.pose, from: expected))
        }
        guard reading == .carriesOn, var move = running else { return }
        guard c.animating else {
            // Stopped at the resize: only right where the frame kept is the target kept.
            if let carried {
                land(
                    move.property, target: carried, pose: c.pose, tick: c.tick,
                    "a resize the move should carry on across")
            }
            return
        }
        // Its frames follow a spring started in the old layout: only where it lands is judged.
        move.from = c.pose
        move.target = carried
        move.carried = true
        self.move = move
        path.deviation = nil
    }

    /// Recenter: "translation back to the center at the current zoom" (notes). At rest the zoom
    /// on screen; while a move animates toward a known target, the zoom on screen or the one the
    /// move is heading to (both readings are right; the reference editor takes the second). A
    /// recenter that builds on a turn in flight is not judged for where it lands.
    mutating func recenter(_ c: EventContext) {
        adjusted()
        var m = Move(property: .recenterTarget, from: c.before, target: nil, anchor: .zero, turns: c.turningInFlight)
        let centered = { (p: Pose) in Pose(scale: p.scale, translation: .zero, angle: p.angle) }
        if !c.wasAnimating {
            m.target = centered(c.before)
        } else if !c.turningInFlight, moving, let heading = runningMove.target {
            m.target = centered(heading)
            m.otherTarget = centered(c.before)
        }
        start(m, pose: c.pose, animating: c.animating, tick: c.tick)
    }

    /// A dragged slider thumb while a move animates toward a known target: the slider's zoom
    /// about the mask center, from the move landed first (the reference editor) or from the frame
    /// on screen (the move stopped). Nil when not judged (nothing known in flight, or a turn).
    func sliderDragMidMove(scale: Double, _ c: EventContext) -> (landed: Pose, stopped: Pose)? {
        guard c.wasAnimating, !c.turningInFlight, moving, let heading = runningMove.target else { return nil }
        let g = geometry
        return (
            g.anchoredTarget(from: heading, scale: scale, anchor: .zero),
            g.anchoredTarget(from: c.before, scale: scale, anchor: .zero)
        )
    }
}
