import CropModel
import CropVocabulary
import Foundation
import Testing

/// Rotation in the model (docs/rotation.md): exact quarter turns, s_min(θ) as the smallest zoom
/// whose turned output square fits the photo (checked by brute force, not by the formula), the
/// clamp as a projection, the tilt limit, the twist, snapping and the 90° button.
@Suite struct RotationTests {
    let phone = Viewport(width: 393, height: 852, screenScale: 3)
    var rotating: AvatarCropperConfig {
        var c = AvatarCropperConfig()
        c.allowRotation = true
        return c
    }

    func open(_ w: Int = 4032, _ h: Int = 3024, config: AvatarCropperConfig? = nil, reduceMotion: Bool = false) throws
        -> Editor
    {
        try Editor.open(
            source: SourceImage(storedWidth: w, storedHeight: h), viewport: phone, config: config ?? rotating,
            reduceMotion: reduceMotion
        ).editor
    }

    /// The output square's corners in upright pixels, from the pose by the definition
    /// p = t + s·R(θ)·q (plain trigonometry, not `Turn`).
    func corners(_ pose: Pose, _ g: ZoomGeometry) -> [Point] {
        let r = pose.angle * .pi / 180, h = g.maskDiameter / 2
        return [(-h, -h), (h, -h), (h, h), (-h, h)].map { (px, py) in
            let vx = px - pose.translation.x, vy = py - pose.translation.y
            let qx = (cos(r) * vx + sin(r) * vy) / pose.scale, qy = (-sin(r) * vx + cos(r) * vy) / pose.scale
            let k = g.viewport.screenScale
            return Point(x: g.orientedWidth / 2 + qx * k, y: g.orientedHeight / 2 + qy * k)
        }
    }

    func covered(_ pose: Pose, _ g: ZoomGeometry, slack: Double = 1e-6) -> Bool {
        corners(pose, g).allSatisfy {
            $0.x >= -slack && $0.y >= -slack && $0.x <= g.orientedWidth + slack && $0.y <= g.orientedHeight + slack
        }
    }

    @Test func quarterTurnsAreExact() {
        for (degrees, c, s) in [
            (0.0, 1.0, 0.0), (90, 0, 1), (180, -1, 0), (-90, 0, -1), (270, 0, -1), (-180, -1, 0), (450, 0, 1)
        ] {
            let t = Turn(degrees: degrees)
            #expect(t.cos == c && t.sin == s, "\(degrees)°")
        }
        #expect(Turn.normalized(180) == 180 && Turn.normalized(-180) == 180 && Turn.normalized(190) == -170)
        #expect(Turn.tilt(93) == 3 && Turn.tilt(-178) == 2 && Turn.nearestQuarter(-100) == -90)
    }

    /// s_min(θ) is the smallest zoom at which the centered, turned square fits: at it the square
    /// fits, 0.1 % below it a corner leaves the photo.
    @Test(arguments: [0.0, 7, 30, 45, 60, 89, 135, -20, 180])
    func sMinIsTheSmallestCoveringZoom(_ angle: Double) throws {
        let g = try open(4032, 1500).geometry.turned(to: angle)
        let at = Pose(scale: g.sMin, translation: .zero, angle: angle)
        #expect(covered(at, g))
        #expect(!covered(Pose(scale: g.sMin * 0.999, translation: .zero, angle: angle), g))
        #expect(abs(g.sMin / g.uprightSMin - (abs(cos(angle * .pi / 180)) + abs(sin(angle * .pi / 180)))) < 1e-12)
    }

    /// At the tilt limit s_min(θ) meets s_max by construction, within an ulp or two on either side:
    /// the range counts as collapsed, so the slider reads 0 % and a decrement presses against the
    /// end (docs/rotation.md; the fuzz find in Scenarios/regressions/limitHapticOnEntry-tilt-limit-decrement.json).
    @Test func aRangeCollapsedWithinRoundingIsCollapsed() throws {
        let view = Viewport(width: 4000, height: 4000, screenScale: 2)
        let e = try Editor.open(
            source: SourceImage(storedWidth: 3875, storedHeight: 3875), viewport: view, config: rotating
        ).editor
        for angle in [e.geometry.maxTilt, -e.geometry.maxTilt] {
            let g = e.geometry.turned(to: angle)
            #expect(abs(g.sMax / g.sMin - 1) < 1e-9, "\(angle)°: the range is within rounding of collapsed")
            #expect(ZoomSlider.percent(for: g.sMax, in: g) == 0)
            #expect(ZoomSlider.scale(for: -10, in: g) == g.sMin / 2)
            #expect(ZoomSlider.scale(for: 110, in: g) == g.sMax * 2)
        }
    }

