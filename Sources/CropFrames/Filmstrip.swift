import CropImaging
import CropModel
import CropSim
import CropText
import CropVocabulary

/// Editor frames in the page: the static filmstrip at chosen ticks and the scrubber ("player")
/// that JavaScript redraws at any tick from the embedded per-tick data. Both use one SVG
/// structure whose elements carry `f-…` classes, so the script only moves what the Swift side drew.
package enum Filmstrip {
    /// The photo a scenario's frames show: an SVG symbol (thumbnail image or test pattern) that
    /// every frame references with `<use>`, placed in a zero-size SVG in the section.
    package static func photoDefinitions(id: String, result: RunResult, thumbnail: RGBImage?) -> String {
        guard let g = result.geometry else { return "" }
        var symbol: String
        if let thumbnail, let embedded = Thumbnail.dataURI(thumbnail) {
            symbol =
                "<symbol id=\"\(id)\" viewBox=\"0 0 \(embedded.width) \(embedded.height)\" preserveAspectRatio=\"none\">"
            symbol +=
                "<image href=\"\(embedded.uri)\" width=\"\(embedded.width)\" height=\"\(embedded.height)\" preserveAspectRatio=\"none\"/></symbol>"
        } else {
            symbol = TestPattern.svgSymbol(id: id, width: g.width, height: g.height)
        }
        return "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\(symbol)</defs></svg>"
    }

    /// One frame as SVG in view points, `width` CSS pixels wide.
    static func frame(_ s: FrameScene, photo: String, width: Double) -> String {
        let vw = s.view.width, vh = s.view.height
        let cx = s.maskCenter.x, cy = s.maskCenter.y, r = s.maskRadius
        let height = vw > 0 ? width * vh / vw : width
        var out =
            "<svg class=\"frame-svg\" viewBox=\"0 0 \(svgNumber(vw)) \(svgNumber(vh))\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\">"
        out += "<rect class=\"f-bg\" width=\"\(svgNumber(vw))\" height=\"\(svgNumber(vh))\" fill=\"#111\"/>"
        out +=
            "<use class=\"f-photo\" href=\"#\(photo)\" x=\"\(svgNumber(s.photo.x))\" y=\"\(svgNumber(s.photo.y))\" width=\"\(svgNumber(s.photo.width))\" height=\"\(svgNumber(s.photo.height))\"\(turn(s))/>"
        out +=
            "<path class=\"f-dim\" d=\"\(dimmingPath(vw: vw, vh: vh, cx: cx, cy: cy, r: r))\" fill=\"#000\" fill-opacity=\"\(OverlayStyle.dimmingOpacity)\" fill-rule=\"evenodd\"/>"
        out +=
            "<g class=\"f-grid\" stroke=\"#fff\" stroke-opacity=\"\(FrameScene.gridOpacity)\" stroke-width=\"1\"\(s.gridVisible ? "" : " display=\"none\"")>"
        out +=
            "<line class=\"f-gv\" x1=\"\(svgNumber(cx))\" x2=\"\(svgNumber(cx))\" y1=\"\(svgNumber(cy - r))\" y2=\"\(svgNumber(cy + r))\" vector-effect=\"non-scaling-stroke\"/>"
        out +=
            "<line class=\"f-gh\" x1=\"\(svgNumber(cx - r))\" x2=\"\(svgNumber(cx + r))\" y1=\"\(svgNumber(cy))\" y2=\"\(svgNumber(cy))\" vector-effect=\"non-scaling-stroke\"/></g>"
        out +=
            "<circle class=\"f-ring\" cx=\"\(svgNumber(cx))\" cy=\"\(svgNumber(cy))\" r=\"\(svgNumber(r))\" fill=\"none\" stroke=\"#fff\" stroke-width=\"\(svgNumber(OverlayStyle.strokeWidth))\" vector-effect=\"non-scaling-stroke\"/>"
        if s.rotationAllowed {
            // The thin angle guide line across the view, and the angle label above the circle.
            out +=
                "<line class=\"f-guide\" x1=\"0\" x2=\"\(svgNumber(vw))\" y1=\"\(svgNumber(cy))\" y2=\"\(svgNumber(cy))\" stroke=\"\(Palette.guide)\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"\(s.angleGuideVisible ? "" : " display=\"none\"")/>"
            out +=
                "<text class=\"f-angle\" x=\"\(svgNumber(cx))\" y=\"\(svgNumber(max(cy - r - 14, 18)))\" text-anchor=\"middle\" fill=\"#fff\" font-size=\"17\" font-weight=\"600\"\(s.angleLabelVisible ? "" : " display=\"none\"")>\(FrameScene.angleLabel(s.angle))</text>"
        }
        out +=
            "<text class=\"f-instr\" x=\"\(svgNumber(vw / 2))\" y=\"\(svgNumber(instructionY(cy: cy, r: r, vh: vh)))\" text-anchor=\"middle\" fill=\"#fff\" font-size=\"17\"\(s.instructionVisible ? "" : " display=\"none\"")>\(FrameScene.instruction)</text>"
        out +=
            "<g class=\"f-touches\" fill=\"\(Palette.haptic)\" fill-opacity=\"0.8\" stroke=\"#fff\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\">"
        for t in s.touches {
            out +=
                "<circle cx=\"\(svgNumber(t.x))\" cy=\"\(svgNumber(t.y))\" r=\"\(svgNumber(FrameScene.touchRadius))\"/>"
        }
        return out + "</g></svg>"
    }

    /// The photo's turn about its center, as an SVG transform attribute (none at 0°).
    static func turn(_ s: FrameScene) -> String {
        guard s.angle != 0 else { return "" }
        return
            " transform=\"rotate(\(svgNumber(s.angle, decimals: 3)) \(svgNumber(s.photo.x + s.photo.width / 2)) \(svgNumber(s.photo.y + s.photo.height / 2)))\""
    }

    /// The view with the mask circle cut out (even-odd), which the dimming fills.
    static func dimmingPath(vw: Double, vh: Double, cx: Double, cy: Double, r: Double) -> String {
        "M0 0H\(svgNumber(vw))V\(svgNumber(vh))H0Z M\(svgNumber(cx - r)) \(svgNumber(cy))a\(svgNumber(r)) \(svgNumber(r)) 0 1 0 \(svgNumber(2 * r)) 0a\(svgNumber(r)) \(svgNumber(r)) 0 1 0 \(svgNumber(-2 * r)) 0Z"
    }

    /// The instruction sits under the circle, or inside its bottom when the circle fills the view.
    static func instructionY(cy: Double, r: Double, vh: Double) -> Double { min(cy + r + 34, vh - 16) }

    /// Frames at the selected ticks, each captioned with its tick, time, phase and what happened.
    package static func strip(_ result: RunResult, photo: String) -> String {
        guard let points = FrameScene.imagePoints(result) else { return "" }
        let haptics = Dictionary(grouping: result.haptics, by: \.tick)
        let violations = Dictionary(grouping: result.violations, by: \.tick)
        var out = "<div class=\"filmstrip\">"
        for tick in FrameSelection.ticks(for: result) {
            guard let f = FrameSelection.frame(result.frames, at: tick) else { continue }
            let index = result.frames.firstIndex { $0.tick == f.tick } ?? 0
            var notes: [String] = []
            for v in violations[tick] ?? [] where !notes.contains("✗ \(v.property.rawValue)") {
                notes.append("✗ \(v.property.rawValue)")
            }
            for h in haptics[tick] ?? [] { notes.append("▼ \(h.haptic.name)") }
            let cls = violations[tick] == nil ? "frame" : "frame has-violation"
            out += "<figure class=\"\(cls)\" data-index=\"\(index)\" title=\"Show tick \(f.tick) in the scrubber\">"
            out += frame(FrameScene(f, imagePoints: points), photo: photo, width: 132)
            out += "<figcaption><b>tick \(f.tick)</b> · \(secondsLabel(f.time)) · \(f.phase)"
            if !notes.isEmpty {
                out += "<br><span class=\"notes\">\(escapeMarkup(notes.joined(separator: " ")))</span>"
            }
            out += "</figcaption></figure>"
        }
        return out + "</div>"
    }

    /// The scrubber: a frame, a range input over every tick of the frame log, a play button and a
    /// readout; its data block holds what the script needs to redraw any tick.
    package static func player(_ result: RunResult, photo: String, dataID: String) -> String {
        guard let points = FrameScene.imagePoints(result), let first = result.frames.first else { return "" }
        let n = result.frames.count
        var out = "<div class=\"player\" data-src=\"\(dataID)\" data-photo=\"\(photo)\">"
        out += frame(FrameScene(first, imagePoints: points), photo: photo, width: 220)
        out += "<div class=\"controls\"><button type=\"button\" class=\"play\" aria-label=\"Play\">▶</button>"
        out += "<input type=\"range\" min=\"0\" max=\"\(n - 1)\" value=\"0\" step=\"1\" aria-label=\"Tick\"></div>"
        out +=
            "<output class=\"readout\">tick \(first.tick) · \(secondsLabel(first.time)) · s \(svgNumber(first.pose.scale, decimals: 4))</output>"
        out += "<script type=\"application/json\" id=\"\(dataID)\">\(data(result, imagePoints: points))</script>"
        return out + "</div>"
    }

    /// Per-tick data, column by column: scale, tx, ty, flags (1 grid, 2 instruction), phase
    /// ("i" idle, "p" pan, "z" pinch), touches; view size and mask diameter only where they change.
    static func data(_ result: RunResult, imagePoints: Size) -> String {
        let frames = result.frames
        let contiguous = frames.enumerated().allSatisfy { $0.offset == $0.element.tick }
        var views: [String] = []
        var lastView: (Double, Double, Double)?
        for (i, f) in frames.enumerated() {
            let v = (f.view.width, f.view.height, f.maskDiameter)
            if lastView == nil || lastView! != v {
                views.append("[\(i),\(svgNumber(v.0)),\(svgNumber(v.1)),\(svgNumber(v.2, decimals: 3))]")
                lastView = v
            }
        }
        var out =
            "{\"img\":[\(svgNumber(imagePoints.width, decimals: 4)),\(svgNumber(imagePoints.height, decimals: 4))]"
        if !contiguous { out += ",\"tick\":[\(frames.map { String($0.tick) }.joined(separator: ","))]" }
        out += ",\"scale\":[\(frames.map { svgNumber($0.pose.scale, decimals: 6) }.joined(separator: ","))]"
        out += ",\"tx\":[\(frames.map { svgNumber($0.pose.translation.x) }.joined(separator: ","))]"
        out += ",\"ty\":[\(frames.map { svgNumber($0.pose.translation.y) }.joined(separator: ","))]"
        out += ",\"views\":[\(views.joined(separator: ","))]"
        if frames.first?.rotationAllowed == true {
            out += ",\"angle\":[\(frames.map { svgNumber($0.pose.angle, decimals: 3) }.joined(separator: ","))]"
        }
        // Flags: 1 grid, 2 instruction, 4 angle guide line.
        out +=
            ",\"flags\":\"\(String(frames.map { Character(String((($0.gridVisible ? 1 : 0) | ($0.instructionsVisible ? 2 : 0) | ($0.angleGuideVisible ? 4 : 0)))) }))\""
        out += ",\"phase\":\"\(String(frames.map { $0.phase == "pinch" ? "z" : $0.phase == "pan" ? "p" : "i" }))\""
        out +=
            ",\"touches\":[\(frames.map { "[\($0.touches.map { "\(svgNumber($0.x, decimals: 1)),\(svgNumber($0.y, decimals: 1))" }.joined(separator: ","))]" }.joined(separator: ","))]}"
        return out
    }
}
