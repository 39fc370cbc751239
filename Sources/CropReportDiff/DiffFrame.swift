import CropSim
import CropText

/// A frame of the editor drawn from one line of `frames.jsonl`, for the diff's filmstrips: the
/// photo (a stand-in pattern: a report folder keeps no photo the page could use), the dimming
/// outside the mask circle, the ring, the grid while visible, and the fingers. The geometry is the
/// report's (docs/reports.md): displayed size = photo points × scale, centered at the view's
/// center + translation, turned by the angle about that center.
enum DiffFrame {
    /// The stand-in photo every frame uses: a gradient under a checkerboard with a yellow top-left
    /// cell, so a flip or a turn shows.
    static let photoSymbol = """
        <svg width="0" height="0" aria-hidden="true" style="position:absolute"><defs>\
        <linearGradient id="pg" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#0072B2"/><stop offset="1" stop-color="#009E73"/></linearGradient>\
        <pattern id="pc" width="0.25" height="0.25" patternUnits="objectBoundingBox"><rect width="0.125" height="0.125" fill="#fff" fill-opacity="0.2"/>\
        <rect x="0.125" y="0.125" width="0.125" height="0.125" fill="#fff" fill-opacity="0.2"/></pattern>\
        <symbol id="photo" viewBox="0 0 1 1" preserveAspectRatio="none"><rect width="1" height="1" fill="url(#pg)"/>\
        <rect width="1" height="1" fill="url(#pc)"/><rect width="0.125" height="0.125" fill="#F0E442"/></symbol></defs></svg>
        """

    /// One frame, `width` CSS pixels wide, captioned by the caller.
    static func svg(_ f: FrameSample, photo: PhotoPoints, width: Double) -> String {
        let vw = f.viewWidth, vh = f.viewHeight, cx = vw / 2, cy = vh / 2, r = f.maskDiameter / 2
        let w = photo.width * f.scale, h = photo.height * f.scale, px = cx + f.tx, py = cy + f.ty
        let height = vw > 0 ? width * vh / vw : width
        var out =
            "<svg class=\"frame\" viewBox=\"0 0 \(n(vw)) \(n(vh))\" width=\"\(n(width))\" height=\"\(n(height))\">"
        out += "<rect width=\"\(n(vw))\" height=\"\(n(vh))\" fill=\"#111\"/>"
        let turn = f.angle == 0 ? "" : " transform=\"rotate(\(n(f.angle, 3)) \(n(px)) \(n(py)))\""
        out +=
            "<use href=\"#photo\" x=\"\(n(px - w / 2))\" y=\"\(n(py - h / 2))\" width=\"\(n(w))\" height=\"\(n(h))\"\(turn)/>"
        out +=
            "<path d=\"M0 0H\(n(vw))V\(n(vh))H0Z M\(n(cx - r)) \(n(cy))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0 \(n(-2 * r)) 0Z\" fill=\"#000\" fill-opacity=\"0.92\" fill-rule=\"evenodd\"/>"
        if f.gridVisible {
            out +=
                "<g stroke=\"#fff\" stroke-opacity=\"0.6\" vector-effect=\"non-scaling-stroke\"><line x1=\"\(n(cx))\" x2=\"\(n(cx))\" y1=\"\(n(cy - r))\" y2=\"\(n(cy + r))\"/>"
            out += "<line x1=\"\(n(cx - r))\" x2=\"\(n(cx + r))\" y1=\"\(n(cy))\" y2=\"\(n(cy))\"/></g>"
        }
        out +=
            "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\"/>"
        for t in stride(from: 0, to: f.touchPoints.count - 1, by: 2) {
            out +=
                "<circle cx=\"\(n(f.touchPoints[t]))\" cy=\"\(n(f.touchPoints[t + 1]))\" r=\"22\" fill=\"#E69F00\" fill-opacity=\"0.8\" stroke=\"#fff\" stroke-width=\"4\"/>"
        }
        return out + "</svg>"
    }

    /// The frame shown for `tick`: that tick's, or the last one before it (a run may end earlier).
    static func frame(_ frames: [FrameSample], at tick: Int) -> FrameSample? {
        frames.last { $0.tick <= tick } ?? frames.first
    }

    /// The ticks a pair of filmstrips shows: seven evenly spaced over the longer run, and the first
    /// tick where the runs part.
    static func ticks(lastTick: Int, firstDifference: Int?) -> [Int] {
        var chosen = Set((0..<7).map { Int((Double($0) * Double(lastTick) / 6).rounded()) })
        if let t = firstDifference { chosen.insert(min(max(t, 0), lastTick)) }
        return chosen.sorted()
    }

    static func n(_ x: Double, _ decimals: Int = 2) -> String { formatFixed(x, decimals: decimals) }
}
