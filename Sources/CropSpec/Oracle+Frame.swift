import CropVocabulary

/// After every tick: the frame's safety properties, the tips owed, the slider's reading, where
/// moves land and how they animate.
extension Oracle {
    // MARK: After every tick

    /// After each tick: the frame's invariants, where moves land, the spring's timing, the tips
    /// that must have shown. Returns `wantsSliderReading` for the frame, so that the per-tick
    /// loop need not call back into the oracle for it. The geometry is read in place, not as
    /// `let g = geometry`: a copy of its 19 fields, 24 moves a frame, which the compiler keeps
    /// because the checks call mutating methods between reads.
    @discardableResult
    @usableFromInline mutating func endOfTick(_ editor: Observation, recognizerActive: Bool, tick: Int) -> Bool {
        let pose = editor.pose
        rearm(pose)
        guard pose.isFinite else {
            fail(.finiteState, tick: tick, pose.specDescription)
            return Self.sliderReadingDue(editor, recognizerActive: recognizerActive, lastRead: lastSliderPose)
        }
        let s = pose.scale
        let a = pose.angle
        if s < geometry.sMin(a) * (1 - SpecTolerance.zoom) || s > geometry.sMax(a) * (1 + SpecTolerance.zoom) {
            fail(
                .zoomInRange, tick: tick,
                "scale \(s) outside [\(geometry.sMin(a)), \(geometry.sMax(a))]" + (a == 0 ? "" : " at \(a)°"),
                size: geometry.zoomDeviation(s, from: geometry.clampScale(s, angle: a), angle: a))
        }
        if a != 0 { checkTurn(editor, tick: tick) }
        if geometry.rotationAllowed {
            let guide = editing && pinch?.twisted == true && Self.inWindow(a)
            if editor.angleGuideVisible != guide, !Self.onWindowEdge(a) {
                fail(
                    .angleGuideShown, tick: tick,
                    guide
                        ? "the guide line is hidden while the twist holds \(a)°"
                        : "the guide line shows at \(a)° with no twist in a snap window")
            }
        } else if editor.angleGuideVisible {
            fail(.rotationOnlyWhenAllowed, tick: tick, "the angle guide line shows without allowRotation")
        }
        if geometry.densityEveryZoom && !geometry.lowDensity
            && geometry.sigma / s < geometry.minPixelPerPoint * (1 - SpecTolerance.zoom)
        {
            fail(
                .density, tick: tick, "\(geometry.sigma / s) px/pt at scale \(s), minimum \(geometry.minPixelPerPoint)",
                size: geometry.zoomDeviation(s, from: geometry.sigma / geometry.minPixelPerPoint, angle: a))
        }
        let halfW = geometry.width / geometry.sigma * s / 2, halfH = geometry.height / geometry.sigma * s / 2
        let r = geometry.maskDiameter / 2
        // The circle is round: along the photo's own axes it needs the same room at any turn.
        // R(−θ) is worked out once for the frame: the mask, crop and corner checks all use it.
        let toPhoto = SpecGeometry.Rotation(-a)
        let u = toPhoto.apply(pose.translation)
        if abs(u.x) + r > halfW + SpecTolerance.points || abs(u.y) + r > halfH + SpecTolerance.points {
            failMaskCovered(centre: u, radius: r, room: (halfW, halfH), scale: s, angle: a, tick: tick)
        }
        let crop = geometry.crop(pose, toPhoto: toPhoto)
        let tolerance = SpecTolerance.pixels * max(geometry.width, geometry.height)
        if a == 0
            ? !Self.inside(crop, geometry.width, geometry.height, tolerance)
            : Self.anyOutside(
                geometry.cornerQuad(of: crop, toPhoto: toPhoto), geometry.width, geometry.height, tolerance)
        {
            failOutputSquareCovered(crop, pose: pose, tick: tick)
        }
        if checksModelCrop { checkModelCrop(editor, crop: crop, tolerance: tolerance, tick: tick) }
        checkScreen(editor, recognizerActive: recognizerActive, tick: tick)
        frame(editor, tick: tick)
        return Self.sliderReadingDue(editor, recognizerActive: recognizerActive, lastRead: lastSliderPose)
    }

