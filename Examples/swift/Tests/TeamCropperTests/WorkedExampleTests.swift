import CropVocabulary
import TeamCropper
import Testing

/// The spec's worked numbers, checked on TeamEditor directly through its public surface
/// (`EditorModel`): an iPhone 15 view, 393 × 852 pt at σ 3, with the default config.
@Suite struct WorkedExampleTests {
    static let iPhone15 = Viewport(width: 393, height: 852, screenScale: 3)

    static func open(
        _ width: Int, _ height: Int, orientation: Orientation = .up, view: Viewport = iPhone15,
        config: AvatarCropperConfig = .init()
    ) throws -> (editor: TeamEditor, effects: [EditorEffect]) {
        var effects: [EditorEffect] = []
        let request = OpenRequest(
            source: SourceImage(storedWidth: width, storedHeight: height, orientation: orientation),
            viewport: view, config: config)
        return (try TeamEditor.open(request, effects: &effects), effects)
    }

    /// D = 0.82 × 393 = 322.26 pt; s_min = max(D / (4000/3), D / (3000/3)) = 0.32226: the short
    /// side covers the mask. s_quality = 322.26 × 3 / (512 × 1.25) = 1.51059375, so 4 × s_min binds.
    @Test func coverAndQualityScalesOfA12MPPhoto() throws {
        let (editor, _) = try Self.open(4000, 3000)
        let r = editor.readout
        #expect(r.maskDiameter! == 0.82 * 393)
        #expect(abs(r.sMin! - 0.32226) < 1e-15)
        #expect(abs(r.sMax! - 4 * 0.32226) < 1e-15)
        #expect(r.zoomLimited == false && r.lowDensity == false)
        // UX Polish: open at 1.05 × s_min, centered.
        #expect(editor.pose == Pose(scale: r.sMin! * 1.05, translation: .zero))
    }

    /// At s_min the displayed photo is 4000/3 × 0.32226 = 429.68 pt wide: it may move
    /// (429.68 − 322.26) / 2 = 53.71 pt either way, and not at all vertically. A drag past the
    /// bound stops on it exactly, with one light impact (R2.4, R8.3, R3.2).
    @Test func panClampAtCoverScale() throws {
        var (editor, _) = try Self.open(4000, 3000)
        var effects: [EditorEffect] = []
        editor.apply(.setZoomSlider(percent: 0, animated: false), into: &effects)
        let limit = try #require(editor.readout.panLimit)
        #expect(abs(limit.x - 53.71) < 1e-9 && limit.y == 0)

        editor.apply(.panBegan, into: &effects)
        editor.apply(.panChanged(delta: Point(x: 500, y: 40)), into: &effects)
        #expect(editor.pose.translation == Point(x: limit.x, y: 0))
        #expect(effects == [.haptic(.lightImpact(.panClampX)), .haptic(.lightImpact(.panClampY))])

        effects = []
        editor.apply(.panChanged(delta: Point(x: 30, y: 0)), into: &effects)  // still on the bound: no repeat
        #expect(effects.isEmpty)
        #expect(editor.observation.gridVisible == false)  // R6.2
        editor.apply(.panEnded, into: &effects)
        #expect(editor.observation.gridVisible && !editor.observation.instructionsVisible)
    }

    /// At s_min the crop is the photo's whole short side, centered: 3000 px at x = 500.
    @Test func cropAtCoverScaleIsTheShortSide() throws {
        var (editor, _) = try Self.open(4000, 3000)
        var effects: [EditorEffect] = []
        editor.apply(.setZoomSlider(percent: 0, animated: false), into: &effects)
        let crop = editor.observation.cropRect
        #expect(abs(crop.width - 3000) < 1e-9 && abs(crop.x - 500) < 1e-9 && abs(crop.y) < 1e-9)
    }

    /// R1.3, R11.1: under 320 px on the short side the photo is refused with the friendly text.
    @Test func aPhotoUnder320PixelsIsRefused() throws {
        #expect(throws: OpenRefusal(message: "This photo is too small for a profile picture")) {
            try Self.open(319, 4000)
        }
        _ = try Self.open(320, 320)
    }

    /// R8.4: a 500 × 700 photo has s_quality under s_min, so s_max = s_min and the tip shows once.
    @Test func aSmallPhotoOpensZoomLimitedWithOneTip() throws {
        let (editor, effects) = try Self.open(500, 700)
        #expect(editor.readout.zoomLimited == true && editor.readout.sMax == editor.readout.sMin)
        #expect(effects == [.announce(.voiceOverIntro), .show(.zoomLimitedByQuality)])
    }

    /// Density on every zoom: a 12 MP photo on an iPad Pro (1024 × 1366 pt, σ 2) stops at
    /// σ / minPixelPerPoint = 2.0, under 4 × s_min ≈ 2.22.
    @Test func theDensityCapBindsOnAnIPad() throws {
        let (editor, _) = try Self.open(4032, 3024, view: Viewport(width: 1024, height: 1366, screenScale: 2))
        #expect(editor.readout.sMax == 2.0)
        #expect(editor.readout.sMin! * 4 > 2.2)
    }

    /// R9.1: EXIF 6 swaps the axes before any math, and the crop maps back onto the stored grid.
    @Test func orientationSixIsCroppedUpright() throws {
        let (editor, _) = try Self.open(4032, 3024, orientation: .right)
        let o = editor.observation
        #expect(abs(editor.readout.sMin! - 322.26 / (3024.0 / 3)) < 1e-15)  // upright 3024 wide
        #expect(abs(o.cropRect.width - o.storedCropRect.height) < 1e-9)
        #expect(abs(o.storedCropRect.x - o.cropRect.y) < 1e-9)
    }

    /// Policy transitionSpring zeta0.7: a double-tap rides the spring and lands exactly on its
    /// rung, 1.5 × s_min from 1.05 × s_min.
    @Test func aDoubleTapLandsOnTheNextRung() throws {
        var (editor, _) = try Self.open(4000, 3000)
        var effects: [EditorEffect] = []
        editor.apply(.doubleTap(at: Point(x: 196.5, y: 426)), into: &effects)
        #expect(editor.isAnimating)
        var ticks = 0
        while editor.isAnimating && ticks < 200 {
            editor.tick(into: &effects)
            ticks += 1
        }
        #expect(ticks == 72)  // 1.2 s
        #expect(editor.pose == Pose(scale: editor.readout.sMin! * 1.5, translation: .zero))
        #expect(effects.isEmpty)  // moves never buzz
    }
}
