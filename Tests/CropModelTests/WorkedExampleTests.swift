import CropModel
import CropVocabulary
import Testing

/// Numbers computed by hand from the spec's "Zoom & Pan Math" (see docs/editor-model.md).
@Suite struct WorkedExampleTests {
    let phone = Viewport(width: 393, height: 852, screenScale: 3)

    @Test func twelveMegapixelPhotoOnAPhone() throws {
        let g = ZoomGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: phone, config: .init())
        // D = 0.82 × 393 = 322.26 pt; D·σ = 966.78 px.
        #expect(g.maskDiameter.isClose(to: 322.26))
        #expect(g.sMin.isClose(to: 966.78 / 3024))  // 0.3197…
        #expect(g.sQuality.isClose(to: 966.78 / 640))  // 1.5106
        #expect(g.sDensity == 3)
        #expect(g.sMax.isClose(to: 4 * 966.78 / 3024))  // the 4× multiplier binds
        #expect(g.bindingCap == .maxZoomMultiplier)
        #expect(!g.zoomLimited && !g.lowDensity && !g.qualityClampEngaged)
        #expect(g.initialPose.scale.isClose(to: 1.05 * 966.78 / 3024))
        // At the initial pose the crop is 3024 / 1.05 = 2880 px, centered.
        let crop = g.cropRect(for: g.initialPose)
        #expect(crop.width.isClose(to: 2880))
        #expect(crop.x.isClose(to: (4032 - 2880) / 2))
        #expect(crop.y.isClose(to: (3024 - 2880) / 2))
        // dispW = 1344 × 0.3356875 = 451.164 pt; (451.164 − 322.26) / 2 = 64.452.
        #expect(g.panLimit(scale: g.initialPose.scale).x.isClose(to: 64.452))
    }

    @Test func fiveHundredPixelPhotoIsAcceptedWithTheQualityTip() throws {
        let (editor, effects) = try Editor.open(
            source: SourceImage(storedWidth: 500, storedHeight: 500), viewport: phone)
        let g = editor.geometry
        #expect(g.sMin.isClose(to: 966.78 / 500))  // 1.93356
        #expect(g.sQuality < g.sMin)
        #expect(g.sMax == g.sMin && g.zoomLimited && g.qualityClampEngaged)
        #expect(editor.pose.scale == g.sMin)  // min(1.05 s_min, s_max)
        #expect(effects.contains(.show(.zoomLimitedByQuality)))
        // R5.5 vs R1.2: the crop holds all 500 px the photo has, which we accept (see docs).
        #expect(g.cropSide(scale: g.sMin).isClose(to: 500))
        #expect(g.isConfirmable(editor.pose))
    }

    @Test func iPadWhereTheDensityCapBinds() {
        let iPad = Viewport(width: 1024, height: 1366, screenScale: 2)
        let g = ZoomGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: iPad, config: .init())
        // D = 839.68 pt; s_min = 1679.36 / 3024 = 0.5553; 4 s_min = 2.2214; s_quality = 2.624; s_density = 2.
        #expect(g.sMin.isClose(to: 1679.36 / 3024))
        #expect(g.sMax == 2)
        #expect(g.bindingCap == .density)
        #expect(g.pixelsPerPoint(scale: g.sMax) == 1)
    }

    @Test func orientationSixSwapsTheAxesAndMapsTheCropBack() {
        let g = ZoomGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right),
            viewport: phone, config: .init())
        #expect(g.orientedWidth == 3024 && g.orientedHeight == 4032)
        let pose = Pose(scale: 2 * g.sMin, translation: Point(x: 10, y: -20))
        let crop = g.cropRect(for: pose)
        let k = 3 / pose.scale
        #expect(crop.width.isClose(to: 966.78 / pose.scale))
        #expect((crop.x + crop.width / 2).isClose(to: 1512 - 10 * k))
        #expect((crop.y + crop.height / 2).isClose(to: 2016 + 20 * k))
        // Orientation 6 shows the stored grid turned 90° clockwise: upright (x', y') is stored (y', H − x').
        let stored = g.storedCropRect(for: pose)
        #expect(stored.x.isClose(to: crop.y))
        #expect(stored.y.isClose(to: 3024 - crop.maxX))
        #expect(stored.width.isClose(to: crop.height))
    }

    @Test func lowDensityPhotoIsAcceptedWithAWarning() throws {
        let (editor, effects) = try Editor.open(
            source: SourceImage(storedWidth: 320, storedHeight: 400),
            viewport: Viewport(width: 393, height: 852, screenScale: 1))
        #expect(editor.geometry.lowDensity)
        #expect(editor.geometry.sMax == editor.geometry.sMin)
        #expect(effects == [.announce(.voiceOverIntro), .show(.zoomLimitedByQuality), .show(.lowDensity)])
    }

    @Test func photosUnder320PixelsAreRefusedWithTheSpecsMessage() {
        #expect(throws: OpenError.rejected(.tooSmall(shortSide: 319))) {
            try Editor.open(source: SourceImage(storedWidth: 319, storedHeight: 4000), viewport: phone)
        }
        #expect(
            OpenError.rejected(.tooSmall(shortSide: 319)).description == "This photo is too small for a profile picture"
        )
        #expect((try? Editor.open(source: SourceImage(storedWidth: 320, storedHeight: 320), viewport: phone)) != nil)
    }

    @Test func invalidConfigurationNamesTheField() {
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = .nan
        #expect(
            throws: OpenError.invalid(
                InvalidInput(field: "maxZoomMultiplier", reason: "must be a finite number ≥ 1, got nan"))
        ) {
            try Editor.open(source: SourceImage(storedWidth: 1000, storedHeight: 1000), viewport: phone, config: config)
        }
    }

    @Test func doubleTapLadderMergesEqualSteps() {
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = 1.8
        let g = ZoomGeometry(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024), viewport: phone, config: config)
        let levels = DoubleTapLadder.levels(in: g).map { $0 / g.sMin }
        #expect(levels.count == 3)
        #expect(levels[0].isClose(to: 1) && levels[1].isClose(to: 1.5) && levels[2].isClose(to: 1.8))
        #expect(DoubleTapLadder.next(after: g.sMax, in: g) == g.sMin)
    }

    @Test func everyOrientationMapsTheWholeImageOntoTheWholeStoredGrid() {
        for o in Orientation.allCases {
            let (w, h) = o.orientedSize(storedWidth: 400, storedHeight: 300)
            let r = o.storedRect(
                fromOriented: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), storedWidth: 400, storedHeight: 300
            )
            #expect(r == Rect(x: 0, y: 0, width: 400, height: 300), "orientation \(o.rawValue)")
        }
    }

    @Test func orientationMappingMovesTheTopLeftMarkerWhereEXIFSays() {
        // The upright top-left pixel's stored location for each EXIF orientation of a 400×300 grid.
        let expected: [Orientation: Point] = [
            .up: Point(x: 0, y: 0), .upMirrored: Point(x: 400, y: 0), .down: Point(x: 400, y: 300),
            .downMirrored: Point(x: 0, y: 300), .leftMirrored: Point(x: 0, y: 0), .right: Point(x: 0, y: 300),
            .rightMirrored: Point(x: 400, y: 300), .left: Point(x: 400, y: 0)
        ]
        for (o, p) in expected {
            #expect(
                o.storedPoint(fromOriented: .zero, storedWidth: 400, storedHeight: 300) == p,
                "orientation \(o.rawValue)")
        }
    }
}

extension Double {
    func isClose(to other: Double, relative: Double = 1e-9) -> Bool {
        abs(self - other) <= relative * Swift.max(1, abs(self), abs(other))
    }
}