    /// The mask is uncovered: told along the photo's own axes, where the room is (the view-axis
    /// translation of a turned photo reads as covered), and as the depth of the uncovered part in
    /// points and device pixels: the overshoot while the mask's centre is on the photo, else its
    /// distance from the photo plus the radius. Out of line: only a failing tick gets here.
    @inline(never) private mutating func failMaskCovered(
        centre u: Point, radius r: Double, room: (Double, Double), scale s: Double, angle a: Double, tick: Int
    ) {
        let (halfW, halfH) = room
        let over = (x: abs(u.x) + r - halfW, y: abs(u.y) + r - halfH)
        let off = (x: max(0, abs(u.x) - halfW), y: max(0, abs(u.y) - halfH))
        let depth = off.x == 0 && off.y == 0 ? max(over.x, over.y) : (off.x * off.x + off.y * off.y).squareRoot() + r
        fail(
            .maskCovered, tick: tick,
            "the mask (radius \(r) pt) is uncovered \(depth) pt deep at scale \(s): "
                + "along the photo's axes\(a == 0 ? "" : " (turned \(a)°)") its centre is (\(u.x), \(u.y)) pt from the mask's, "
                + "past the room ±(\(halfW - r), \(halfH - r)) pt by (\(max(0, over.x)), \(max(0, over.y))) pt",
            size: geometry.pixels(points: depth, along: a == 0 ? nil : Point(x: max(0, over.x), y: max(0, over.y))))
    }

    /// The output square leaves the photo: by how far, in photo pixels, along the turned
    /// corners' direction when turned. Out of line: only a failing tick gets here.
    @inline(never) private mutating func failOutputSquareCovered(_ crop: Rect, pose: Pose, tick: Int) {
        let (s, a) = (pose.scale, pose.angle)
        let out =
            a == 0
            ? SpecGeometry.overshoot(crop, geometry.width, geometry.height)
            : SpecGeometry.overshoot(geometry.corners(pose), geometry.width, geometry.height)
        fail(
            .outputSquareCovered, tick: tick,
            "crop (\(crop.x), \(crop.y), side \(crop.width)) turned by \(-a)° outside \(geometry.width)x\(geometry.height)",
            size: geometry.pixels(photoPixels: out.distance, scale: s, along: a == 0 ? nil : out.along))
    }

    /// What the screen shows for the flow so far: the session, the grid, the instructions, and
    /// the tips and notices owed by now.
    @inline(__always) private mutating func checkScreen(_ editor: Observation, recognizerActive: Bool, tick: Int) {
        let session: SessionPhase = editing ? .editing : cancelled ? .cancelled : .confirmed
        if editor.session != session {
            fail(
                .sessionFollowsFlow, tick: tick,
                "the session is \(editor.session.rawValue); the flow so far makes it \(session.rawValue)")
        }
        if editor.session == .editing {
            if recognizerActive && editor.gridVisible {
                fail(.gridHiddenDuringGestures, tick: tick, "grid visible during an active gesture")
            } else if !recognizerActive && config.showGrid && !editor.gridVisible
                && !(gridHiddenDuringMoves && editor.animating)
            {
                fail(.gridHiddenDuringGestures, tick: tick, "grid still hidden with no gesture active")
            }
        }
        if gestureSeen, firstGestureTick == nil { firstGestureTick = tick }
        if editor.instructionsVisible == gestureSeen,
            !(editor.instructionsVisible && tick - (firstGestureTick ?? tick) < instructionsFadeTicks)
        {
            fail(
                .instructionsHiddenAfterFirstGesture, tick: tick,
                gestureSeen
                    ? "instructions still visible after the first gesture" : "instructions hidden before any gesture")
        }
        if geometry.zoomLimited, !zoomLimitedTipShown, !(geometry.densityCollapsed && lowDensityNoticeShown) {
            fail(.zoomLimitedTipShown, tick: tick, "s_max = s_min = \(geometry.sMin) but the tip was never shown")
        }
        if geometry.lowDensityNoticeOwed, !lowDensityNoticeShown {
            fail(
                .lowDensityNoticeShown, tick: tick,
                "σ / s_min = \(geometry.sigma / geometry.sMin) < \(geometry.minPixelPerPoint) but the low-resolution notice was never shown"
            )
        }
    }

