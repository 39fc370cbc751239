import CropVocabulary

/// Pinches and twists: where every update must put the photo (R2.2, the notes' pinch; policies
/// `pinchReference`, `pinchAnchor`, `degeneratePinch`), and the snap windows a twist enters.
extension Oracle {
    /// The pinch's pose: zoom = start × span ratio, clamped; the start's centroid point under the
    /// current centroid at that zoom; then the translation clamped. Under policies
    /// `pinchReference` / `pinchAnchor: incremental` the zoom / the anchored point are re-based on
    /// the pose the update before left. Returns the request for `pressed`, or nil when it lies
    /// within every limit.
    mutating func checkPinch(_ w: PinchWatch, factor: Double, focal: Point, before: Pose, pose: Pose, tick: Int)
        -> Pose?
    {
        if factor == 0 && policies.degeneratePinch == .ignore {
            // Both fingers on one point (policy `degeneratePinch: ignore`): the update is dropped.
            if !SpecTolerance.same(pose, before) {
                fail(
                    .focalPointKept, tick: tick,
                    "a pinch update with span ratio 0 is ignored (policy degeneratePinch), but it moved the photo from \(before.specDescription) to \(pose.specDescription)",
                    size: geometry.deviation(pose, from: before))
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
            fail(
                .focalPointKept, tick: tick,
                "pinch factor \(factor) at (\(focal.x), \(focal.y)) should give \(expected.specDescription), got \(pose.specDescription)",
                size: g.deviation(pose, from: expected))
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

    /// The pinch is over (ended, cancelled, landed by a 90° tap, or editing stopped): nothing of
    /// it is judged further, and the next twist starts its snap watch afresh.
    mutating func endPinch() {
        pinch = nil
        inSnapWindow = false
        snapEntryUndecided = false
    }

    /// Starts judging snap entries from `angle`: a start within rounding of a window's edge leaves
    /// open whether the photo is in (see `onWindowEdge`).
    mutating func startSnapWatch(at angle: Double) {
        inSnapWindow = Self.inWindow(angle)
        snapEntryUndecided = Self.onWindowEdge(angle)
    }

    /// A twist: the turn follows the fingers from where the twist was recognized, held within the
    /// tilt limit around the pinch's home quarter; zoom as in a pinch at that turn; the start's
    /// centroid point under the current centroid; then clamped. Entering a snap window owes one
    /// snap haptic; the guide line's state follows (`angleGuideShown`, judged per tick).
    mutating func checkTwist(
        _ w: PinchWatch, factor: Double, rotation: Double, focal: Point, before: Pose, pose: Pose,
        effects: [EditorEffect], tick: Int
    ) -> Pose {
        var watch = w
        let g = geometry
        if !watch.twisted {
            watch.twisted = true
            startSnapWatch(at: before.angle)
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
            fail(
                .twistFollowsFingers, tick: tick,
                "twist by \(rotation)° (factor \(factor)) at (\(focal.x), \(focal.y)) should give \(expected.specDescription), got \(pose.specDescription)",
                size: g.deviation(pose, from: expected))
        }
        let snaps = effects.filter { $0 == .haptic(.snap) }.count
        if Self.onWindowEdge(pose.angle) {
            // Within rounding of the window's edge either answer is right; the editor's answer
            // (did it buzz?) decides whether the twist is in.
            if snaps > 1 { fail(.snapHapticOnEntry, tick: tick, "\(snaps) snap haptics at once at \(pose.angle)°") }
            inSnapWindow = inSnapWindow || snaps == 1
            if snaps == 1 { snapEntryUndecided = false }
        } else {
            let inside = Self.inWindow(pose.angle)
            let entering = inside && !inSnapWindow
            // From a start on the edge, the first move inward may buzz once or not at all.
            let allowed = inside && snapEntryUndecided ? 0...1 : entering ? 1...1 : 0...0
            if !allowed.contains(snaps) {
                fail(
                    .snapHapticOnEntry, tick: tick,
                    entering
                        ? "the twist entered the snap window at \(pose.angle)° with \(snaps) snap haptics; one is owed"
                        : "\(snaps) snap haptics at \(pose.angle)° without entering a snap window")
            }
            inSnapWindow = inside
            snapEntryUndecided = false
        }
        return Pose(scale: requestedScale, translation: anchored, angle: requestedAngle)
    }
}
