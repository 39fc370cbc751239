import CropVocabulary

/// The crop request and the confirm's own obligations (R5.5, R9.1, R1.4–R9.4, R3.3, R11.3).
extension Oracle {
    mutating func checkCrop(_ request: CropRequest, pose: Pose, tick: Int) {
        let g = geometry
        let crop = g.crop(pose)
        if crop.width < g.requiredCropSide * (1 - SpecTolerance.zoom) {
            fail(
                .confirmable, tick: tick,
                "confirmed a crop of \(crop.width) px per side; at least \(g.requiredCropSide) required")
        }
        let tolerance = SpecTolerance.pixels * max(g.width, g.height)
        let r = request.rect
        if abs(r.x - crop.x) > tolerance || abs(r.y - crop.y) > tolerance || abs(r.width - crop.width) > tolerance
            || abs(r.height - crop.height) > tolerance
        {
            fail(
                .confirmable, tick: tick,
                "crop request (\(r.x), \(r.y), \(r.width)x\(r.height)) differs from the mask's square (\(crop.x), \(crop.y), \(crop.width))",
                size: g.pixels(photoPixels: SpecGeometry.cornerDistance(r, crop), scale: pose.scale))
        }
        if !Self.inside(request.storedRect, Double(source.storedWidth), Double(source.storedHeight), tolerance) {
            fail(
                .cropRectInSource, tick: tick,
                "stored crop rect \(request.storedRect) outside \(source.storedWidth)x\(source.storedHeight)",
                size: g.pixels(
                    photoPixels: SpecGeometry.overshoot(
                        request.storedRect, Double(source.storedWidth), Double(source.storedHeight)
                    ).distance,
                    scale: pose.scale))
        }
        if request.outputSize != config.outputSize || request.encoding != config.encoding
            || request.orientation != source.orientation
        {
            fail(
                .cropRequestMatchesConfig, tick: tick,
                "crop request for \(request.outputSize) px \(request.encoding), orientation \(request.orientation.rawValue); want \(config.outputSize) px \(config.encoding), orientation \(source.orientation.rawValue)"
            )
        }
        if request.fromThumbnail != memoryWarned {
            fail(
                .memoryFallbackUsesThumbnail, tick: tick,
                memoryWarned
                    ? "a memory warning came before confirm but the crop uses the original"
                    : "the crop uses the thumbnail without a memory warning")
        }
        checkMapping(request, crop: crop, scale: pose.scale, tick: tick)
        if abs(SpecGeometry.wrap(request.angle - pose.angle)) > SpecTolerance.degrees {
            fail(
                .cropTurnMatchesPose, tick: tick,
                "the crop request turns the output by \(request.angle)°; the photo is at \(pose.angle)°",
                size: g.turnDeviation(request.angle, from: pose.angle))
        }
        let outside = g.corners(pose).filter { Self.outside($0, g.width, g.height, tolerance) }
        if !outside.isEmpty {
            let out = SpecGeometry.overshoot(outside, g.width, g.height)
            fail(
                .cropTurnMatchesPose, tick: tick,
                "the turned output square has corners outside \(g.width)x\(g.height): \(outside.map { "(\($0.x), \($0.y))" }.joined(separator: " "))",
                size: g.pixels(photoPixels: out.distance, scale: pose.scale, along: pose.angle == 0 ? nil : out.along))
        }
    }

    /// Whether point `p` lies outside `w × h` by more than `tolerance`.
    static func outside(_ p: Point, _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        p.x < -tolerance || p.y < -tolerance || p.x > w + tolerance || p.y > h + tolerance
    }

    /// Whether a corner of the turned output square lies outside `w × h` (the per-frame form of
    /// the filter in `checkCrop`, without an array).
    static func anyOutside(_ c: (Point, Point, Point, Point), _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        outside(c.0, w, h, tolerance) || outside(c.1, w, h, tolerance) || outside(c.2, w, h, tolerance)
            || outside(c.3, w, h, tolerance)
    }

    static func inside(_ r: Rect, _ w: Double, _ h: Double, _ tolerance: Double) -> Bool {
        r.x >= -tolerance && r.y >= -tolerance && r.x + r.width <= w + tolerance && r.y + r.height <= h + tolerance
    }

    /// The confirm's obligations: success haptic (R3.3), the memory-fallback notice (R11.3).
    mutating func confirmed(pose: Pose, effects: [EditorEffect], tick: Int) {
        if !effects.contains(.haptic(.success)) {
            fail(.successHapticOnConfirm, tick: tick, "confirm without the success haptic")
        }
        let notice = effects.contains(.show(.memoryFallback))
        if memoryWarned && !notice && shown[.memoryFallback, default: 0] == 0 {
            fail(
                .memoryFallbackNoticeShown, tick: tick,
                "the crop falls back to the thumbnail but \"\(Message.memoryFallback.text)\" was not shown")
        } else if !memoryWarned && notice {
            fail(.memoryFallbackNoticeShown, tick: tick, "the memory-fallback notice shown without a memory warning")
        }
    }
}
