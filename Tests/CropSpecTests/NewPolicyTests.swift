import CropModel
import CropSpec
import CropVocabulary
import Testing

/// The policies of issue 31 (docs/bring-your-own-model.md#policies): each alternative passes an
/// editor that declares it and fails one that does not.
@Suite struct NewPolicyTests {
    let o = OracleTests()
    var g: ZoomGeometry { o.geometry }

    // MARK: pinchAnchor

    /// Two fingers dragged far right without zooming (cut at the right bound), then 5 pt back:
    /// the start's image point is still far past the bound (the photo stays); the point under the
    /// previous centroid comes back 5 pt.
    func pinchBackFromTheEdge(_ p: Policies, rebased: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let s = g.initialPose.scale, limit = g.panLimit(scale: s).x
        let edge = Pose(scale: s, translation: Point(x: limit, y: 0))
        let back = rebased ? Pose(scale: s, translation: Point(x: limit - 5, y: 0)) : edge
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false)),
            PuppetScript.Step(
                observation: o.observation(edge, grid: false, instructions: false),
                effects: [.haptic(.lightImpact(.panClampX))]),
            PuppetScript.Step(observation: o.observation(back, grid: false, instructions: false))
        ]
        let c = o.center
        m.apply(
            .pinchBegan(focal: c), .pinchChanged(scale: 1, focal: Point(x: c.x + 5000, y: c.y)),
            .pinchChanged(scale: 1, focal: Point(x: c.x + 4995, y: c.y)))
        return m.properties
    }

    @Test func theAnchorMayBeRebasedApartFromTheZoom() throws {
        #expect(try pinchBackFromTheEdge(Policies(), rebased: false) == [])
        #expect(try pinchBackFromTheEdge(Policies(), rebased: true) == [.focalPointKept])
        let anchorRebased = policies { $0.pinchAnchor = .incremental }
        #expect(try pinchBackFromTheEdge(anchorRebased, rebased: true) == [])
        #expect(try pinchBackFromTheEdge(anchorRebased, rebased: false) == [.focalPointKept])
        // A zoom re-based like `incremental` with the anchor kept from the start.
        let zoomOnly = policies {
            $0.pinchReference = .incremental; $0.pinchAnchor = .fromStart
        }
        #expect(try pinchBackFromTheEdge(zoomOnly, rebased: false) == [])
        #expect(try pinchBackFromTheEdge(zoomOnly, rebased: true) == [.focalPointKept])
    }

    // MARK: degeneratePinch

    /// Both fingers on one point: clamped to s_min with its impact, or ignored.
    func fingersOnOnePoint(_ p: Policies, ignored: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let bottom = Pose(scale: g.sMin, translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false)),
            ignored
                ? PuppetScript.Step(observation: o.observation(g.initialPose, grid: false, instructions: false))
                : PuppetScript.Step(
                    observation: o.observation(bottom, grid: false, instructions: false),
                    effects: [.haptic(.lightImpact(.zoomMin))])
        ]
        m.apply(.pinchBegan(focal: o.center), .pinchChanged(scale: 0, focal: o.center))
        return m.properties
    }

    @Test func aPinchOfSpanZeroIsClampedOrIgnored() throws {
        #expect(try fingersOnOnePoint(Policies(), ignored: false) == [])
        #expect(try fingersOnOnePoint(Policies(), ignored: true).contains(.focalPointKept))
        let ignore = policies { $0.degeneratePinch = .ignore }
        #expect(try fingersOnOnePoint(ignore, ignored: true) == [])
        #expect(try fingersOnOnePoint(ignore, ignored: false).contains(.focalPointKept))
    }

    // MARK: baseDuringMove

    /// An animated slider move to 100 % (s_max), one frame in at a zoom between 2× s_min and
    /// s_max, then a double-tap at the mask center that lands at once: from the frame the next
    /// rung is s_max; from the move's target (s_max) the ladder wraps to 1.0× s_min.
    func doubleTapDuringASliderMove(_ p: Policies, fromTarget: Bool) throws -> [Property] {
        var (m, script) = try o.puppet(policies: p)
        let mid = (2 * g.sMin * g.sMax).squareRoot()
        #expect(mid > 2 * g.sMin * 1.01 && mid < g.sMax * 0.99)
        let landed = Pose(scale: fromTarget ? g.sMin : g.sMax, translation: .zero)
        script.steps = [
            PuppetScript.Step(observation: o.observation(g.initialPose, animating: true)),
            PuppetScript.Step(observation: o.observation(Pose(scale: mid, translation: .zero), animating: true)),
            PuppetScript.Step(observation: o.observation(landed, instructions: false))
        ]
        m.apply(.setZoomSlider(percent: 100, animated: true))
        m.tick()
        m.apply(.doubleTap(at: o.center))
        return m.properties.filter { $0 != .sliderReadsZoom }
    }

    @Test func aDoubleTapDuringAMoveStepsFromTheFrameOrTheTarget() throws {
        #expect(try doubleTapDuringASliderMove(Policies(), fromTarget: false) == [])
        #expect(try doubleTapDuringASliderMove(Policies(), fromTarget: true) == [.doubleTapRung])
        let target = policies { $0.baseDuringMove = .moveTarget }
        #expect(try doubleTapDuringASliderMove(target, fromTarget: true) == [])
        #expect(try doubleTapDuringASliderMove(target, fromTarget: false) == [.doubleTapRung])
    }

    // MARK: densityCap: collapseWhenLow

    @Test func aLowDensityPhotoMayGetNoZoomRange() {
        // 700 × 700 px on an iPhone (σ 3, D ≈ 322 pt): σ / s_min ≈ 2.2 < minPixelPerPoint 3.
        var config = AvatarCropperConfig()
        config.minPixelPerPoint = 3
        let photo = SourceImage(storedWidth: 700, storedHeight: 700)
        let every = SpecGeometry(source: photo, viewport: o.viewport, config: config)
        let collapse = SpecGeometry(
            source: photo, viewport: o.viewport, config: config, policies: policies { $0.densityCap = .collapseWhenLow }
        )
        #expect(every.lowDensity && collapse.lowDensity)
        #expect(every.lowDensityNoticeOwed && !collapse.lowDensityNoticeOwed)
        #expect(collapse.sMax == collapse.sMin && collapse.zoomLimited)
        // Above the density at s_min the limit reading caps nothing.
        let fine = SpecGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: o.viewport, config: .init(),
            policies: policies { $0.densityCap = .collapseWhenLow })
        #expect(fine.sMax == min(fine.sMin * 4, fine.sQuality) && !fine.lowDensityNoticeOwed)
    }

    // MARK: transitionSpring by its parameters

    @Test func aSpringIsDeclaredByItsParametersWithinTheNotesBounds() throws {
        let spring = try #require(Policies.TransitionSpring(rawValue: "k120-zeta0.85"))
        #expect(spring.parameters == .init(stiffness: 120, dampingRatio: 0.85))
        #expect(Policies.TransitionSpring(rawValue: "zeta0.8") == .zeta08)
        for bad in [
            "k5-zeta0.8", "k120-zeta1.5", "k1e2-zeta0.8", "k-zeta0.8", "knan-zeta0.8", "k120-zeta.5", "k120zeta0.8",
            "k120-zeta0.8 ", "k+120-zeta0.8", "k" + String(repeating: "9", count: 400) + "-zeta0.8"
        ] {
            #expect(Policies.TransitionSpring(rawValue: bad) == nil, "\(bad)")
        }
        var p = Policies()
        #expect(throws: UnknownName.self) { try p.set("transitionSpring", to: "k5-zeta0.8") }
        do { try p.set("transitionSpring", to: "k5-zeta0.8") } catch {
            #expect(error.description.contains("k<stiffness>-zeta<ratio>"))
        }
        try p.set("transitionSpring", to: "k120-zeta0.85")
        #expect(p.values.first { $0.name == "transitionSpring" }?.value == "k120-zeta0.85")
    }

    @Test func aDeclaredSpringIsJudgedAgainstItsOwnClosedForm() throws {
        let tests = PolicyTests()
        let stiff = SpringReference(stiffness: 300, dampingRatio: 0.7)
        let declared = policies { $0.transitionSpring = Policies.TransitionSpring(rawValue: "k300-zeta0.7")! }
        #expect(try tests.doubleTap(riding: stiff, frames: 50, declared) == [])
        #expect(try tests.doubleTap(riding: stiff, frames: 50, Policies()).contains(.springTiming))
        #expect(try tests.doubleTap(riding: .transition, frames: 70, declared).contains(.springTiming))
    }

    // MARK: Capabilities at a finer grain

    @Test func capabilityGroupsKeepProtocolOneNames() throws {
        #expect(Capabilities.all.names.contains("rotation") && Capabilities.all.names.contains("tips"))
        #expect(!Capabilities.all.names.contains("twist") && !Capabilities.all.names.contains("announcement"))
        #expect(Capabilities([.twist, .snap]).names == ["twist", "snap"])
        #expect(Capabilities([.notices]).names == ["notices"])
        #expect(try Capabilities(name: "rotation") == .rotation)
        #expect(try Capabilities(name: "tips") == [.notices, .announcement])
        #expect(
            Property.voiceOverAnnounced.isJudged(given: .announcement)
                && !Property.voiceOverAnnounced.isJudged(given: .notices))
        #expect(Property.twistFollowsFingers.isJudged(given: .twist) && !Property.snapOnRelease.isJudged(given: .twist))
        #expect(
            Property.angleGuideShown.isJudged(given: [.twist, .angleGuide])
                && !Property.rotate90Target.isJudged(given: .twist))
    }
}
