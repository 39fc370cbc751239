import CropVocabulary

/// Mapping (R9.1: "normalize EXIF orientation to .up before any math or cropping"): the crop is
/// computed on the upright image, so the stored-grid rect the decoder reads must be exactly the
/// EXIF transform of the upright crop — the four corners and the center of the crop square, mapped
/// with `OrientationReference` (the TIFF/EXIF definition, written independently of the model's
/// `Orientation`), are the stored rect's corners and center. Containment and the size swap alone
/// would accept another orientation's transform.
extension Oracle {
    mutating func checkMapping(_ request: CropRequest, crop: Rect, scale: Double, tick: Int) {
        let w = Double(source.storedWidth), h = Double(source.storedHeight)
        let tolerance = SpecTolerance.pixels * max(w, h)
        func stored(_ x: Double, _ y: Double) -> Point {
            OrientationReference.stored(
                point: Point(x: x, y: y), orientation: source.orientation.rawValue, storedWidth: w, storedHeight: h)
        }
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        let r = request.storedRect
        let corners = [
            Point(x: r.x, y: r.y), Point(x: r.x + r.width, y: r.y), Point(x: r.x, y: r.y + r.height),
            Point(x: r.x + r.width, y: r.y + r.height)
        ]
        let mapped = [
            stored(crop.x, crop.y), stored(crop.x + crop.width, crop.y), stored(crop.x, crop.y + crop.height),
            stored(crop.x + crop.width, crop.y + crop.height)
        ]
        let center = stored(crop.x + crop.width / 2, crop.y + crop.height / 2)
        let cornersMatch =
            mapped.allSatisfy { m in corners.contains { near($0, m) } }
            && corners.allSatisfy { c in mapped.contains { near($0, c) } }
        if !cornersMatch || !near(center, Point(x: r.x + r.width / 2, y: r.y + r.height / 2)) {
            let off = mapped.map { m in corners.map { max(abs($0.x - m.x), abs($0.y - m.y)) }.min() ?? 0 }.max() ?? 0
            fail(
                .storedRectMapping, tick: tick,
                "orientation \(source.orientation.rawValue): stored rect (\(r.x), \(r.y), \(r.width)x\(r.height)) is not the EXIF image of the upright crop (\(crop.x), \(crop.y), \(crop.width)); its corners map to \(mapped.map { "(\($0.x), \($0.y))" }.joined(separator: " "))",
                size: geometry.pixels(
                    photoPixels: max(off, abs(center.x - r.x - r.width / 2), abs(center.y - r.y - r.height / 2)),
                    scale: scale))
        }
    }
}