    /// The model's own crop rectangle (`Capabilities.cropRect`) is the spec's, and its stored-grid
    /// version lies inside the stored photo.
    @inline(__always) private mutating func checkModelCrop(
        _ editor: Observation, crop: Rect, tolerance: Double, tick: Int
    ) {
        let modelCrop = editor.cropRect
        if abs(modelCrop.x - crop.x) > tolerance || abs(modelCrop.y - crop.y) > tolerance
            || abs(modelCrop.width - crop.width) > tolerance || abs(modelCrop.height - crop.height) > tolerance
        {
            fail(
                .cropRectInSource, tick: tick,
                "model crop (\(modelCrop.x), \(modelCrop.y), \(modelCrop.width)x\(modelCrop.height)) differs from the spec's (\(crop.x), \(crop.y), \(crop.width))",
                size: geometry.pixels(
                    photoPixels: SpecGeometry.cornerDistance(modelCrop, crop), scale: editor.pose.scale))
        }
        let stored = editor.storedCropRect
        if !Self.inside(stored, Double(source.storedWidth), Double(source.storedHeight), tolerance) {
            fail(
                .cropRectInSource, tick: tick,
                "stored crop (\(stored.x), \(stored.y), \(stored.width)x\(stored.height)) outside \(source.storedWidth)x\(source.storedHeight)",
                size: geometry.pixels(
                    photoPixels: SpecGeometry.overshoot(stored, Double(source.storedWidth), Double(source.storedHeight))
                        .distance,
                    scale: editor.pose.scale))
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
            fail(
                .sliderReadsZoom, tick: tick, "slider reads \(sliderPercent) % at scale \(pose.scale); want \(want) %",
                size: g.zoomDeviation(
                    g.sliderScale(sliderPercent, angle: pose.angle), from: pose.scale, angle: pose.angle))
        }
    }

    /// Animation frames: Reduce Motion, the settle bound, the spring, and where a move lands.
    @inline(__always) private mutating func frame(_ editor: Observation, tick: Int) {
        if abs(SpecGeometry.wrap(editor.pose.angle - angle)) > SpecTolerance.degrees, !(moving && runningMove.turns) {
            fail(
                .angleChangesOnlyByRotation, tick: tick,
                "the photo turned from \(angle)° to \(editor.pose.angle)° between frames with no turn running",
                size: geometry.turnDeviation(editor.pose.angle, from: angle))
        }
        angle = editor.pose.angle
        if editor.animating {
            animationTicks += 1
            if reduceMotion {
                fail(.reduceMotionDiscrete, tick: tick, "animating with Reduce Motion on")
            } else if animationTicks > settleBound {
                fail(
                    .animatedFramesValid, tick: tick,
                    "animation still running after \(animationTicks) ticks; the spring settles within \(settleBound)")
            }
            if moving && !runningMove.carried {
                runningMove.frames += 1
                checkSpring(pose: editor.pose, tick: tick)
                checkPath(pose: editor.pose, tick: tick)
            }
        } else {
            animationTicks = 0
            if moving {
                moving = false
                finish(runningMove, pose: editor.pose, tick: tick, "after \(runningMove.frames) frames")
            }
        }
    }

    /// A turned photo: turning at all needs `allowRotation`, and the turn stays within the tilt the
    /// zoom range allows.
    mutating func checkTurn(_ editor: Observation, tick: Int) {
        let a = editor.pose.angle
        let g = geometry
        if !g.rotationAllowed {
            fail(
                .rotationOnlyWhenAllowed, tick: tick, "the photo is turned \(a)° without allowRotation",
                size: g.turnDeviation(a, from: 0))
        } else if abs(SpecGeometry.tilt(a)) > g.maxTilt + 1e-6 {
            let tilt = SpecGeometry.tilt(a)
            fail(
                .tiltWithinLimit, tick: tick,
                "turned \(a)°, \(abs(tilt))° from a quarter turn; the photo's zoom range allows \(g.maxTilt)°",
                size: g.turnDeviation(a, from: a - tilt + (tilt < 0 ? -g.maxTilt : g.maxTilt)))
        }
    }
}