    /// Whatever is requested, the clamp's pose covers the output square, and a pose that already
    /// does is kept (a projection moves only what it must).
    @Test func clampAlwaysCoversAndKeepsLegalPoses() throws {
        let g = try open(4032, 1500).geometry
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<2000 {
            let requested = Pose(
                scale: g.uprightSMin * (0.5 + 4 * next()),
                translation: Point(x: 800 * next() - 400, y: 800 * next() - 400),
                angle: 360 * next() - 180)
            let clamped = g.clamp(requested).pose
            #expect(covered(clamped, g), "\(requested) → \(clamped)")
            #expect(g.clamp(clamped).pose.isClose(to: clamped))
        }
    }

    @Test func aTwistTurnsAboutTheCentroidAndStopsNowhereWhenAnyAngleIsAllowed() throws {
        var e = try open()
        // Zoomed in 3× so no pan bound is reached while the photo turns about a point 20 pt off center.
        let focal = Point(x: 216.5, y: 436)
        _ = e.apply(.pinchBegan(focal: focal))
        let under = e.pose.imagePoint(under: focal - phone.center)
        for r in stride(from: 1.0, through: 130, by: 1) {
            _ = e.apply(.twistChanged(scale: 3, rotation: r, focal: focal))
        }
        #expect(e.lastCut.isEmpty)
        #expect(abs(e.pose.angle - 130) < 1e-9)
        let now = e.pose.imagePoint(under: focal - phone.center)
        #expect(abs(now.x - under.x) < 1e-6 && abs(now.y - under.y) < 1e-6, "the centroid's image point stays under it")
    }

    @Test func snapHapticOnEnteringTheWindowAndSnapOnRelease() throws {
        var e = try open(reduceMotion: true)
        _ = e.apply(.pinchBegan(focal: phone.center))
        var haptics: [Haptic] = []
        for r in stride(from: 1.0, through: 20, by: 1) {
            haptics += e.apply(.twistChanged(scale: 1, rotation: r, focal: phone.center)).haptics
        }
        #expect(!haptics.contains(.snap), "leaving the 0° window is silent")
        for r in stride(from: 19.0, through: 3, by: -1) {
            haptics += e.apply(.twistChanged(scale: 1, rotation: r, focal: phone.center)).haptics
        }
        #expect(haptics.filter { $0 == .snap }.count == 1)
        #expect(e.angleGuideVisible)
        _ = e.apply(.pinchEnded)
        #expect(
            e.pose.angle == 0 && !e.angleGuideVisible, "released at 3°: settles on 0° (one frame under Reduce Motion)")
    }

    @Test func aPhotoWithoutZoomRangeToSpareIsTiltLimited() throws {
        // 1024×768 on this phone: s_max/s_min = 1.2, so φ_max = asin(1.2/√2) − 45°.
        var e = try open(1024, 768)
        let phi = asin(1.2 / 2.squareRoot()) * 180 / .pi - 45
        #expect(abs(e.geometry.maxTilt - phi) < 1e-9)
        _ = e.apply(.pinchBegan(focal: phone.center))
        var haptics: [Haptic] = []
        for r in stride(from: 1.0, through: 40, by: 1) {
            haptics += e.apply(.twistChanged(scale: 1, rotation: r, focal: phone.center)).haptics
        }
        #expect(abs(e.pose.angle - phi) < 1e-9)
        #expect(haptics.filter { $0 == .lightImpact(.rotationLimit) }.count == 1)
        #expect(e.pose.scale <= e.zoomGeometry.sMax * (1 + 1e-12) && covered(e.pose, e.geometry))
    }

    @Test func theRotateButtonTurnsClockwiseAboutTheMaskCenterEveryFrameCovered() throws {
        var e = try open()
        _ = e.apply(.panBegan)
        _ = e.apply(.panChanged(delta: Point(x: 30, y: 0)))
        _ = e.apply(.panEnded)
        let center = e.pose.imagePoint(under: .zero)
        _ = e.apply(.rotate90)
        #expect(e.isAnimating)
        while e.isAnimating {
            _ = e.tick()
            #expect(covered(e.pose, e.geometry), "frame at \(e.pose.angle)°")
        }
        #expect(e.pose.angle == 90)
        let after = e.pose.imagePoint(under: .zero)
        #expect(abs(after.x - center.x) < 1e-9 && abs(after.y - center.y) < 1e-9)
    }

    @Test func withoutAllowRotationNothingTurns() throws {
        var e = try open(config: AvatarCropperConfig())
        _ = e.apply(.pinchBegan(focal: phone.center))
        _ = e.apply(.twistChanged(scale: 1, rotation: 40, focal: phone.center))
        _ = e.apply(.pinchEnded)
        _ = e.apply(.rotate90)
        #expect(e.pose.angle == 0 && !e.isAnimating)
    }
}
